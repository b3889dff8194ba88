import { create } from 'content-disposition'

const MAX_NAME_CHARACTERS = 100
const GENERIC_NAME = 'document'
/** Characters that Windows, macOS or Linux refuse in a file name, or that name another folder. */
const FORBIDDEN_IN_FILE_NAMES = /[<>:"/\\|?*]+/g
/** Control characters (tabs, line breaks), read as spaces. */
const CONTROL = /\p{Cc}/gu
/** Invisible formatting characters, dropped: a right-to-left override can make "fdp.exe" look like "exe.pdf". */
const INVISIBLE = /\p{Cf}/gu

function tidy(name: string): string {
  return name
    .replace(/\s+/g, ' ')
    // No leading dot (a hidden file), no trailing dot or space (Windows drops them).
    .replace(/^[.\s]+|[.\s]+$/g, '')
}

/**
 * A file name for a download, from a title typed by staff: only characters
 * every system accepts in a file name, at most 100 characters, ending in
 * the stored file's extension.
 */
export function downloadFileName(title: string, extension: string): string {
  const cleaned = tidy(title.normalize('NFC').replace(CONTROL, ' ').replace(INVISIBLE, '').replace(FORBIDDEN_IN_FILE_NAMES, ' '))
  const base = tidy(Array.from(cleaned).slice(0, MAX_NAME_CHARACTERS).join('')) || GENERIC_NAME
  if (!extension || base.toLowerCase().endsWith(`.${extension.toLowerCase()}`)) return base
  return `${base}.${extension}`
}

/** The same name in plain ASCII, for clients that ignore the UTF-8 one: accents dropped, typographic apostrophes made plain. */
function asciiFileName(name: string, extension: string): string {
  const ascii = tidy(
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
      .replace(/[^\x20-\x7E]/g, '')
      // Compatibility forms can decompose into forbidden characters (a full-width solidus into '/').
      .replace(FORBIDDEN_IN_FILE_NAMES, ' '),
  )
  const base = extension ? ascii.slice(0, -(extension.length + 1)) : ascii
  return /[A-Za-z0-9]/.test(base) ? ascii : downloadFileName(GENERIC_NAME, extension)
}

/**
 * Content-Disposition for a stored document: always a download, never shown
 * by the browser on this site's origin (a PDF can carry scripts), under the
 * title it was published with, or else under its stored name.
 */
export function attachmentDisposition(title: string | null, key: string): string {
  const storedName = key.split('/').pop() ?? key
  if (title === null) return create(storedName)
  const extension = /\.([A-Za-z0-9]+)$/.exec(storedName)?.[1] ?? ''
  const name = downloadFileName(title, extension)
  return create(name, { fallback: asciiFileName(name, extension) })
}
