import ipaddr from 'ipaddr.js'

/**
 * The unit that per-visitor limits count by. An IPv4 address stands for
 * itself; an IPv6 address for its /64 network, because a home or a server is
 * given a whole /64 and can move through it at will; an IPv4 address written
 * as IPv4-mapped IPv6 counts as the IPv4 address. Anything else (an unknown
 * address is empty) is kept as it is.
 */
export function clientAddressGroup(address: string): string {
  if (!ipaddr.isValid(address)) return address
  const parsed = ipaddr.process(address)
  if (parsed instanceof ipaddr.IPv4) return parsed.toString()
  const network = new ipaddr.IPv6([...parsed.parts.slice(0, 4), 0, 0, 0, 0])
  return `${network.toString()}/64`
}
