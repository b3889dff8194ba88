import { PassThrough } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { expect, test } from 'vitest'
import { inPieces, PIECE_BYTES } from '#app/lib/response-pieces.server.ts'

/** What comes out of `inPieces`, piece by piece, as the source is written. */
function watched() {
  const source = new PassThrough()
  const pieces: Buffer[] = []
  const out = source.pipe(inPieces())
  out.on('data', (piece: Buffer) => pieces.push(piece))
  const ended = new Promise((resolve) => out.on('end', resolve))
  return { source, pieces, ended }
}

test('a page written in many small pieces at once goes on in pieces of at least 16 KB, the same bytes in the same order', async () => {
  const { source, pieces, ended } = watched()
  // As React writes a page: views of 4 KB and shorter strings, all in one go.
  const written = Array.from({ length: 300 }, (_, n) => Buffer.from(`<p data-n="${n}">${'é'.repeat(n % 7)}${'x'.repeat((n * 37) % 900)}</p>`))
  for (const part of written) source.write(part)
  source.end()
  await ended
  expect(Buffer.concat(pieces).equals(Buffer.concat(written))).toBe(true)
  for (const piece of pieces.slice(0, -1)) expect(piece.byteLength).toBeGreaterThanOrEqual(PIECE_BYTES)
  expect(pieces.length).toBeLessThanOrEqual(Math.ceil(Buffer.concat(written).byteLength / PIECE_BYTES))
})

test('what is written before the writer pauses goes on at once: a streamed page’s shell is not held until its slow part', async () => {
  const { source, pieces, ended } = watched()
  source.write('<html><body><main>Shell')
  source.write('<div>Loading…</div>')
  await sleep(20)
  expect(Buffer.concat(pieces).toString()).toBe('<html><body><main>Shell<div>Loading…</div>')
  source.write('<div>The slow part</div></main></body></html>')
  await sleep(20)
  expect(pieces).toHaveLength(2)
  source.end()
  await ended
  expect(Buffer.concat(pieces).toString()).toBe('<html><body><main>Shell<div>Loading…</div><div>The slow part</div></main></body></html>')
})

test('an empty body stays empty', async () => {
  const { source, pieces, ended } = watched()
  source.end()
  await ended
  expect(pieces).toEqual([])
})
