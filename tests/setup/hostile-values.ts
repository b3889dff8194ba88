import { crc32, deflateSync } from 'node:zlib'
import fc from 'fast-check'
import { MAX_DOCUMENT_BYTES, MAX_FILES_PER_UPLOAD, MAX_IMAGE_BYTES } from '#app/lib/uploads/upload-rules.ts'

/*
 * Arbitraries (fast-check) for the hostile-input tests: values a careless
 * or malicious client might send in any field, files that lie about what
 * they are, JSON of the wrong shape, and the form-level tricks (missing,
 * extra and repeated fields).
 */

/**
 * What must never reach a visitor: stack frames, an error followed by a file
 * path, error class names, our sources. No generated value contains any of
 * these, so when an answer does, the server wrote it.
 */
export const LEAK_PATTERNS: readonly RegExp[] = [
  / {4}at \S/,
  /\bstack\b/i,
  /Error:[^\n<"]{0,200}?(?:\/[\w.@-]+){2,}/,
  /node_modules/,
  /\.[cm]?[jt]sx?:\d+:\d+/,
  /\b(?:SqliteError|SQLITE_[A-Z]+|TypeError|ReferenceError|RangeError|SyntaxError|ZodError)\b/,
]

export function leakIn(text: string): RegExp | undefined {
  return LEAK_PATTERNS.find((pattern) => pattern.test(text))
}

const leakFree = (text: string) => leakIn(text) === undefined

/** Strings every field should survive: injections, markup, traversal, control characters, numbers and dates that are not, odd URLs. */
export const MALICIOUS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  '\u00A0\u2003\u3000',
  '\u200B\u200C\u200D\uFEFF',
  '\u202Eevil\u202C',
  'a\u0000b',
  '\u0000',
  '\r\n\r\n',
  '\uD800',
  'e\u0301\u0301\u0301\u0301',
  "' OR 1=1 --",
  "'; DROP TABLE blogs; --",
  '" OR ""="',
  "1' UNION SELECT email, password FROM account --",
  '1; DELETE FROM user',
  '%27%20OR%201%3D1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '{{7*7}}${7*7}<%= 7*7 %>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/png;base64,iVBORw0KGgo=',
  'file:///etc/passwd',
  'ftp://example.org/x',
  '//evil.example/x.png',
  'http://',
  'https://',
  'https://exa mple.org/',
  'https://user:pass@example.org/',
  'http://[::1]:80/',
  'http://169.254.169.254/latest/meta-data/',
  'https://例え.jp/',
  `https://example.org/${'a'.repeat(2_100)}`,
  "https://example.org/x.png');background:url(javascript:alert(1)",
  'https://example.org/"onerror="alert(1)',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/files/../../etc/passwd',
  '/files/gallery/../../../canary.txt',
  '/files/uploads/events/../../canary.txt',
  '/files/nope/x.png',
  '/files/',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '__proto__',
  'constructor',
  'prototype',
  '{"__proto__":{"polluted":true}}',
  '[object Object]',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '4.5',
  '1e309',
  '9007199254740993',
  '0x10',
  '٥',
  '５',
  'true',
  'false',
  'on',
  'null',
  'undefined',
  '[]',
  '{}',
  '2026-02-30T25:61',
  '2027-02-29T10:00',
  '0000-00-00',
  '0000-01-01T00:00',
  '+275760-09-13T00:00',
  '9999-12-31T23:59:59',
  '😀'.repeat(300),
]

/** A string of exactly `length` UTF-16 units made of `filler`. */
export function repeatTo(filler: string, length: number): string {
  return filler.repeat(Math.ceil(length / filler.length)).slice(0, length)
}

/** Fillers that change size on the way: escaped as HTML, CRLF counted as LF, surrogate pairs, combining marks, padding. */
const FILLERS = ['a', '&', '<', '"', 'é', 'e\u0301', '😀', ' ', '\r\n', 'x\r\n']

