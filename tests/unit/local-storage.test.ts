import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { afterAll, describe, expect, test } from 'vitest'
import { createLocalStorage } from '#app/lib/storage/local-storage.server.ts'
import { InvalidKeyError, parsePublicUrl, publicUrl } from '#app/lib/storage/storage.ts'

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'school-storage-'))
const storage = createLocalStorage(root)
afterAll(() => fs.rm(root, { recursive: true, force: true }))

describe('local disk storage', () => {
  test('round-trips a file and deletes it', async () => {
    const body = new TextEncoder().encode('%PDF-1.4 hello')
    await storage.put('policies', '1700000000000.pdf', body, 'application/pdf')
    const stored = await storage.get('policies', '1700000000000.pdf')
    expect(stored).not.toBeNull()
    expect(stored!.contentType).toBe('application/pdf')
    expect(stored!.size).toBe(body.byteLength)
    expect(await text(stored!.body)).toBe('%PDF-1.4 hello')
    expect(await fs.readFile(path.join(root, 'policies', '1700000000000.pdf'), 'utf8')).toBe('%PDF-1.4 hello')

    await storage.delete('policies', '1700000000000.pdf')
    expect(await storage.get('policies', '1700000000000.pdf')).toBeNull()
  })

  test('keeps folder keys inside their bucket', async () => {
    await storage.put('gallery', 'events/abc.webp', new Uint8Array([1, 2, 3]), 'image/webp')
    expect((await storage.get('gallery', 'events/abc.webp'))?.size).toBe(3)
    expect(await storage.get('uploads', 'events/abc.webp')).toBeNull()
  })

  test.each(['../secret.txt', 'a/../../etc/passwd', '/etc/passwd', '..', 'a/..', 'a\\..\\b', '.hidden', 'a//b', '', 'x/%2e%2e/y', 'a\u0000b'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put('gallery', key, new Uint8Array([1]), 'image/png')).rejects.toThrow(InvalidKeyError)
      await expect(storage.get('gallery', key)).rejects.toThrow(InvalidKeyError)
      await expect(storage.delete('gallery', key)).rejects.toThrow(InvalidKeyError)
    },
  )

  test('lists the keys of one bucket, in folders too, without half-written files', async () => {
    await storage.put('blogs', 'cover.webp', new Uint8Array([1]), 'image/webp')
    await storage.put('blogs', 'covers/2026/big.webp', new Uint8Array([1]), 'image/webp')
    await fs.writeFile(path.join(root, 'blogs', 'cover.webp.123.456.partial'), 'half')
    expect((await Array.fromAsync(storage.list('blogs'))).sort()).toEqual(['cover.webp', 'covers/2026/big.webp'])
    expect(await Array.fromAsync(storage.list('uploads'))).toEqual([])
  })

  test('a file whose extension names a property of every object is served as plain bytes', async () => {
    for (const extension of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const key = `odd.${extension}`
      await storage.put('uploads', key, new Uint8Array([1]), 'application/octet-stream')
      const stored = await storage.get('uploads', key)
      stored?.body.destroy()
      expect(stored?.contentType, key).toBe('application/octet-stream')
    }
  })

  test('nothing was written outside the storage root', async () => {
    const outside = await fs.readdir(path.dirname(root))
    expect(outside).not.toContain('secret.txt')
  })

  test('public URLs are stable and parse back', () => {
    expect(publicUrl('gallery', 'events/abc.webp')).toBe('/files/gallery/events/abc.webp')
    expect(parsePublicUrl('/files/gallery/events/abc.webp')).toEqual({ bucket: 'gallery', key: 'events/abc.webp' })
    expect(parsePublicUrl('/files/secrets/a.webp')).toBeNull()
    expect(parsePublicUrl('/files/gallery/../a.webp')).toBeNull()
    expect(parsePublicUrl('https://example.org/a.webp')).toBeNull()
  })
})
