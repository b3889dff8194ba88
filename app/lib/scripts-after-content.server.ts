import { Transform } from 'node:stream'

const HEAD_END = '</head>'
const MODULE_PRELOAD = /<link rel="modulepreload"/g

/**
 * Lowers the priority of the page's module preloads, which React Router writes into the head: the browser then
 * fetches the stylesheet and the images first and the scripts after them. Every public page is complete without
 * its scripts, so on a slow phone the page shows first and becomes interactive a moment later
 * (docs/product-rules.md#performance-budget). Only the head is rewritten; the rest of the stream passes through.
 */
export function scriptsAfterContent() {
  let head: Buffer | null = Buffer.alloc(0)
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!head) return callback(null, chunk)
      head = Buffer.concat([head, chunk])
      // Searched in bytes: a chunk may end inside a character, and the head ends at an ASCII '<'.
      const end = head.indexOf(HEAD_END)
      if (end === -1) return callback()
      const rewritten = head.subarray(0, end).toString().replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"')
      const rest = head.subarray(end)
      head = null
      callback(null, Buffer.concat([Buffer.from(rewritten), rest]))
    },
    flush(callback) {
      callback(null, head?.length ? head : undefined)
    },
  })
}
