import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/** A decoded photo: RGBA, four bytes a pixel, rows top to bottom, already turned the way the camera held it. */
export interface DecodedPhoto {
  width: number
  height: number
  data: Uint8Array
}

/**
 * heic-decode (libheif compiled to WebAssembly, with its HEVC decoder) reads
 * the HEIC photos iPhones take; sharp's own libheif is built without HEVC.
 * Decoding a 12 MP photo holds its thread for about a second and leaves the
 * WebAssembly memory at its peak, so each photo is decoded in a worker thread
 * of its own that ends with it: visitors' requests are not held up, and the
 * memory goes with the worker. One photo at a time per process bounds that
 * memory (docs/decisions/014-phone-photos.md).
 */
const DECODER = createRequire(import.meta.url).resolve('heic-decode')

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
require(workerData.decoder)({ buffer: workerData.bytes }).then(
  ({ width, height, data }) => parentPort.postMessage({ width, height, data }, [data.buffer]),
  (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
)
`

type WorkerAnswer = { width: number; height: number; data: Uint8ClampedArray } | { error: string }

function decodeInWorker(bytes: Uint8Array): Promise<DecodedPhoto> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { decoder: DECODER, bytes } })
    worker.once('message', (answer: WorkerAnswer) => {
      void worker.terminate()
      if ('error' in answer) reject(new Error(`HEIF decoding failed: ${answer.error}`))
      else resolve({ width: answer.width, height: answer.height, data: new Uint8Array(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength) })
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`HEIF decoder ended (exit ${code}) without an answer`)))
  })
}

let previous: Promise<unknown> = Promise.resolve()

/** The first image of a HEIC/HEIF file as RGBA pixels; rejects when the bytes do not decode. */
export function decodeHeif(bytes: Uint8Array): Promise<DecodedPhoto> {
  const turn = previous.then(() => decodeInWorker(bytes))
  previous = turn.catch(() => undefined)
  return turn
}