/**
 * Text just under, at and over a limit of `max` characters, made of fillers
 * that grow or shrink when sanitised, trimmed or normalised, and also padded
 * with spaces (over the limit as sent, at it once trimmed).
 */
export function textAround(max: number, wrap: (text: string) => string = (text) => text): fc.Arbitrary<string> {
  return fc.oneof(
    fc.tuple(fc.constantFrom(...FILLERS), fc.integer({ min: -2, max: 2 })).map(([filler, delta]) => wrap(repeatTo(filler, Math.max(1, max + delta)))),
    fc.constant(wrap(`  ${repeatTo('b', max)}  `)),
  )
}

/** Any text: the curated nasty values, random unicode and bytes, and sizes far over every limit. */
export const hostileText: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 5, arbitrary: fc.constantFrom(...MALICIOUS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 120 }) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...FILLERS), fc.integer({ min: 2_001, max: 120_000 })).map(([filler, length]) => repeatTo(filler, length)) },
  )
  .filter(leakFree)

/** Plausible text of up to `max` characters (words, unicode, markup shown as text), never empty once trimmed. */
export function plainText(max: number): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,.!?'-]{0,40}$/),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(max, 60) }),
      fc.constantFrom('Été à l’école', 'Ünïcödé 🚀 fun', '<b>not markup</b> & more', "O'Brien; DROP TABLE x", 'Line one\r\nLine two'),
      fc.constant(repeatTo('m', max)),
    )
    .filter((text) => text.replace(/\r\n?/g, '\n').trim().length > 0 && text.replace(/\r\n?/g, '\n').trim().length <= max && leakFree(text))
}

/** A field's value: a plausible one, a hostile one, or the field left out (undefined). */
export function fieldValue(valid: readonly string[] | fc.Arbitrary<string>, ...more: fc.Arbitrary<string>[]): fc.Arbitrary<string | undefined> {
  const plausible = Array.isArray(valid) ? fc.constantFrom(...(valid as readonly string[])) : (valid as fc.Arbitrary<string>)
  return fc.oneof(
    { weight: 3, arbitrary: plausible },
    { weight: 3, arbitrary: hostileText },
    ...more.map((arbitrary) => ({ weight: 2, arbitrary })),
    { weight: 1, arbitrary: fc.constant(undefined) },
  )
}

/** Dates a `datetime-local` field might receive, real and not, including the nights the clocks change in Europe. */
export const VALID_WALL_CLOCKS = ['2027-03-14T09:00', '2027-03-14T15:30', '2027-12-01T00:00', '2028-02-29T10:00', '2027-03-14T09:00:30', '0100-01-01T00:00', '9999-12-31T23:59']
export const DST_WALL_CLOCKS = ['2027-03-28T01:30', '2027-03-28T02:00', '2027-03-28T00:59', '2027-10-31T01:30', '2027-10-31T01:59', '2027-10-31T02:00']
export const BAD_WALL_CLOCKS = ['2027-02-29T10:00', '2027-13-01T00:00', '2027-03-14T24:00', '2027-03-14T09:60', '2027-03-14 09:00', '2027-03-14T09:00Z', '2027-03-14', '0000-01-01T00:00', '0099-12-31T23:59', '10000-01-01T00:00', 'NaN', '']

export const dateValue = fieldValue([...VALID_WALL_CLOCKS, ...DST_WALL_CLOCKS], fc.constantFrom(...BAD_WALL_CLOCKS))

/** Links as typed or picked: ours, the web's, and the ones that must be refused. */
export const VALID_LINKS = ['', 'https://example.org/a.png', 'http://example.org/doc.pdf', '/files/gallery/general/x.webp', '/files/policies/p.pdf', ' https://example.org/padded.png ']
export const linkValue = fieldValue(VALID_LINKS)
/** Image addresses: ours, or the web's over https only (the pages load images over https only). */
export const VALID_IMAGE_LINKS = VALID_LINKS.filter((link) => !link.startsWith('http://'))
export const imageLinkValue = fieldValue(VALID_IMAGE_LINKS)

