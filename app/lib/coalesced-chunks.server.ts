import { Transform } from 'node:stream'

/**
 * Passes on what is written within one turn of the event loop as one chunk. React writes a page in pieces of
 * a couple of KB, and React Router flushes the response's compression after each piece it forwards: each flush
 * ends a compressed block, so a streamed page came out two to three times larger gzipped than the same page
 * compressed whole, and cost the server a flush per piece. Gathered, the response is flushed only where React
 * paused (after the shell, then after each part that finishes later), so the page still streams.
 */
export function coalescedChunks() {
  let pending: Buffer[] = []
  let scheduled: NodeJS.Immediate | undefined
  const passPending = () => {
    scheduled = undefined
    if (!pending.length) return
    const chunk = Buffer.concat(pending)
    pending = []
    stream.push(chunk)
  }
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk)
      scheduled ??= setImmediate(passPending)
      callback()
    },
    flush(callback) {
      clearImmediate(scheduled)
      scheduled = undefined
      const rest = pending.length ? Buffer.concat(pending) : undefined
      pending = []
      callback(null, rest)
    },
    destroy(error, callback) {
      clearImmediate(scheduled)
      pending = []
      callback(error)
    },
  })
  return stream
}
