import type { Readable } from 'node:stream'
import type { BodyLimit } from '#app/lib/body-limits.ts'

/** 413: more bytes than the limit; 408: the body did not arrive in time. */
export type BodyRefusal = 413 | 408

/** Bytes held between the socket and the route that reads them. */
const QUEUE_BYTES = 64 * 1024

/**
 * A request's body as a web stream that counts bytes and time as they arrive.
 * Past the limit, `refuse` is called once and reading stops; the stream is
 * then left unfinished rather than ended or errored: ending it would hand the
 * route a truncated body as if whole, and an error reaches libraries that log
 * it as a failure of their own. The route waits on it until the request is
 * dropped (the caller aborts the request's signal).
 */
export function limitedBody(source: Readable, limit: Pick<BodyLimit, 'maxBytes' | 'maxMs'>, refuse: (refusal: BodyRefusal) => void) {
  let received = 0
  let stopped = false
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const timer = setTimeout(() => fail(408), limit.maxMs)

  function onData(chunk: Buffer) {
    received += chunk.byteLength
    if (received > limit.maxBytes) return fail(413)
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
    if ((controller.desiredSize ?? 0) <= 0) source.pause()
  }
  function onEnd() {
    stop()
    controller.close()
  }
  function onError(error: Error) {
    stop()
    controller.error(error)
  }
  /** Stops counting and listening: the body ended, or the answer went out without needing the rest. */
  function stop() {
    stopped = true
    clearTimeout(timer)
    source.off('data', onData).off('end', onEnd).off('error', onError)
  }
  function fail(refusal: BodyRefusal) {
    if (stopped) return
    stop()
    source.pause()
    refuse(refusal)
  }

  const body = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController
        source.on('data', onData).once('end', onEnd).once('error', onError)
      },
      pull() {
        if (!stopped) source.resume()
      },
      cancel() {
        stop()
      },
    },
    { highWaterMark: QUEUE_BYTES, size: (chunk) => chunk.byteLength },
  )
  return { body, stop }
}
