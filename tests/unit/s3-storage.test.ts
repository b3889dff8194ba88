import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createS3Storage } from '#app/lib/storage/s3-storage.server.ts'
import { InvalidKeyError, type Storage } from '#app/lib/storage/storage.ts'

/*
 * The S3 driver against s3rver, a local S3-compatible server. s3rver checks
 * neither signatures nor permissions, and does not implement newer checksum
 * headers; it shows the driver speaks the S3 protocol, not that a given
 * provider accepts its credentials.
 */
let server: S3rver
let storage: Storage
let directory: string

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'school-s3-'))
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'school', configs: [] }] })
  const { port } = await server.run()
  storage = createS3Storage({
    bucket: 'school',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  })
})

afterAll(async () => {
  await server.close()
  await fs.rm(directory, { recursive: true, force: true })
})

describe('S3-compatible storage', () => {
  test('round-trips a file with its content type, and deletes it', async () => {
    await storage.put('gallery', 'events/photo.webp', new TextEncoder().encode('RIFF....WEBP'), 'image/webp')
    const stored = await storage.get('gallery', 'events/photo.webp')
    expect(stored?.contentType).toBe('image/webp')
    expect(stored?.size).toBe(12)
    expect(await text(stored!.body)).toBe('RIFF....WEBP')
    expect(await storage.get('uploads', 'events/photo.webp')).toBeNull()

    await storage.delete('gallery', 'events/photo.webp')
    expect(await storage.get('gallery', 'events/photo.webp')).toBeNull()
    expect(await storage.ping()).toBe(true)
  })

  test('refuses keys that climb out of their bucket', async () => {
    await expect(storage.put('gallery', '../uploads/x.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(InvalidKeyError)
  })
})
