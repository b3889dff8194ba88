import autocannon from 'autocannon'

export interface ThroughputFigures {
  requestsPerSecond: number
  p50: number
  p99: number
  non2xx: number
  errors: number
}

/** The same headers for the app and nginx: both compress, as for a browser. */
const HEADERS = { 'accept-encoding': 'gzip' }

/** One autocannon run: mean requests per second and latency percentiles in ms. */
export async function measureThroughput(url: string, connections: number, seconds: number): Promise<ThroughputFigures> {
  const result = await autocannon({ url, connections, duration: seconds, headers: HEADERS })
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

/** A short run first, so that both servers are measured warm. */
export async function warmUp(url: string) {
  await autocannon({ url, connections: 10, duration: 2, headers: HEADERS })
}
