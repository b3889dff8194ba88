import { Feed } from 'feed'
import { ALERT_LEVEL_LABELS, alertWindow, type Alert } from '#app/domain/alert/alert.ts'
import { ALERTS_FEED_PATH } from './feed-paths.ts'
import { feedText } from './feed-text.ts'

export interface AlertsFeedInput {
  /** Absolute site address without a trailing slash. */
  siteUrl: string
  schoolName: string
  timeZone: string
  /** Current and upcoming alerts. */
  alerts: readonly Alert[]
  /** The build date of a feed without alerts. */
  now: Date
}

/** An RSS 2.0 feed of the current and upcoming alerts, latest start first, written by the `feed` library. */
export function buildAlertsRss(input: AlertsFeedInput): string {
  const { siteUrl, schoolName, alerts, now } = input
  const lastChange = alerts.reduce((latest, alert) => Math.max(latest, Date.parse(alert.updatedAt)), -Infinity)
  const feed = new Feed({
    title: feedText(`${schoolName}: alerts`),
    description: feedText(`Current and upcoming alerts from ${schoolName}`),
    link: `${siteUrl}/`,
    language: 'en',
    updated: Number.isFinite(lastChange) ? new Date(lastChange) : now,
    // Readers poll: a minute is as long as an urgent notice may wait in a cache.
    ttl: 1,
    generator: false,
    feedLinks: { rss: `${siteUrl}${ALERTS_FEED_PATH}` },
  })
  for (const alert of [...alerts].sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt))) {
    // A link that no longer parses falls back to the home page rather than breaking the feed.
    const link = alert.link && URL.canParse(alert.link, `${siteUrl}/`) ? new URL(alert.link, `${siteUrl}/`).href : `${siteUrl}/`
    feed.addItem({
      title: feedText(`${ALERT_LEVEL_LABELS[alert.level]}: ${alert.title}`),
      link,
      // The id, not the address: an edited alert stays the same item in readers.
      guid: `${siteUrl}${ALERTS_FEED_PATH}#${alert.id}`,
      category: [{ name: alert.level }],
      date: new Date(alert.startsAt),
      description: feedText([alert.message, alertWindow(alert, input.timeZone)].filter(Boolean).join('\n\n')),
    })
  }
  return feed.rss2()
}
