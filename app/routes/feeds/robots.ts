import { config } from '#app/lib/env.server.ts'
import { feedResponse } from '#app/services/feeds/feed-response.ts'
import { buildRobotsTxt } from '#app/services/feeds/robots.ts'

export function loader() {
  return feedResponse(buildRobotsTxt(config.publicUrl), 'text/plain; charset=utf-8')
}
