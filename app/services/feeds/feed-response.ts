/** Feeds are read by crawlers and calendar apps that poll: five minutes of caching spares the database. */
export function feedResponse(body: BodyInit, contentType: string, headers: Record<string, string> = {}) {
  return new Response(body, {
    headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=300', ...headers },
  })
}