// ——— files ———

export type FormFile = { name: string; type: string; bytes: Uint8Array }

export function pngChunk(type: string, data: Uint8Array) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A PNG of the given size (RGB, one colour); `rows` limits the pixel data written, for truncated or lying images. */
export function png(width: number, height: number, rows = height): Uint8Array {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7a)])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: Math.min(rows, height) }, () => row)))
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', new Uint8Array())])
}

export const VALID_PNG: FormFile = { name: 'photo.png', type: 'image/png', bytes: png(8, 8) }
export const VALID_PDF: FormFile = {
  name: 'policy.pdf',
  type: 'application/pdf',
  bytes: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
}

let oversized: { image: FormFile; document: FormFile } | undefined
/** Files one byte over the limits (allocated once, when first drawn). */
function oversizedFiles() {
  oversized ??= {
    image: { name: 'huge.png', type: 'image/png', bytes: Buffer.concat([png(8, 8), Buffer.alloc(MAX_IMAGE_BYTES + 1 - png(8, 8).length)]) },
    document: { name: 'huge.pdf', type: 'application/pdf', bytes: Buffer.concat([VALID_PDF.bytes, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - VALID_PDF.bytes.length)]) },
  }
  return oversized
}

/** Files as a browser or a script could send them: real ones, lies about the type, empty, too big, bombs, scripts named .png. */
export const hostileFile: fc.Arbitrary<FormFile> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(VALID_PNG) },
  { weight: 1, arbitrary: fc.constant(VALID_PDF) },
  {
    weight: 6,
    arbitrary: fc.constantFrom<FormFile>(
      { name: 'evil.png', type: 'image/png', bytes: Buffer.from('<?php system($_GET["c"]); ?>') },
      { name: 'xss.png', type: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'image.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
      { name: 'svg.png', type: 'image/png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
      { name: 'empty.png', type: 'image/png', bytes: new Uint8Array() },
      { name: '', type: 'application/octet-stream', bytes: new Uint8Array() },
      { name: 'truncated.png', type: 'image/png', bytes: png(64, 64).slice(0, 60) },
      { name: 'lying-header.png', type: 'image/png', bytes: png(4_000, 4_000, 2) },
      { name: 'pixel-flood.png', type: 'image/png', bytes: png(30_000, 30_000, 1) },
      { name: 'photo.pdf', type: 'application/pdf', bytes: png(8, 8) },
      { name: 'page.pdf', type: 'application/pdf', bytes: Buffer.from('<html><body onload="alert(1)">not a pdf</body></html>') },
      { name: '../../escape.pdf', type: 'application/pdf', bytes: VALID_PDF.bytes },
      { name: '..\\..\\escape.png', type: 'image/png', bytes: VALID_PNG.bytes },
      { name: 'a\u0000b.png', type: 'image/png', bytes: VALID_PNG.bytes },
      { name: `${'n'.repeat(5_000)}.png`, type: 'image/png', bytes: VALID_PNG.bytes },
      { name: '   ', type: 'image/png', bytes: VALID_PNG.bytes },
      { name: 'evil.exe.pdf', type: 'application/x-msdownload', bytes: Buffer.from('MZ\x90\x00\x03') },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('image', 'document').map((kind) => (kind === 'image' ? oversizedFiles().image : oversizedFiles().document)) },
  {
    weight: 2,
    arbitrary: fc.record({ name: hostileText.map((text) => text.slice(0, 300)), type: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/html', ''), bytes: fc.uint8Array({ maxLength: 256 }) }),
  },
)

/** Several files under one field name: none, a few, or more than one upload may hold. */
export const hostileFiles: fc.Arbitrary<FormFile[]> = fc.oneof(
  fc.array(hostileFile, { maxLength: 3 }),
  fc.constant(Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, () => VALID_PNG)),
)

// ——— JSON ———

/** JSON values of every shape, with the keys that pollute prototypes when merged carelessly. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileText,
  fc.constantFrom<unknown>(null, true, 0, -1, 1e308, -1e308, 0.5, 101, [], {}, [null], { __proto__: null, polluted: true }, JSON.parse('{"__proto__":{"polluted":true}}'), { constructor: { prototype: { polluted: true } } }),
)

/** Request bodies that are not (or not quite) the JSON that was asked for. */
export const HOSTILE_JSON_TEXTS = ['', ' ', '{', '}', '"', 'null', '[]', '1e999', 'NaN', '{"a":1,"a":2}', '{"__proto__":{"isAdmin":true}}', '\u0000', '{"email":"x@example.org",}', "{'single':'quotes'}", `[${'['.repeat(5_000)}`]

/** Replaces, removes or adds one leaf of a JSON value, picked by `pick`. */
export function mutateJson(value: unknown, pick: number, leaf: unknown, how: 'replace' | 'remove' | 'add'): unknown {
  const paths: (string | number)[][] = []
  const walk = (node: unknown, path: (string | number)[]) => {
    paths.push(path)
    if (Array.isArray(node)) node.forEach((child, index) => walk(child, [...path, index]))
    else if (node && typeof node === 'object') for (const [key, child] of Object.entries(node)) walk(child, [...path, key])
  }
  walk(value, [])
  const path = paths[pick % paths.length]!
  if (path.length === 0) return how === 'remove' ? undefined : leaf
  const copy: unknown = structuredClone(value)
  let parent = copy as Record<string | number, unknown>
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
  const last = path.at(-1)!
  if (how === 'replace') parent[last] = leaf
  else if (how === 'remove') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1)
    else delete parent[last]
  } else if (Array.isArray(parent)) parent.push(leaf)
  else Object.defineProperty(parent, typeof leaf === 'string' && leaf.length < 30 ? leaf : `extra${pick}`, { value: leaf, enumerable: true, writable: true, configurable: true })
  return copy
}

// ——— forms ———

export type FormValue = string | FormFile
export type FormEntries = [string, FormValue][]

/** Field names a form never has, some of which pollute prototypes when a server merges forms carelessly. */
export const EXTRA_FIELD_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '_data', 'index', 'role', 'isAdmin', '', 'a'.repeat(300)]

