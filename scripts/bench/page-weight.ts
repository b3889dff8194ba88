import { gzipSync } from 'node:zlib'

export interface PageWeight {
  javascript: number
  css: number
  html: number
}

const gzipped = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).byteLength

/** Gzipped bytes of a page's HTML and of the scripts and stylesheets it loads (module preloads included). */
export async function measurePageWeight(siteUrl: string, page: string): Promise<PageWeight> {
  const html = await (await fetch(`${siteUrl}${page}`)).text()
  const assets = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!))]
  const weight: PageWeight = { javascript: 0, css: 0, html: gzipped(Buffer.from(html)) }
  for (const asset of assets) {
    const bytes = gzipped(new Uint8Array(await (await fetch(`${siteUrl}${asset}`)).arrayBuffer()))
    if (asset.endsWith('.js')) weight.javascript += bytes
    else weight.css += bytes
  }
  return weight
}
