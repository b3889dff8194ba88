import { setImmediate as nextTurn } from 'node:timers/promises'
import { expect, test } from 'vitest'
import { coalescedChunks } from '#app/lib/coalesced-chunks.server.ts'

function collect(stream: ReturnType<typeof coalescedChunks>) {
  const chunks: string[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
  return chunks
}

test('what is written in one turn comes out as one chunk; what comes after a pause, as the next', async () => {
  const stream = coalescedChunks()
  const chunks = collect(stream)
  stream.write('<html><head>')
  stream.write('</head><body>')
  stream.write('<main>shell</main>')
  await nextTurn()
  await nextTurn()
  expect(chunks).toEqual(['<html><head></head><body><main>shell</main>'])
  stream.write('<div>later</div>')
  stream.write('</body></html>')
  await nextTurn()
  await nextTurn()
  expect(chunks).toEqual(['<html><head></head><body><main>shell</main>', '<div>later</div></body></html>'])
})

test('the end passes on what is still gathered, at once and only once', async () => {
  const stream = coalescedChunks()
  const chunks = collect(stream)
  const ended = new Promise((resolve) => stream.on('end', resolve))
  stream.write('a')
  stream.end('b')
  await ended
  await nextTurn()
  expect(chunks).toEqual(['ab'])
})

test('bytes split inside a character are joined before anyone reads them', async () => {
  const stream = coalescedChunks()
  const chunks = collect(stream)
  const bytes = Buffer.from('Café')
  stream.write(bytes.subarray(0, 4))
  stream.write(bytes.subarray(4))
  stream.end()
  await new Promise((resolve) => stream.on('end', resolve))
  expect(chunks).toEqual(['Café'])
})