export const extraEntries: fc.Arbitrary<FormEntries> = fc.array(
  fc.tuple(fc.constantFrom(...EXTRA_FIELD_NAMES), fc.oneof({ weight: 4, arbitrary: hostileText.map((text): FormValue => text) }, { weight: 1, arbitrary: hostileFile.map((file): FormValue => file) })),
  { minLength: 1, maxLength: 3 },
)

// ——— request bodies ———

/** Every path anyone may post to without signing in: the actions, Better Auth, the functions, pages and files that take no body, admin paths. */
export const PUBLIC_POST_PATHS = [
  '/?index',
  '/',
  '/gallery',
  '/blogs',
  '/blogs/no-such-post',
  '/policies',
  '/calendar',
  '/auth',
  '/auth/reset-password',
  '/admin',
  '/admin/gallery',
  '/admin/policies',
  '/admin/image-picker',
  '/admin/users.data',
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/sign-out',
  '/api/auth/passkey/verify-authentication',
  '/api/functions/create-user',
  '/api/changes',
  '/files/gallery/general/x.webp',
  '/blogs/rss.xml',
  '/calendar.ics',
  '/sitemap.xml',
  '/robots.txt',
  '/no-such-page',
] as const

/** The start of a body of each kind, before endless filler: the routes begin to parse before the end never comes. */
export const BODY_OPENINGS: Record<string, string> = {
  'application/json': '{"email":"parent@example.org","password":"',
  'application/x-www-form-urlencoded': 'name=A+Parent&email=parent%40example.org&message=',
  'multipart/form-data; boundary=hostile': '--hostile\r\nContent-Disposition: form-data; name="images"; filename="endless.png"\r\nContent-Type: image/png\r\n\r\n',
}
