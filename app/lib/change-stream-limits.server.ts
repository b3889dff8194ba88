import { singleton } from './singleton.server.ts'

/**
 * How many change streams (/api/changes) one process keeps open. Each open
 * stream holds a connection and a subscription, so one visitor must not take
 * them all: 20 is more tabs than anyone keeps open. The counts are per
 * process (instances share nothing), so several instances behind a load
 * balancer hold that many times more in all.
 */
export const CHANGE_STREAM_LIMITS = {
  /** Open streams per address group (see client-address-group.ts). */
  perAddressGroup: 20,
  /** Open streams in this process, from everyone. */
  total: 1000,
  /** The Retry-After of a refusal. */
  retryAfterSeconds: 30,
} as const

export type StreamAdmission = { ok: true; release: () => void } | { ok: false; status: 429 | 503 }

export interface StreamLimiter {
  /** A place for one more stream of this group, or why not: 429 when the group holds its share, 503 when the process is full. */
  admit(group: string): StreamAdmission
  readonly open: number
}

export function createStreamLimiter(limits: { perAddressGroup: number; total: number }): StreamLimiter {
  const openPerGroup = new Map<string, number>()
  let open = 0
  return {
    admit(group) {
      const held = openPerGroup.get(group) ?? 0
      if (held >= limits.perAddressGroup) return { ok: false, status: 429 }
      if (open >= limits.total) return { ok: false, status: 503 }
      openPerGroup.set(group, held + 1)
      open += 1
      let released = false
      return {
        ok: true,
        release() {
          if (released) return
          released = true
          open -= 1
          const remaining = (openPerGroup.get(group) ?? 1) - 1
          if (remaining > 0) openPerGroup.set(group, remaining)
          else openPerGroup.delete(group)
        },
      }
    },
    get open() {
      return open
    },
  }
}

/** This process's open change streams. */
export const changeStreams = singleton('changeStreams', () => createStreamLimiter(CHANGE_STREAM_LIMITS))
