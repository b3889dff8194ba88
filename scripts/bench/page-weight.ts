import { get } from 'node:http'
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync, zstdDecompressSync } from 'node:zlib'
import { attribute, startTags } from './html.ts'

export interface PageWeight {
  /** Gzip bytes (level 9) of the page's HTML and of the scripts and stylesheets it loads. */
  javascript: number
  css: number
  html: number
  scripts: string[]
  stylesheets: string[]
  /** Gzip bytes (level 9) of each script, by address. */
  scriptBytes: Record<string, number>
  /** Bytes the server sends a browser that takes brotli, gzip, deflate and zstd (Chrome's Accept-Encoding). */
  sent: { javascript: number; css: number; html: number }
}

const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

const gzipped = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).byteLength

/**
 * What the server-rendered HTML makes the browser load: script src, modulepreload links, the modules the page's held
 * module script preloads once the page has painted (`data-modulepreload`), and stylesheet links.
 */
function loadedScriptsAndStyles(html: string) {
  const scripts = new Set<string>()
  const stylesheets = new Set<string>()
  for (const tag of startTags(html, 'script')) {
    const src = attribute(tag, 'src')
    if (src) scripts.add(src)
    for (const held of attribute(tag, 'data-modulepreload')?.split(' ').filter(Boolean) ?? []) scripts.add(held)
  }
  for (const tag of startTags(html, 'link')) {
    const rel = attribute(tag, 'rel')?.toLowerCase()
    const href = attribute(tag, 'href')
    if (href && rel === 'modulepreload') scripts.add(href)
    if (href && rel === 'stylesheet') stylesheets.add(href)
  }
  return { scripts: [...scripts], stylesheets: [...stylesheets] }
}

const DECODE: Record<string, (bytes: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync, zstd: zstdDecompressSync }

/** A file as a browser gets it: the bytes on the wire (as the server compressed them) and the file they decode to. */
function download(url: URL) {
  return new Promise<{ sent: number; body: Uint8Array }>((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume()
        reject(new Error(`${url} answered ${response.statusCode}`))
        return
      }
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const wire = Buffer.concat(chunks)
        const decode = DECODE[response.headers['content-encoding'] ?? '']
        resolve({ sent: wire.length, body: decode ? decode(wire) : wire })
      })
      response.on('error', reject)
    }).on('error', reject)
  })
}

/**
 * Each file fetched once, as a browser would: the bytes it was sent, and its content compressed here with gzip, so
 * that the gzip figures do not depend on the server's settings.
 */
export async function measurePageWeight(siteUrl: string, page: string): Promise<PageWeight> {
  const html = await download(new URL(page, siteUrl))
  const { scripts, stylesheets } = loadedScriptsAndStyles(new TextDecoder().decode(html.body))
  const weigh = async (files: string[]) => {
    const gzip: Record<string, number> = {}
    let sent = 0
    for (const file of files) {
      const { sent: wire, body } = await download(new URL(file, siteUrl))
      gzip[file] = gzipped(body)
      sent += wire
    }
    return { gzip, sent }
  }
  const sum = (bytes: Record<string, number>) => Object.values(bytes).reduce((total, size) => total + size, 0)
  const [js, css] = [await weigh(scripts), await weigh(stylesheets)]
  return {
    javascript: sum(js.gzip),
    css: sum(css.gzip),
    html: gzipped(html.body),
    scripts,
    stylesheets,
    scriptBytes: js.gzip,
    sent: { javascript: js.sent, css: css.sent, html: html.sent },
  }
}
