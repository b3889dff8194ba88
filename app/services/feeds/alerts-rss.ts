import { ALERT_LEVEL_LABELS, alertWindow, type Alert } from '#app/domain/alert/alert.ts'
import { ALERTS_FEED_PATH } from './feed-paths.ts'
import { element, rfc822 } from './rss.ts'
import { escapeXml, XML_DECLARATION } from './xml.ts'

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

function item(input: AlertsFeedInput, alert: Alert) {
  // A link that no longer parses falls back to the home page rather than breaking the feed.
  const link = alert.link && URL.canParse(alert.link, `${input.siteUrl}/`) ? new URL(alert.link, `${input.siteUrl}/`).href : `${input.siteUrl}/`
  const description = [alert.message, alertWindow(alert, input.timeZone)].filter(Boolean).join('\n\n')
  return [
    '    <item>',
    `      ${element('title', `${ALERT_LEVEL_LABELS[alert.level]}: ${alert.title}`)}`,
    `      ${element('link', link)}`,
    // The id, not the address: an edited alert stays the same item in readers.
    `      <guid isPermaLink="false">${escapeXml(`${input.siteUrl}${ALERTS_FEED_PATH}#${alert.id}`)}</guid>`,
    `      ${element('category', alert.level)}`,
    `      ${element('pubDate', rfc822(alert.startsAt))}`,
    `      ${element('description', description)}`,
    '    </item>',
  ]
}

/** An RSS 2.0 feed of the current and upcoming alerts, latest start first. */
export function buildAlertsRss(input: AlertsFeedInput): string {
  const { siteUrl, schoolName, alerts, now } = input
  const newestFirst = [...alerts].sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt))
  const lastChange = alerts.reduce((latest, alert) => Math.max(latest, Date.parse(alert.updatedAt)), -Infinity)
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    ${element('title', `${schoolName}: alerts`)}`,
    `    ${element('link', `${siteUrl}/`)}`,
    `    ${element('description', `Current and upcoming alerts from ${schoolName}`)}`,
    `    <atom:link href="${escapeXml(`${siteUrl}${ALERTS_FEED_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    '    <language>en</language>',
    `    ${element('lastBuildDate', (Number.isFinite(lastChange) ? new Date(lastChange) : now).toUTCString())}`,
    // Readers poll: a minute is as long as an urgent notice may wait in a cache.
    '    <ttl>1</ttl>',
    ...newestFirst.flatMap((alert) => item(input, alert)),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
