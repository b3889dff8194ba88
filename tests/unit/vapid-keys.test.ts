import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { keepVapidKeys, resolveVapidKeys } from '#app/lib/vapid-keys.server.ts'

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-'))
const CONFIGURED = { publicKey: `B${'A'.repeat(86)}`, privateKey: 'A'.repeat(43) }

describe('VAPID keys', () => {
  test('made once in the data folder, private, and the same on every later start', () => {
    const dataDir = path.join(folder(), 'data')
    const first = resolveVapidKeys(undefined, dataDir)
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65)
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32)
    expect(resolveVapidKeys(undefined, dataDir)).toEqual(first)
    expect(fs.statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o077).toBe(0)
    // Only the file itself is left behind.
    expect(fs.readdirSync(dataDir)).toEqual(['vapid-keys.json'])
  })

  test('configured keys win and write nothing', () => {
    const dataDir = folder()
    expect(resolveVapidKeys(CONFIGURED, dataDir)).toEqual(CONFIGURED)
    expect(fs.readdirSync(dataDir)).toEqual([])
  })

  test('a damaged file is not silently replaced: subscribers would lose their pushes', () => {
    const dataDir = folder()
    fs.writeFileSync(path.join(dataDir, 'vapid-keys.json'), '{"publicKey":')
    expect(() => resolveVapidKeys(undefined, dataDir)).toThrow(/vapid-keys\.json is damaged/)
  })

  test('a restore keeps the archived keys, or says which settings to change', () => {
    const dataDir = folder()
    resolveVapidKeys(undefined, dataDir)
    expect(keepVapidKeys(CONFIGURED, undefined, dataDir)).toBe('')
    expect(resolveVapidKeys(undefined, dataDir)).toEqual(CONFIGURED)
    expect(keepVapidKeys(CONFIGURED, CONFIGURED, dataDir)).toBe('')
    expect(keepVapidKeys(CONFIGURED, { ...CONFIGURED, privateKey: 'B'.repeat(43) }, dataDir)).toMatch(/^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY differ/)
    // An archive from before push notifications has none: the site's own stay.
    expect(keepVapidKeys(null, undefined, dataDir)).toBe('')
    expect(resolveVapidKeys(undefined, dataDir)).toEqual(CONFIGURED)
  })
})
