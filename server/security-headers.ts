import { randomBytes } from 'node:crypto'
import type { RequestHandler } from 'express'
import helmet from 'helmet'
import { isAdminPath, routePath } from '#app/lib/body-limits.ts'
import { CALENDAR_FRAME_ORIGINS } from '#app/lib/calendar-hosts.ts'
import { VIDEO_FRAME_ORIGINS } from '#app/lib/video-embeds.ts'

/**
 * Browser features no page of the site uses, turned off for it and for every
 * frame it embeds; passkeys (WebAuthn) work on our own pages only.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

/** Answers that carry one person's data or session: never kept by a browser's or a proxy's cache. */
function isPrivatePath(pathname: string) {
  const path = routePath(pathname)
  return isAdminPath(path) || path.startsWith('/api/auth/') || path.startsWith('/api/functions/')
}

const NONCE_SOURCE = /'nonce-[^']*'/

/**
 * The policy for a page allowed by its inline scripts' hashes instead of
 * this response's nonce (a page from the cache, server/page-cache.ts): every
 * other directive stays as it is.
 */
export function withScriptHashes(policy: string, hashes: readonly string[]): string {
  return policy.replace(NONCE_SOURCE, hashes.join(' ')).replace(/ +;/g, ';')
}

/**
 * Security headers for every response, with a per-request nonce for the
 * inline scripts React Router writes. HSTS and upgrade-insecure-requests only
 * when the site is served over HTTPS: many schools start on a plain LAN address.
 */
export function securityHeaders(options: { https: boolean; development: boolean }): RequestHandler[] {
  const assignNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64')
    next()
  }
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`],
        'style-src': ["'self'", "'unsafe-inline'"],
        // blob: previews the photos chosen in an upload dialog before they are sent (only our own scripts can make one).
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        // Vite's hot reload talks over a WebSocket in development. blob: is a photo chosen in an upload dialog,
        // which Chromium reads through its preview's object URL (only our own scripts can make one).
        'connect-src': options.development ? ["'self'", 'blob:', 'ws:'] : ["'self'", 'blob:'],
        // The calendar page's embed, and the video players rich text may hold (video-embeds.ts).
        'frame-src': ["'self'", ...CALENDAR_FRAME_ORIGINS, ...VIDEO_FRAME_ORIGINS],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  const policies: RequestHandler = (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    if (isPrivatePath(req.path)) res.setHeader('Cache-Control', 'no-store')
    next()
  }
  // Feed readers and link previews on other sites show our stored images.
  const shareFiles: RequestHandler = (req, res, next) => {
    if (req.path.startsWith('/files/')) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    next()
  }
  return [assignNonce, headers, policies, shareFiles]
}
