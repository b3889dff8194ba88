import autocannon from 'autocannon'

export interface ThroughputFigures {
  /** Mean of autocannon's per-second request counts. */
  requestsPerSecond: number
  /** Latency percentiles of the 2xx answers, in ms. */
  p50: number
  p99: number
  requests: number
  non2xx: number
  /** Connection errors, timeouts included. */
  errors: number
  timeouts: number
}

/** The same headers for the app and nginx: both compress with gzip, as for a browser (autocannon sends no Accept-Encoding of its own). */
const HEADERS = { 'accept-encoding': 'gzip' }
export const WARM_UP_SECONDS = 2

function percentile(sorted: Float64Array, fraction: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]! : 0
}

/**
 * One autocannon run. The latencies are taken from each response rather than from autocannon's histogram,
 * which counts whole milliseconds: nginx answers in less than one, and 0 ms cannot be compared.
 */
export async function measureThroughput(url: string, connections: number, seconds: number, headers: Record<string, string> = {}): Promise<ThroughputFigures> {
  const latencies: number[] = []
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers: { ...HEADERS, ...headers } }, (error: Error | null, finished) => (error ? reject(error) : resolve(finished)))
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
    })
  })
  const sorted = Float64Array.from(latencies).sort()
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }
}

/** A short run first, so that both servers are measured warm (JIT, caches, open files). */
export async function warmUp(url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, connections: 10, duration: WARM_UP_SECONDS, headers: { ...HEADERS, ...headers } })
}
