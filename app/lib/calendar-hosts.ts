/**
 * Calendar services whose embeds the calendar page may frame. The CSP
 * `frame-src` allows exactly these, so the page only renders a frame the
 * browser will load.
 */
export const CALENDAR_FRAME_ORIGINS = [
  'https://calendar.google.com',
  'https://outlook.office365.com',
  'https://outlook.live.com',
]

/** True for an https address on one of the allowed calendar services. */
export function isEmbeddableCalendarUrl(url: string): boolean {
  if (!URL.canParse(url)) return false
  const { protocol, origin } = new URL(url)
  return protocol === 'https:' && CALENDAR_FRAME_ORIGINS.includes(origin)
}
