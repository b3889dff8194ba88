import fs from 'node:fs'
import { get } from 'node:http'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startApp, type AppProcess } from '#tests/setup/app-process.ts'

const assetsDir = path.resolve(process.env.BUILD_DIR ?? 'build', 'client', 'assets')

/** A browser's revalidation. fetch cannot make one: with If-None-Match it adds `Cache-Control: no-cache`, which a server rightly answers in full. */
function revalidate(url: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    get(url, { headers }, (response) => {
      response.resume()
      resolve(response.statusCode!)
    }).on('error', reject)
  })
}

let app: AppProcess
beforeAll(async () => {
  app = await startApp()
}, 60_000)
afterAll(async () => {
  await app?.stop()
})

test('the build keeps a brotli and a gzip copy of each script and stylesheet, each the same file once decompressed', () => {
  const files = fs.readdirSync(assetsDir).filter((name) => /\.(js|css)$/.test(name))
  const worthCompressing = files.filter((name) => fs.statSync(path.join(assetsDir, name)).size >= 1024)
  expect(worthCompressing.length).toBeGreaterThan(10)
  for (const name of worthCompressing) {
    const original = fs.readFileSync(path.join(assetsDir, name))
    expect(brotliDecompressSync(fs.readFileSync(path.join(assetsDir, `${name}.br`))).equals(original), name).toBe(true)
    expect(gunzipSync(fs.readFileSync(path.join(assetsDir, `${name}.gz`))).equals(original), name).toBe(true)
  }
})

test("a page's scripts and stylesheet are sent as the build compressed them, in the best encoding the browser takes", async () => {
  const html = await (await fetch(`${app.url}/`)).text()
  const framework = /\/assets\/framework-[\w-]+\.js/.exec(html)?.[0]
  const stylesheet = /\/assets\/app-[\w-]+\.css/.exec(html)?.[0]
  expect(framework).toBeTruthy()
  expect(stylesheet).toBeTruthy()

  for (const asset of [framework!, stylesheet!]) {
    const file = path.join(assetsDir, path.basename(asset))
    const sent = async (acceptEncoding: string) => {
      const response = await fetch(`${app.url}${asset}`, { headers: { 'accept-encoding': acceptEncoding } })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(response.headers.get('vary')).toContain('Accept-Encoding')
      // fetch decompresses what it is sent; the raw bytes are read through the encoding it was told.
      return { encoding: response.headers.get('content-encoding'), type: response.headers.get('content-type'), etag: response.headers.get('etag'), length: Number(response.headers.get('content-length')), body: Buffer.from(await response.arrayBuffer()) }
    }
    const brotli = await sent('gzip, deflate, br, zstd')
    expect(brotli.encoding).toBe('br')
    expect(brotli.length).toBe(fs.statSync(`${file}.br`).size)
    expect(brotli.body.equals(fs.readFileSync(file))).toBe(true)

    const gzip = await sent('gzip')
    expect(gzip.encoding).toBe('gzip')
    expect(gzip.length).toBe(fs.statSync(`${file}.gz`).size)
    expect(gzip.body.equals(fs.readFileSync(file))).toBe(true)

    const plain = await sent('identity')
    expect(plain.encoding).toBeNull()
    expect(plain.length).toBe(fs.statSync(file).size)
    expect(plain.body.equals(fs.readFileSync(file))).toBe(true)

    // The same type whichever copy goes (a charset's name is the same in any case).
    expect(new Set([brotli.type, gzip.type, plain.type].map((type) => type?.toLowerCase())).size).toBe(1)
    expect(plain.type).toMatch(asset.endsWith('.js') ? /^(text|application)\/javascript; charset=utf-8$/i : /^text\/css; charset=utf-8$/i)
    // Each encoding is its own file, with its own validator: a revalidation gets 304 for the copy it holds.
    expect(new Set([brotli.etag, gzip.etag, plain.etag]).size).toBe(3)
    expect(await revalidate(`${app.url}${asset}`, { 'accept-encoding': 'br', 'if-none-match': brotli.etag! })).toBe(304)
    expect(await revalidate(`${app.url}${asset}`, { 'accept-encoding': 'gzip', 'if-none-match': brotli.etag! })).toBe(200)
  }
})
