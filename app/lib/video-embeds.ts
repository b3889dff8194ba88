/**
 * The video services rich text may embed, each by its privacy-friendly
 * player (no tracking cookies until the visitor plays). The CSP `frame-src`
 * allows exactly these origins, and the sanitiser keeps an iframe only when
 * its address is one of these players' (docs/product-rules.md#pages).
 */
export const VIDEO_SERVICES = [
  { origin: 'https://www.youtube-nocookie.com', isPlayerPath: (path: string) => /^\/embed\/[A-Za-z0-9_-]{11}$/.test(path) },
  { origin: 'https://player.vimeo.com', isPlayerPath: (path: string) => /^\/video\/\d{1,12}$/.test(path) },
] as const

export const VIDEO_FRAME_ORIGINS = VIDEO_SERVICES.map((service) => service.origin)

export const VIDEO_MESSAGES = {
  prompt: 'Address of the YouTube or Vimeo video (for example https://www.youtube.com/watch?v=… or https://vimeo.com/…)',
  titlePrompt: 'What the video is about, in a few words (read out by screen readers)',
  refused: 'Only YouTube and Vimeo videos can be embedded: paste the address of the video page.',
  defaultTitle: 'Video',
} as const

/** Whether an iframe's `src` is one of the allowed players, with nothing else (no query, no fragment, no credentials). */
export function isVideoPlayerSource(src: string): boolean {
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return false
  }
  if (url.search || url.hash || url.username || url.password) return false
  return VIDEO_SERVICES.some((service) => service.origin === url.origin && service.isPlayerPath(url.pathname)) && src === `${url.origin}${url.pathname}`
}

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com'])
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/

/**
 * The player address for a video page's address as people copy it:
 * youtube.com/watch?v=…, youtu.be/…, youtube.com/shorts/… or /embed/…,
 * vimeo.com/123 or player.vimeo.com/video/123. Null for anything else.
 */
export function videoPlayerSource(address: string): string | null {
  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.toLowerCase()
  let youtubeId: string | null = null
  if (host === 'youtu.be') youtubeId = url.pathname.slice(1).split('/')[0] ?? null
  else if (YOUTUBE_HOSTS.has(host)) {
    const [first, second] = url.pathname.split('/').filter(Boolean)
    youtubeId = url.pathname === '/watch' ? url.searchParams.get('v') : first === 'embed' || first === 'shorts' || first === 'live' ? (second ?? null) : null
  }
  if (youtubeId !== null) return YOUTUBE_ID.test(youtubeId) ? `https://www.youtube-nocookie.com/embed/${youtubeId}` : null
  if (host === 'vimeo.com' || host === 'www.vimeo.com' || host === 'player.vimeo.com') {
    const id = /^\/(?:video\/)?(\d{1,12})\/?$/.exec(url.pathname)?.[1]
    return id ? `https://player.vimeo.com/video/${id}` : null
  }
  return null
}
