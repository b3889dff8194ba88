import { PassThrough } from 'node:stream'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { limitedBody, type BodyRefusal } from '#server/request-body.ts'

function setUp(limit = { maxBytes: 10, maxMs: 1_000 }) {
  const source = new PassThrough()
  const refusals: BodyRefusal[] = []
  const { body, stop } = limitedBody(source, limit, (refusal) => refusals.push(refusal))
  return { source, refusals, reader: body.getReader(), stop }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('a body counted as it streams', () => {
  test('a body within its limit arrives whole', async () => {
    const { source, refusals, reader } = setUp()
    source.write('12345')
    source.end('67890')
    const chunks: string[] = []
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(Buffer.from(next.value).toString())
    expect(chunks.join('')).toBe('1234567890')
    expect(refusals).toEqual([])
  })

  test('one byte past the limit is refused once, and the route never sees the body end', async () => {
    const { source, refusals, reader } = setUp()
    source.write('123456')
    source.write('78901')
    source.write('more')
    await new Promise((resolve) => setImmediate(resolve))
    expect(refusals).toEqual([413])
    expect(Buffer.from((await reader.read()).value!).toString()).toBe('123456')
    // Neither an end (a truncated body taken as whole) nor an error: the read waits.
    const pending = await Promise.race([reader.read().then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 50))])
    expect(pending).toBe('waiting')
  })

  test('a body that has not arrived in time is refused with 408', () => {
    vi.useFakeTimers()
    const { source, refusals } = setUp()
    source.write('1')
    vi.advanceTimersByTime(999)
    expect(refusals).toEqual([])
    vi.advanceTimersByTime(1)
    expect(refusals).toEqual([408])
  })

  test('a body that ended, or an answer given without it, stops the clock', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const ended = setUp()
    ended.source.end('1')
    await new Promise((resolve) => setImmediate(resolve))
    const answered = setUp()
    answered.stop()
    vi.advanceTimersByTime(5_000)
    expect([...ended.refusals, ...answered.refusals]).toEqual([])
  })
})
