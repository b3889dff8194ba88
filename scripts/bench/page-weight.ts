import { get } from 'node:http'
import { gzipSync } from 'node:zlib'
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

async function download(url: URL) {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return new Uint8Array(await response.arrayBuffer())
}

/** The bytes on the wire, as the server compressed them (fetch would undo the compression). */
function sentBytes(url: URL) {
  return new Promise<number>((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`))
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve(bytes))
      response.on('error', reject)
    }).on('error', reject)
  })
}

/** Each file fetched once (fetch undoes the transfer compression) and compressed here, so that the figures do not depend on the server's settings. */
export async function measurePageWeight(siteUrl: string, page: string): Promise<PageWeight> {
  const html = await download(new URL(page, siteUrl))
  const { scripts, stylesheets } = loadedScriptsAndStyles(new TextDecoder().decode(html))
  const sizes = async (files: string[]) => {
    const bytes: Record<string, number> = {}
    for (const file of files) bytes[file] = gzipped(await download(new URL(file, siteUrl)))
    return bytes
  }
  const sum = (bytes: Record<string, number>) => Object.values(bytes).reduce((total, size) => total + size, 0)
  const sentTotal = async (files: string[]) => {
    let total = 0
    for (const file of files) total += await sentBytes(new URL(file, siteUrl))
    return total
  }
  const scriptBytes = await sizes(scripts)
  const sent = { javascript: await sentTotal(scripts), css: await sentTotal(stylesheets), html: await sentBytes(new URL(page, siteUrl)) }
  return { javascript: sum(scriptBytes), css: sum(await sizes(stylesheets)), html: gzipped(html), scripts, stylesheets, scriptBytes, sent }
}
