import { useEffect, useRef } from 'react'
import type { TableName } from '#db/database.ts'

export interface ChangeEvent {
  table: TableName
  type: 'insert' | 'update' | 'delete'
  /** The row, told to editors and admins only. */
  id?: string
}

/** After a refused stream, the first wait before asking again; it doubles with each refusal in a row, up to the longest. */
const FIRST_RETRY_MS = 5_000
const LONGEST_RETRY_MS = 5 * 60_000

/** A random wait between half and all of the backoff, so that refused pages do not come back together. */
function retryDelayMs(refusals: number) {
  const backoff = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (refusals - 1))
  return backoff / 2 + (Math.random() * backoff) / 2
}

/** Runs `task` once the page has loaded and the browser has a moment; returns a function that cancels it. */
function whenIdleAfterLoad(task: () => void) {
  let idle: ReturnType<typeof setTimeout> | number | undefined
  const schedule = () => {
    // Safari has no requestIdleCallback.
    idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 2_000 }) : setTimeout(task, 1)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    window.removeEventListener('load', schedule)
    if (idle === undefined) return
    if (typeof cancelIdleCallback === 'function' && typeof idle === 'number') cancelIdleCallback(idle)
    else clearTimeout(idle)
  }
}

/**
 * Follows the server's change feed (/api/changes) for some tables.
 *
 * The server ends each stream after a while, and the browser's EventSource
 * reopens it by itself (after the server's `retry:` hint), as after a network
 * drop. A refused stream (too many open, the server full, no access) is closed
 * for good by the EventSource: this hook asks again later, waiting longer
 * after each refusal in a row. Whenever the feed is followed again after a
 * gap, changes may have been missed: `onResume` is called then.
 */
export function useChangeFeed(tables: readonly TableName[], onChange: (change: ChangeEvent) => void, onResume?: () => void) {
  const handlers = useRef({ onChange, onResume })
  useEffect(() => {
    handlers.current = { onChange, onResume }
  })
  const key = tables.join(',')
  useEffect(() => {
    // No tables: nothing to follow (a role that may not follow them).
    if (!key) return
    let source: EventSource | undefined
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    let refusals = 0
    let followedBefore = false

    const onOpen = () => {
      refusals = 0
      if (followedBefore) handlers.current.onResume?.()
      followedBefore = true
    }
    const onMessage = (event: MessageEvent<string>) => handlers.current.onChange(JSON.parse(event.data) as ChangeEvent)
    const onError = () => {
      // CONNECTING: the EventSource reconnects by itself. CLOSED: it gave up (an answer other than a stream).
      if (source?.readyState !== EventSource.CLOSED) return
      refusals += 1
      retryTimer = setTimeout(connect, retryDelayMs(refusals))
    }
    function connect() {
      source = new EventSource(`/api/changes?tables=${encodeURIComponent(key)}`)
      source.addEventListener('open', onOpen)
      source.addEventListener('change', onMessage)
      source.addEventListener('error', onError)
    }

    // The stream opens once the page has loaded and the browser is idle, not while it paints the page.
    const cancelStart = whenIdleAfterLoad(connect)
    return () => {
      cancelStart()
      clearTimeout(retryTimer)
      source?.removeEventListener('open', onOpen)
      source?.removeEventListener('change', onMessage)
      source?.removeEventListener('error', onError)
      source?.close()
    }
  }, [key])
}
