import fs from 'node:fs'
import net from 'node:net'

/*
 * Requests written by hand on a socket, for what fetch will not send: a body
 * that keeps coming (chunked, no length) and a body that trickles.
 */

export interface RawAnswer {
  /** 0 when the server closed the connection without answering. */
  status: number
  headers: Record<string, string>
  body: string
  /** Body bytes written before the answer came (or the connection closed). */
  sent: number
  elapsedMs: number
  /** The socket's error, if the connection failed or was reset. */
  error?: string
}

export interface RawRequest {
  method?: string
  path: string
  headers?: Record<string, string>
  /** The start of the body (a form or JSON opening), then filler. */
  prefix?: string
}

function parseAnswer(raw: Buffer): Omit<RawAnswer, 'sent' | 'elapsedMs' | 'error'> {
  const text = raw.toString('utf8')
  const end = text.indexOf('\r\n\r\n')
  if (end === -1) return { status: 0, headers: {}, body: '' }
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: text.slice(end + 4) }
}

/** Opens a connection, sends the request head, then lets `writeBody` write until it is told the answer came. */
function exchange(url: string, request: RawRequest, bodyHeaders: Record<string, string>, writeBody: (socket: net.Socket, answered: () => boolean, count: (bytes: number) => void) => Promise<void>): Promise<RawAnswer> {
  const { hostname, port } = new URL(url)
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname === 'localhost' ? '127.0.0.1' : hostname, port: Number(port) })
    const received: Buffer[] = []
    let sent = 0
    let settled = false
    let error: string | undefined
    const answered = () => received.length > 0 || settled || socket.destroyed
    const finish = () => {
      if (settled) return
      settled = true
      resolve({ ...parseAnswer(Buffer.concat(received)), sent, elapsedMs: Date.now() - started, error })
      socket.destroy()
    }
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk)
      const answer = parseAnswer(Buffer.concat(received))
      const length = Number(answer.headers['content-length'] ?? Number.NaN)
      const chunkedEnd = answer.headers['transfer-encoding'] === 'chunked' && answer.body.endsWith('0\r\n\r\n')
      // 204 and 304 answers never carry a body: the head is the whole answer (the connection stays open for the next request).
      const bodiless = answer.status === 204 || answer.status === 304
      if (answer.status && (bodiless || Buffer.byteLength(answer.body) >= length || chunkedEnd)) finish()
    })
    socket.on('close', finish)
    // A server that closes while we still write resets the connection; what it answered before counts.
    socket.on('error', (failure) => {
      error = failure.message
      finish()
    })
    socket.once('connect', () => {
      const head = [`${request.method ?? 'POST'} ${request.path} HTTP/1.1`, `Host: ${hostname}:${port}`, ...Object.entries({ ...request.headers, ...bodyHeaders }).map(([name, value]) => `${name}: ${value}`)]
      socket.write(`${head.join('\r\n')}\r\n\r\n`)
      writeBody(socket, answered, (bytes) => (sent += bytes)).catch((error: unknown) => {
        if (!settled) reject(error instanceof Error ? error : new Error(String(error)))
      })
    })
  })
}

/** Writes, waits for the socket to take more, and lets the event loop run (an answer may have come). */
async function written(socket: net.Socket, data: string | Buffer) {
  if (socket.destroyed) return
  if (!socket.write(data))
    await new Promise<void>((resolve) => {
      socket.once('drain', resolve)
      socket.once('close', resolve)
    })
  await new Promise((resolve) => setImmediate(resolve))
}

/** A request without a body, with any method (fetch refuses some, such as TRACE). */
export function sendRequest(url: string, request: RawRequest): Promise<RawAnswer> {
  return exchange(url, request, {}, async () => {})
}

/** A chunked body of `totalBytes` (the prefix, then filler), written as fast as the server reads it, until the server answers. */
export function sendChunked(url: string, request: RawRequest & { totalBytes: number; chunkBytes?: number }): Promise<RawAnswer> {
  const chunkBytes = request.chunkBytes ?? 64 * 1024
  return exchange(url, request, { 'Transfer-Encoding': 'chunked' }, async (socket, answered, count) => {
    const filler = Buffer.alloc(chunkBytes, 'a')
    let total = 0
    if (request.prefix) {
      await written(socket, `${Buffer.byteLength(request.prefix).toString(16)}\r\n${request.prefix}\r\n`)
      total += Buffer.byteLength(request.prefix)
      count(Buffer.byteLength(request.prefix))
    }
    while (total < request.totalBytes && !answered()) {
      const chunk = filler.subarray(0, Math.min(chunkBytes, request.totalBytes - total))
      await written(socket, Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]))
      total += chunk.length
      count(chunk.length)
    }
    if (!answered()) await written(socket, '0\r\n\r\n')
  })
}

/** A body of `totalBytes` declared up front, sent `bytesPerTick` at a time every `tickMs`, until the server answers. */
export function sendSlowly(url: string, request: RawRequest & { totalBytes: number; bytesPerTick?: number; tickMs?: number; maxMs?: number }): Promise<RawAnswer> {
  const bytesPerTick = request.bytesPerTick ?? 4
  const tickMs = request.tickMs ?? 1_000
  const deadline = Date.now() + (request.maxMs ?? 60_000)
  return exchange(url, request, { 'Content-Length': String(request.totalBytes) }, async (socket, answered, count) => {
    const body = Buffer.concat([Buffer.from(request.prefix ?? ''), Buffer.alloc(Math.max(0, request.totalBytes - Buffer.byteLength(request.prefix ?? '')), 'a')])
    for (let at = 0; at < body.length && !answered(); at += bytesPerTick) {
      if (Date.now() > deadline) throw new Error(`the server was still reading a slow body after ${request.maxMs ?? 60_000} ms`)
      await written(socket, body.subarray(at, at + bytesPerTick))
      count(Math.min(bytesPerTick, body.length - at))
      await new Promise((resolve) => setTimeout(resolve, tickMs))
    }
  })
}

/** Resident memory of a process, in bytes (Linux). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]
  if (!kilobytes) throw new Error(`no VmRSS for process ${pid}`)
  return Number(kilobytes) * 1024
}

/** Runs `attempt` while sampling the process's resident memory; returns its answer and the largest growth seen. */
export async function withPeakMemory<T>(pid: number, attempt: () => Promise<T>): Promise<{ result: T; growthBytes: number }> {
  const before = residentBytes(pid)
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 10)
  try {
    const result = await attempt()
    peak = Math.max(peak, residentBytes(pid))
    return { result, growthBytes: peak - before }
  } finally {
    clearInterval(sampler)
  }
}
