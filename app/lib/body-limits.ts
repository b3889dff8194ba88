import { MAX_DOCUMENT_BYTES, MAX_FILES_PER_UPLOAD, MAX_IMAGE_BYTES } from './uploads/upload-rules.ts'

const KB = 1024
const MB = 1024 * KB
const MINUTE = 60_000

export interface BodyLimit {
  /** Bytes of the whole body as sent (encoded); past them the request is refused with 413 and no more is read. */
  maxBytes: number
  /** Time from the request's arrival to the body's last byte; past it the request is refused with 408. */
  maxMs: number
  /** Files a form may carry; one more still reaches the route (which refuses it with its own message), more is refused. */
  maxFiles: number
  /** Bytes kept of one file: one more is kept, so the route can say the file is too large; the rest is dropped as it arrives. */
  maxFileBytes: number
}

/**
 * A staff text form: a blog post of 100,000 characters percent-encoded (up to
 * 9 bytes a character) and the form's other fields.
 */
const STAFF_FORM_BYTES = 2 * MB
/** A school's uplink may be slow: a full gallery upload at 2 Mbit/s takes about 14 minutes. */
const UPLOAD_MS = 15 * MINUTE

/**
 * Every body the site reads, by what it is for. The larger limits apply only
 * to staff whose session and role allow the path (see `server/body-limit.ts`);
 * anyone else, on any path, gets `anyone`.
 */
export const BODY_LIMITS = {
  /**
   * The contact form (1,000 characters of message), sign-in, sign-up, every
   * Better Auth call including passkey responses, the JSON functions, and
   * admin paths without a staff session: all of them a few kilobytes at most.
   */
  anyone: { maxBytes: 64 * KB, maxMs: 10_000, maxFiles: 0, maxFileBytes: 64 * KB },
  /** Staff forms without files: blog posts, sections, themes, users, events and policies given by link. */
  staffForm: { maxBytes: STAFF_FORM_BYTES, maxMs: MINUTE, maxFiles: 0, maxFileBytes: STAFF_FORM_BYTES },
  /** One image with a form: a blog or page cover, an event image, a staff photo, the image picker. */
  imageUpload: { maxBytes: MAX_IMAGE_BYTES + STAFF_FORM_BYTES, maxMs: UPLOAD_MS, maxFiles: 1, maxFileBytes: MAX_IMAGE_BYTES },
  /** The gallery's upload: up to MAX_FILES_PER_UPLOAD images at once. */
  galleryUpload: { maxBytes: MAX_FILES_PER_UPLOAD * MAX_IMAGE_BYTES + STAFF_FORM_BYTES, maxMs: UPLOAD_MS, maxFiles: MAX_FILES_PER_UPLOAD, maxFileBytes: MAX_IMAGE_BYTES },
  /** A policy document with its form. */
  documentUpload: { maxBytes: MAX_DOCUMENT_BYTES + STAFF_FORM_BYTES, maxMs: UPLOAD_MS, maxFiles: 1, maxFileBytes: MAX_DOCUMENT_BYTES },
} as const satisfies Record<string, BodyLimit>

export type BodyLimitName = keyof typeof BODY_LIMITS

/** The longest any body may take to arrive. */
export const LONGEST_BODY_MS = Math.max(...Object.values(BODY_LIMITS).map((limit) => limit.maxMs))

/** The admin routes whose forms carry files. */
const UPLOAD_ROUTES: Record<string, BodyLimitName> = {
  '/admin/gallery': 'galleryUpload',
  '/admin/gallery/upload': 'imageUpload',
  '/admin/image-picker': 'imageUpload',
  '/admin/media': 'imageUpload',
  '/admin/blogs': 'imageUpload',
  '/admin/pages': 'imageUpload',
  '/admin/events': 'imageUpload',
  '/admin/staff': 'imageUpload',
  '/admin/policies': 'documentUpload',
}

/**
 * A path as the router matches it: without the `.data` of client
 * navigations, trailing slashes or case (routes match whatever the case).
 */
export function routePath(pathname: string): string {
  return pathname.toLowerCase().replace(/\.data$/, '').replace(/\/+$/, '') || '/'
}

export function isAdminPath(pathname: string): boolean {
  const path = routePath(pathname)
  return path === '/admin' || path.startsWith('/admin/')
}

/** The content API: its bodies get a collection's staff limit only with a key whose role may use it (`app/lib/api`). */
export const CONTENT_API_PATH = '/api/v1'

export function isContentApiPath(pathname: string): boolean {
  const path = routePath(pathname)
  return path === CONTENT_API_PATH || path.startsWith(`${CONTENT_API_PATH}/`)
}

/** The limit for a staff member allowed on this path; null where staff get no more than anyone. */
export function staffBodyLimitName(pathname: string): BodyLimitName | null {
  if (!isAdminPath(pathname)) return null
  return UPLOAD_ROUTES[routePath(pathname)] ?? 'staffForm'
}

/** What a form read at this path may hold, for the form parser (the byte count itself is the server's). */
export function formLimitFor(pathname: string): BodyLimit {
  return BODY_LIMITS[staffBodyLimitName(pathname) ?? 'anyone']
}

/** "64 KB", "12 MB": a limit as people read it. */
export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`
}
