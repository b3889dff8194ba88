import { describe, expect, test } from 'vitest'
import { CHANGE_STREAM_LIMITS, createStreamLimiter } from '#app/lib/change-stream-limits.server.ts'

describe('open change streams, counted per address group and in total', () => {
  test('an address group may hold its share; one more is refused with 429 until one of its streams ends', () => {
    const limiter = createStreamLimiter({ perAddressGroup: 2, total: 10 })
    const first = limiter.admit('203.0.113.7')
    const second = limiter.admit('203.0.113.7')
    expect(first.ok && second.ok).toBe(true)
    expect(limiter.admit('203.0.113.7')).toEqual({ ok: false, status: 429 })
    // Another group is not affected.
    expect(limiter.admit('203.0.113.8').ok).toBe(true)

    if (first.ok) first.release()
    expect(limiter.admit('203.0.113.7').ok).toBe(true)
    expect(limiter.admit('203.0.113.7')).toEqual({ ok: false, status: 429 })
  })

  test('the process as a whole holds at most its total; then everyone is refused with 503', () => {
    const limiter = createStreamLimiter({ perAddressGroup: 2, total: 3 })
    const admitted = ['a', 'b', 'c'].map((group) => limiter.admit(group))
    expect(admitted.every((admission) => admission.ok)).toBe(true)
    expect(limiter.admit('d')).toEqual({ ok: false, status: 503 })
    expect(limiter.open).toBe(3)

    const last = admitted[2]
    if (last?.ok) last.release()
    expect(limiter.admit('d').ok).toBe(true)
  })

  test('releasing a stream twice frees one place, not two', () => {
    const limiter = createStreamLimiter({ perAddressGroup: 1, total: 5 })
    const admission = limiter.admit('a')
    expect(limiter.admit('b').ok).toBe(true)
    if (admission.ok) {
      admission.release()
      admission.release()
    }
    expect(limiter.open).toBe(1)
    expect(limiter.admit('a').ok).toBe(true)
    expect(limiter.admit('a')).toEqual({ ok: false, status: 429 })
  })

  test('the limits of the app: 20 per address group, 1,000 per process', () => {
    expect(CHANGE_STREAM_LIMITS).toMatchObject({ perAddressGroup: 20, total: 1000 })
  })
})
