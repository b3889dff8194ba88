/**
 * The calendar services whose published calendars the calendar page frames,
 * with the path of their embed pages. The CSP `frame-src` allows exactly
 * these origins; `isEmbeddableCalendarUrl` (url-rules.ts) checks the calendar
 * link against this list when it is saved and again when the page renders, so
 * only an address the browser will load is stored or shown.
 */
export const CALENDAR_SERVICES = [
  { origin: 'https://calendar.google.com', example: 'https://calendar.google.com/calendar/embed?src=…', isEmbedPath: (path: string) => path === '/calendar/embed' },
  { origin: 'https://outlook.office365.com', example: 'https://outlook.office365.com/owa/calendar/…', isEmbedPath: (path: string) => path.startsWith('/owa/calendar/') },
  { origin: 'https://outlook.live.com', example: 'https://outlook.live.com/owa/calendar/…', isEmbedPath: (path: string) => path.startsWith('/owa/calendar/') },
] as const

export const CALENDAR_FRAME_ORIGINS = CALENDAR_SERVICES.map((service) => service.origin)

const [google, office365, outlookLive] = CALENDAR_SERVICES

/** The accepted forms of address, for the admin to read before saving. */
export const CALENDAR_URL_FORMS = CALENDAR_SERVICES.map((service) => service.example)

/** What the admin reads when an address is refused: every accepted form of address, in words. */
export const CALENDAR_URL_REFUSAL = `Paste the embed address of a Google Calendar (${google.example}) or of an Outlook calendar (${office365.example} or ${outlookLive.example}).`
