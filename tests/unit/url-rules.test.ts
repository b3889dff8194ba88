import { describe, expect, test } from 'vitest'
import {
  INVALID_URL,
  isDocumentLink,
  isEmbeddableCalendarUrl,
  isExternalUrl,
  isImageSource,
  isStorageKey,
  isStoredFileUrl,
  isVisitorLink,
  MAX_URL_LENGTH,
  parseStoredFileUrl,
} from '#app/lib/url-rules.ts'
import { documentLinkOrNull, imageSource, imageSourceOrEmpty, imageSourceOrNull } from '#app/lib/url-schemas.ts'

/** Addresses no rule accepts: each has fooled a URL check somewhere. */
const HOSTILE: [label: string, url: string][] = [
  ['empty', ''],
  ['protocol-relative', '//evil.com/a.png'],
  ['backslash protocol-relative', '/\\evil.com/a.png'],
  ['a script', 'javascript:alert(1)'],
  ['a script in capitals', 'JAVASCRIPT:alert(1)'],
  ['data', 'data:image/png;base64,AAAA'],
  ['one slash after the scheme', 'http:/x'],
  ['no slash after the scheme', 'https:evil.com'],
  ['three slashes', 'https:///evil.com/a.png'],
  ['leading space', ' https://example.org/a.png'],
  ['trailing newline', 'https://example.org/a.png\n'],
  ['a tab inside', 'https://exa\tmple.org/a.png'],
  ['a zero-width space', 'https://example.org/\u200ba.png'],
  ['a quote that closes a CSS string', 'https://example.org/a.png")'],
  ['a parenthesis', 'https://example.org/a(1).png'],
  ['an angle bracket', 'https://example.org/<a>.png'],
  ['credentials', 'https://user:secret@example.org/a.png'],
  ['a host hidden behind credentials', 'https://example.org@evil.com/a.png'],
  ['no host', 'https://'],
  ['a bare word', 'not a url'],
  ['a path of another page', '/admin/x'],
  ['a parent directory in the files path', '/files/../x'],
  ['a parent directory in the key', '/files/gallery/../a.webp'],
  ['an encoded slash in the key', '/files/gallery/..%2Fa.webp'],
  ['an encoded parent directory', '/files/gallery/%2e%2e/a.webp'],
  ['a capital bucket', '/files/Gallery/a.webp'],
  ['no key', '/files/gallery/'],
  ['a key that starts with a dot', '/files/gallery/.env'],
  ['a double slash in the key', '/files/gallery//a.webp'],
  ['a space in the key', '/files/gallery/a b.webp'],
  ['overlong', `https://example.org/${'a'.repeat(MAX_URL_LENGTH)}`],
]

describe('stored-file URL', () => {
  test.each(['/files/gallery/a.webp', '/files/gallery/trip-2027/0b7c.w480.webp', '/files/policies/uniform.pdf', '/files/avatars/ada.png'])('accepted: %s', (url) => {
    expect(isStoredFileUrl(url)).toBe(true)
  })

  test.each([...HOSTILE, ['an external address', 'https://example.org/a.png']])('refused: %s', (_label, url) => {
    expect(isStoredFileUrl(url)).toBe(false)
  })

  test('a bucket, when named, must match', () => {
    expect(isStoredFileUrl('/files/policies/a.pdf', 'policies')).toBe(true)
    expect(isStoredFileUrl('/files/gallery/a.pdf', 'policies')).toBe(false)
  })

  test('parses into bucket and key', () => {
    expect(parseStoredFileUrl('/files/gallery/events/abc.webp')).toEqual({ bucket: 'gallery', key: 'events/abc.webp' })
    expect(parseStoredFileUrl('/files/gallery/../a.webp')).toBeNull()
  })

  test('storage keys: simple segments, at most 8 of them and 512 characters', () => {
    expect(isStorageKey('a/b/c.webp')).toBe(true)
    expect(isStorageKey(Array(9).fill('a').join('/'))).toBe(false)
    expect(isStorageKey(`${'a'.repeat(128)}/${'b'.repeat(128)}/${'c'.repeat(128)}/${'d'.repeat(128)}`)).toBe(false)
    expect(isStorageKey('a..b')).toBe(false)
    expect(isStorageKey('/a')).toBe(false)
  })
})

