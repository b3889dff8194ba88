import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { expect, test } from 'vitest'
import { scriptsAfterContent } from '#app/lib/scripts-after-content.server.ts'

/** The page split into the given pieces of bytes, as React's stream may cut it. */
async function rewritten(page: string, cuts: number[]) {
  const bytes = Buffer.from(page)
  const pieces = [0, ...cuts, bytes.length].slice(1).map((end, n, ends) => bytes.subarray(n ? ends[n - 1] : 0, end))
  return text(Readable.from(pieces).pipe(scriptsAfterContent()))
}

const PAGE =
  '<!DOCTYPE html><html><head><title>École — Élèves</title><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/></head>' +
  '<body><p>Code: <link rel="modulepreload" href="/x.js"/></p></body></html>'

test('the head’s module preloads get a low fetch priority, however the stream is cut; the body is untouched', async () => {
  const expected = PAGE.replace('<link rel="modulepreload" href="/assets/a.js"/>', '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/>').replace(
    '<link rel="modulepreload" href="/assets/b.js"/>',
    '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>',
  )
  const bytes = Buffer.byteLength(PAGE)
  const headEnd = Buffer.from(PAGE).indexOf('</head>')
  // Inside 'É' (a two-byte character), inside '</head>', and one byte at a time.
  for (const cuts of [[], [32], [headEnd + 3], [31, 32, 33, headEnd + 1], Array.from({ length: bytes - 1 }, (_, n) => n + 1)]) {
    expect(await rewritten(PAGE, cuts)).toBe(expected)
  }
})

test('a page that never closes its head comes out as it went in', async () => {
  const page = '<html><head><link rel="modulepreload" href="/a.js"/>'
  expect(await rewritten(page, [10])).toBe(page)
})
