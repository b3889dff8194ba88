import type { AppProcess } from './app-process.ts'

const PAGES = ['/', '/blogs', '/gallery', '/policies', '/calendar']

/** The public pages' text and the bytes of every file they link to. */
export async function siteContent(app: AppProcess) {
  const pages: Record<string, string> = {}
  for (const page of PAGES) pages[page] = await mainText(app, page)
  const html = await (await fetch(`${app.url}/blogs`)).text()
  const post = /href="(\/blogs\/[a-z0-9-]+)"/.exec(html)![1]!
  pages[post] = await mainText(app, post)
  const fileUrls = [...new Set([...(await (await fetch(`${app.url}/gallery`)).text()).matchAll(/\/files\/[a-z]+\/[\w./-]+\.(?:webp|pdf)/g)].map((match) => match[0]))].sort()
  const files: Record<string, string> = {}
  for (const url of fileUrls) files[url] = Buffer.from(await (await fetch(`${app.url}${url}`)).arrayBuffer()).toString('base64')
  return { pages, files }
}

/** The visible text of a page's main content, to compare two sites' pages whatever their nonces and tokens. */
export async function mainText(app: AppProcess, path: string, init?: RequestInit): Promise<string> {
  const response = await fetch(`${app.url}${path}`, init)
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
  const html = await response.text()
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? ''
  return main.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()
}
