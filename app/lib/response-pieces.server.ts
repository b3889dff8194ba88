import { Transform } from 'node:stream'

/**
 * Bytes gathered before a piece of a response body is passed on. Each piece is a write of its own through the web
 * stream React Router answers with and through the response's compression, and each write has a cost of its own:
 * React writes a page in pieces of at most 4 KB, the sitemap library a piece per tag.
 */
export const PIECE_BYTES = 16 * 1024

/**
 * Passes bytes on in pieces of at least `PIECE_BYTES`, and whatever it holds as soon as its writer pauses (when the
 * event loop moves on): a page streamed in parts, its shell first and a slow section later, still sends each part
 * as soon as it is written.
 */
export function inPieces(): Transform {
  let held: Buffer[] = []
  let heldBytes = 0
  let sendScheduled = false
  const pieces = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      held.push(chunk)
      heldBytes += chunk.byteLength
      if (heldBytes >= PIECE_BYTES) send()
      else if (!sendScheduled) {
        sendScheduled = true
        setImmediate(() => {
          sendScheduled = false
          send()
        })
      }
      callback()
    },
    flush(callback) {
      send()
      callback()
    },
  })
  function send() {
    if (!heldBytes) return
    const piece = held.length === 1 ? held[0]! : Buffer.concat(held, heldBytes)
    held = []
    heldBytes = 0
    pieces.push(piece)
  }
  return pieces
}
