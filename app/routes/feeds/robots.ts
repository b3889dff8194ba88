import { config } from '#app/lib/env.server.ts'
import { feedResponse } from '#app/lib/feeds/feed-response.ts'
import { buildRobotsTxt } from '#app/lib/feeds/robots.ts'

export function loader() {
  return feedResponse(buildRobotsTxt(config.publicUrl), 'text/plain; charset=utf-8')
}