describe('external URL', () => {
  test.each(['https://example.org/a.png', 'http://example.org/', 'https://example.org:8443/a?b=c&d=%2F#top', 'https://bücher.example/a.png'])('accepted: %s', (url) => {
    expect(isExternalUrl(url)).toBe(true)
  })

  test.each([...HOSTILE, ['a capital scheme', 'HTTPS://example.org/a.png'], ['a stored file', '/files/gallery/a.webp'], ['ftp', 'ftp://example.org/a']])('refused: %s', (_label, url) => {
    expect(isExternalUrl(url)).toBe(false)
  })

  test('https only when asked', () => {
    expect(isExternalUrl('http://example.org/a.png', { httpsOnly: true })).toBe(false)
    expect(isExternalUrl('https://example.org/a.png', { httpsOnly: true })).toBe(true)
  })

  test('up to the length limit', () => {
    const url = 'https://example.org/'
    expect(isExternalUrl(url + 'a'.repeat(MAX_URL_LENGTH - url.length))).toBe(true)
    expect(isExternalUrl(url + 'a'.repeat(MAX_URL_LENGTH - url.length + 1))).toBe(false)
  })
})

describe('image source', () => {
  test.each(['/files/gallery/a.webp', 'https://example.org/a.png'])('accepted: %s', (url) => expect(isImageSource(url)).toBe(true))

  test.each([...HOSTILE, ['plain http (the CSP loads images over https only)', 'http://example.org/a.png']])('refused: %s', (_label, url) => {
    expect(isImageSource(url)).toBe(false)
  })
})

describe('document link', () => {
  test('a stored file in the bucket, or an http(s) address', () => {
    expect(isDocumentLink('/files/policies/a.pdf', 'policies')).toBe(true)
    expect(isDocumentLink('/files/gallery/a.webp', 'policies')).toBe(false)
    expect(isDocumentLink('http://example.org/a.pdf')).toBe(true)
    for (const [, url] of HOSTILE) expect(isDocumentLink(url), url).toBe(false)
  })
})

describe('visitor link', () => {
  test.each(['/calendar', '/blogs/snow-day#times', '/', '/files/policies/p.pdf', 'https://example.org/a', 'http://example.org/'])('accepted: %s', (url) => expect(isVisitorLink(url)).toBe(true))
  // A path of this site is fine here (it is where the link leads), so the hostile list's "a path of another page" is not refused.
  test.each(HOSTILE.filter(([label]) => label !== 'a path of another page'))('refused: %s', (_label, url) => expect(isVisitorLink(url)).toBe(false))
  test('up to the length limit', () => {
    expect(isVisitorLink(`/${'a'.repeat(MAX_URL_LENGTH - 1)}`)).toBe(true)
    expect(isVisitorLink(`/${'a'.repeat(MAX_URL_LENGTH)}`)).toBe(false)
  })
})

describe('embeddable calendar URL', () => {
  test('an embed page of a known service', () => {
    expect(isEmbeddableCalendarUrl('https://calendar.google.com/calendar/embed?src=a%40b.org')).toBe(true)
    expect(isEmbeddableCalendarUrl('https://outlook.live.com/owa/calendar/abc/calendar.html')).toBe(true)
  })

  test.each([
    ...HOSTILE,
    ['a capital scheme', 'HTTPS://calendar.google.com/calendar/embed'],
    ['leading space', ' https://calendar.google.com/calendar/embed'],
    ['another service', 'https://calendar.example.org/calendar/embed'],
    ['plain http', 'http://calendar.google.com/calendar/embed'],
  ])('refused: %s', (_label, url) => expect(isEmbeddableCalendarUrl(url)).toBe(false))
})

describe('schema helpers', () => {
  const message = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

  test('imageSource trims and refuses with the one message', () => {
    expect(imageSource().parse('  /files/gallery/a.webp ')).toBe('/files/gallery/a.webp')
    expect(message(imageSource().safeParse(''))).toBe(INVALID_URL)
    expect(message(imageSource().safeParse('javascript:alert(1)'))).toBe(INVALID_URL)
    expect(message(imageSource().safeParse(42))).toBe(INVALID_URL)
  })

  test('imageSourceOrEmpty keeps an empty value', () => {
    expect(imageSourceOrEmpty().parse('  ')).toBe('')
    expect(message(imageSourceOrEmpty().safeParse('//evil.com/a.png'))).toBe(INVALID_URL)
  })

  test('imageSourceOrNull and documentLinkOrNull turn empty into null', () => {
    expect(imageSourceOrNull().parse(undefined)).toBeNull()
    expect(imageSourceOrNull().parse(' ')).toBeNull()
    expect(imageSourceOrNull().parse('https://example.org/a.png')).toBe('https://example.org/a.png')
    expect(message(imageSourceOrNull().safeParse('http://example.org/a.png'))).toBe(INVALID_URL)
    expect(documentLinkOrNull('policies').parse('/files/policies/a.pdf')).toBe('/files/policies/a.pdf')
    expect(message(documentLinkOrNull('policies').safeParse('/files/gallery/a.webp'))).toBe(INVALID_URL)
    expect(message(documentLinkOrNull().safeParse('x'.repeat(3000)))).toBe(INVALID_URL)
  })
})
