import { describe, expect, test } from 'vitest'
import { clientAddressGroup } from '#app/lib/client-address-group.ts'

describe("the client's address group, the unit of per-visitor limits", () => {
  test('an IPv4 address is its own group', () => {
    expect(clientAddressGroup('203.0.113.7')).toBe('203.0.113.7')
    expect(clientAddressGroup('203.0.113.8')).not.toBe(clientAddressGroup('203.0.113.7'))
  })

  test('IPv6 addresses of one /64 share a group, however they are written', () => {
    const group = clientAddressGroup('2001:db8:1:2::1')
    expect(clientAddressGroup('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(group)
    expect(clientAddressGroup('2001:0DB8:0001:0002:abcd:0:0:9')).toBe(group)
    expect(clientAddressGroup('2001:db8:1:3::1')).not.toBe(group)
    expect(clientAddressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
  })

  test('an IPv4-mapped IPv6 address counts as its IPv4 address', () => {
    expect(clientAddressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientAddressGroup('::ffff:cb00:7107')).toBe('203.0.113.7')
  })

  test('an IPv6 zone does not make a new group', () => {
    expect(clientAddressGroup('fe80::1%eth0')).toBe(clientAddressGroup('fe80::2'))
  })

  test('something that is not an address (an unknown one is empty) is kept as it is', () => {
    expect(clientAddressGroup('')).toBe('')
    expect(clientAddressGroup('not-an-address')).toBe('not-an-address')
  })
})
