import fs from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { alertActionSchema, alertSchema } from '#app/domain/alert/alert.schema.ts'
import { BLOG_LIMITS, blogActionSchema, blogSchema } from '#app/domain/blog/blog.schema.ts'
import { contactMessageActionSchema } from '#app/domain/contact/contact-message.schema.ts'
import { accountActionSchema } from '#app/domain/user/account-security.ts'
import { contactMessageSchema } from '#app/domain/contact/contact.schema.ts'
import { NEWS_CHOICES, subscribeSchema } from '#app/domain/subscription/subscription.schema.ts'
import { eventActionSchema, eventSchema } from '#app/domain/event/event.schema.ts'
import { DEFAULT_FOLDER, galleryActionSchema, galleryFolderSchema, galleryUploadSchema, uploadFolderOf, uploadTitles } from '#app/domain/gallery/gallery.schema.ts'
import { altText } from '#app/domain/media/media.schema.ts'
import { policiesScreenActionSchema, policyActionSchema, policyCategorySchema, policySchema } from '#app/domain/policy/policy.schema.ts'
import { EDITABLE_SECTION_KEYS, sectionActionSchema } from '#app/domain/section/section-forms.ts'
import { FEATURE_ICONS, sectionSchemas } from '#app/domain/section/section.schema.ts'
import { testimonialActionSchema, testimonialSchema } from '#app/domain/testimonial/testimonial.schema.ts'
import { COLOR_KEYS, SECTION_STYLE_KEYS, themeActionSchema, themeInputSchema } from '#app/domain/theme/theme.schema.ts'
import { credentialsSchema } from '#app/domain/user/credentials.schema.ts'
import { editUserSchema, USER_FUNCTIONS, userActionSchema } from '#app/domain/user/user-admin.schema.ts'
import { invitationActionSchema } from '#app/domain/user/invitation.schema.ts'
import { API_KEY_ROLES, apiKeyActionSchema, apiKeySchema } from '#app/services/api/api-key.schema.ts'
import { BODY_LIMITS } from '#app/lib/body-limits.ts'
import { chosenFile } from '#app/lib/uploads/upload-rules.ts'
import { zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { ALERT_LEVELS, SCHOOL_STATUSES } from '#db/tables/notifications.ts'
import { PROFILE_STATUSES, ROLES } from '#db/tables/people.ts'
import { signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'
import {
  BAD_WALL_CLOCKS,
  BODY_OPENINGS,
  dateValue,
  DST_WALL_CLOCKS,
  extraEntries,
  fieldValue,
  hostileFile,
  hostileFiles,
  HOSTILE_JSON_TEXTS,
  hostileJsonValue,
  hostileText,
  leakIn,
  imageLinkValue,
  mutateJson,
  plainText,
  PUBLIC_POST_PATHS,
  repeatTo,
  textAround,
  VALID_IMAGE_LINKS,
  VALID_PDF,
  VALID_PNG,
  VALID_WALL_CLOCKS,
  type FormEntries,
  type FormFile,
  type FormValue,
} from '#tests/setup/hostile-values.ts'
import { sendChunked, sendSlowly, withPeakMemory, type RawAnswer } from '#tests/setup/raw-http.ts'
import type { StoredRow } from '#tests/setup/stored-rows.ts'
import { formTokensOf, pageFormToken } from '#tests/setup/form-token.ts'

/*
 * Property-based tests (fast-check): random and malicious values at every
 * action of the site (the contact form, each admin route and each of its
 * intents, the image picker, the JSON functions, the sign-in endpoints).
 *
 * Every answer must be a success or a clear refusal: never a 5xx, never a
 * stack trace or a file path, and a 4xx says in words what was wrong. Every
 * success must have stored what the route's own schema makes of the form,
 * and after it every row of the tables it writes must still pass the app's
 * rules. A third of the forms are valid throughout and must succeed.
 *
 * HOSTILE_RUNS (default 60) sets the runs per property, HOSTILE_SEED the
 * seed (fixed, printed on failure with the failing input), and
 * HOSTILE_SHRINK=true lets fast-check shrink a failure to a smaller input.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 60)
const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_123)
const PARAMETERS = { numRuns: RUNS, seed: SEED, endOnFailure: process.env.HOSTILE_SHRINK !== 'true' }
/** Each property its own seed (derived from SEED and its name), so that they do not all draw the same values. */
function parametersFor(name: string) {
  let seed = SEED
  for (const character of name) seed = (Math.imul(seed, 31) + character.charCodeAt(0)) | 0
  return { ...PARAMETERS, seed }
}
const ADMIN = { ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' }
/** A zone with summer time, so that clocks-change nights are among the dates tried. */
const TIME_ZONE = 'Europe/London'
const MISSING_ID = '00000000-0000-4000-8000-000000000000'
/** Not a message at all. */
const NOT_A_MESSAGE = /\[object Object\]|^\s*(?:undefined|null|NaN|Error)\s*$/

let app: AppProcess
let cookie: string
let adminId: string
let contactToken: string
let contactTokenAt: number
/** Unused contact-form tokens, each from its own rendering of the form: a token carries one message. */
const freshContactTokens: string[] = []
/** A contact-form token kept for the contact messages' test, which needs one message stored. */
let keptContactToken: string
/** Unused subscription-form tokens, and when they were rendered. */
const subscriptionTokens: string[] = []
let subscriptionTokensAt: number

/** Renders the home page `count` times (a few at once) for as many new form tokens, and notes when. */
async function renderContactTokens(count: number) {
  for (let start = 0; start < count; start += 8) {
    freshContactTokens.push(...(await Promise.all(Array.from({ length: Math.min(8, count - start) }, () => pageFormToken(`${app.url}/`)))))
  }
  contactTokenAt = Date.now()
}

/** Renders /subscribe `count` times (a few at once) for its form tokens, and notes when. */
async function renderSubscriptionTokens(count: number) {
  for (let start = 0; start < count; start += 8) {
    const pages = await Promise.all(Array.from({ length: 8 }, () => fetch(`${app.url}/subscribe`)))
    for (const page of pages) subscriptionTokens.push(...formTokensOf(page, await page.text()))
  }
  subscriptionTokensAt = Date.now()
}

/** A token no message has used yet (the shared one when they have run out: a message sent with it may be refused). */
function unusedContactToken() {
  return freshContactTokens.pop() ?? contactToken
}

beforeAll(async () => {
  // TEST is set by vitest and inherited: Better Auth would then skip its origin and CSRF checks, as no production server does.
  app = await startApp({ ...ADMIN, SEED_DEMO: 'true', AUTH_RATE_LIMIT: 'false', TRUST_PROXY: 'true', TIME_ZONE, TEST: '' })
  // Files no request may reach: traversal out of the store would find them.
  fs.writeFileSync(path.join(app.dataDir, 'canary.txt'), 'canary')
  fs.writeFileSync(path.join(app.dataDir, 'storage', 'canary.txt'), 'canary')
  const session = await signIn(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)
  expect(session.status).toBe(200)
  cookie = session.cookie
  adminId = rows<{ id: string }>('select id from user where email = ?', ADMIN.ADMIN_EMAIL)[0]!.id
  contactToken = await pageFormToken(`${app.url}/`)
  // The public forms' tokens are rendered now, so that by the time their tests run the 3 s a form
  // must have been on screen have long passed and the tests need not wait them out.
  // Enough unused tokens for every form built on a valid one, and every form at the limits.
  await renderContactTokens(2 * RUNS + 21)
  keptContactToken = freshContactTokens.shift()!
  await renderSubscriptionTokens(2 * RUNS + 20)
  // A start with demo content, then some 300 pages: more than the usual minute on a busy machine.
}, 120_000)

afterAll(async () => {
  if (!app) return
  expect(fs.readFileSync(path.join(app.dataDir, 'canary.txt'), 'utf8')).toBe('canary')
  expect(fs.readFileSync(path.join(app.dataDir, 'storage', 'canary.txt'), 'utf8')).toBe('canary')
  await app.stop()
})

// ——— the database, read-only ———

function rows<Row>(sql: string, ...parameters: (string | number | null)[]): Row[] {
  const database = new DatabaseSync(path.join(app.dataDir, 'school.sqlite'), { readOnly: true, timeout: 5_000 })
  try {
    return database.prepare(sql).all(...parameters) as Row[]
  } finally {
    database.close()
  }
}

/** An id of a row that exists when the run starts (picked as the form is drawn), or MISSING_ID in an empty table. */
function existingId(table: string, where = 'true'): fc.Arbitrary<string> {
  return fc.nat().map((n) => {
    const ids = rows<{ id: string }>(`select id from "${table}" where ${where} order by rowid`).map((row) => row.id)
    return ids.length ? ids[n % ids.length]! : MISSING_ID
  })
}

/** Any id: one that exists, one that does not, or hostile text. */
function anyId(table: string, where?: string): fc.Arbitrary<string | undefined> {
  return fieldValue(existingId(table, where), fc.constant(MISSING_ID))
}

function newestRows<Row>(table: string, count = 1): Row[] {
  return rows<Row>(`select * from "${table}" order by rowid desc limit ?`, count)
}

function storedFileExists(url: string) {
  const match = /^\/files\/([a-z]+)\/(.+)$/.exec(url)
  return !!match && fs.existsSync(path.join(app.dataDir, 'storage', match[1]!, match[2]!))
}

/** The rows of `tables` and the names of every stored file: what a refused request must not change. */
function snapshot(tables: readonly string[]) {
  const files = (fs.readdirSync(path.join(app.dataDir, 'storage'), { recursive: true }) as string[]).sort()
  return JSON.stringify([tables.map((table) => rows(`select * from "${table}" order by rowid`)), files])
}

// ——— what the server receives ———

function toFile(file: FormFile) {
  return new File([new Uint8Array(file.bytes)], file.name, { type: file.type })
}

/** The form as the server's `Object.fromEntries(formData)` sees it: the last value of a repeated name wins; multipart sends line breaks as CRLF. */
function received(entries: FormEntries, multipart: boolean, { stringsOnly = false } = {}): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [name, value] of entries) {
    if (stringsOnly && typeof value !== 'string') continue
    const sent = typeof value === 'string' ? (multipart ? value.replace(/\r?\n|\r/g, '\r\n') : value).toWellFormed() : toFile(value)
    Object.defineProperty(values, name.toWellFormed(), { value: sent, enumerable: true, configurable: true, writable: true })
  }
  return values
}

function parsed<Schema extends z.ZodType>(schema: Schema, values: unknown, what: string): z.output<Schema> {
  const result = schema.safeParse(values)
  expect(result.success, `the server accepted what its schema refuses: ${what} ${JSON.stringify(result.error?.issues[0] ?? '')}`).toBe(true)
  return result.data as z.output<Schema>
}

function isMultipart(entries: FormEntries, multipart: boolean) {
  return multipart || entries.some(([, value]) => typeof value !== 'string')
}

// ——— answers ———

interface Answer {
  status: number
  text: string
  /** The action's data: decoded from the page for document routes, the JSON otherwise. */
  data: unknown
}

/** Decodes React Router's turbo-stream payload (plain objects, arrays and primitives are all an action answers). */
function decodeFlat(flat: unknown[], index: number, seen: Map<number, unknown>): unknown {
  if (index < 0) return index === -5 ? null : undefined
  if (seen.has(index)) return seen.get(index)
  const value = flat[index]
  if (Array.isArray(value)) {
    if (typeof value[0] === 'string') return { $type: value[0] }
    const list: unknown[] = []
    seen.set(index, list)
    for (const item of value) list.push(decodeFlat(flat, Number(item), seen))
    return list
  }
  if (value && typeof value === 'object') {
    const object: Record<string, unknown> = {}
    seen.set(index, object)
    for (const [key, item] of Object.entries(value)) object[String(flat[Number(key.slice(1))])] = decodeFlat(flat, Number(item), seen)
    return object
  }
  return value
}

function actionDataOf(html: string, routeId: string): unknown {
  const chunks = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map((match) => JSON.parse(match[1]!) as string)
  const first = chunks.join('').split('\n')[0]
  if (!first) return undefined
  const root = decodeFlat(JSON.parse(first) as unknown[], 0, new Map()) as { actionData?: Record<string, unknown> | null }
  return root.actionData?.[routeId]
}

async function answerOf(response: Response, routeId: string | null): Promise<Answer> {
  const text = await response.text()
  let data: unknown
  // A body refused before it reached the route (too large, too slow) is answered in JSON on every path.
  if (routeId && !response.headers.get('content-type')?.startsWith('application/json')) data = actionDataOf(text, routeId)
  else {
    try {
      data = JSON.parse(text)
    } catch {
      data = undefined
    }
  }
  return { status: response.status, text, data }
}

function field(data: unknown, name: string): unknown {
  return data && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined
}

/** The server's last logged errors, to explain a 5xx. */
function serverErrors() {
  return app
    .output()
    .split('\n')
    .filter((line) => /"level":"error"|ERROR/.test(line) && !line.includes('failed with status code'))
    .slice(-2)
    .map((line) => line.slice(0, 1_000))
    .join('\n')
}

/** Never a 5xx, a redirect away (the session lost) or an error's innards; a refusal says why in words. */
function expectClearAnswer(answer: Answer, what: string) {
  if (answer.status >= 500) expect.fail(`${what}: answered ${answer.status}. The server logged:\n${serverErrors()}`)
  expect(answer.status >= 300 && answer.status < 400, `${what}: redirected to ${answer.text.slice(0, 100)}`).toBe(false)
  const leak = leakIn(answer.text)
  expect(leak && `${leak} matched: ${answer.text.slice(Math.max(0, answer.text.search(leak) - 100), answer.text.search(leak) + 200)}`, what).toBeFalsy()
  if (answer.status >= 400) {
    const message = field(answer.data, 'error') ?? field(answer.data, 'message')
    expect(typeof message === 'string' && /\p{L}{2,}/u.test(message) && message.length < 500, `${what}: a ${answer.status} must say why, got ${JSON.stringify(message)}`).toBe(true)
    expect(message, what).not.toMatch(NOT_A_MESSAGE)
  }
}

/** A drawn form as fast-check prints it in a counterexample: long values cut, files summarised. */
function printable(form: Drawn): Drawn {
  return Object.assign(form, { [fc.toStringMethod]: () => `${form.kind}${form.multipart ? ' (multipart)' : ''}: ${describeForm(form.entries)}` })
}

function describeForm(entries: FormEntries) {
  const shown = entries.map(([name, value]) => [name, typeof value === 'string' ? (value.length > 120 ? `${value.slice(0, 60)}…(${value.length} chars)` : value) : `<file ${value.name.slice(0, 40)} ${value.type} ${value.bytes.length} bytes>`])
  return JSON.stringify(shown)
}

async function postForm(url: string, entries: FormEntries, multipart: boolean, headers: Record<string, string> = {}) {
  let body: FormData | URLSearchParams
  if (isMultipart(entries, multipart)) {
    body = new FormData()
    for (const [name, value] of entries) {
      if (typeof value === 'string') body.append(name, value)
      else body.append(name, toFile(value))
    }
  } else {
    body = new URLSearchParams(entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  }
  return fetch(`${app.url}${url}`, { method: 'POST', body, headers: { cookie, origin: app.url, ...headers }, redirect: 'manual' })
}

// ——— stored rows: the app's rules ———

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'figure', 'figcaption', 'hr', 'code', 'pre'])
const SAFE_LINK = /^(?:https?:|mailto:|tel:|#|\/(?![/\\]))/i

const character = (code: number) => (code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD')

function decodeEntities(value: string) {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => character(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, decimal: string) => character(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** The first tag of stored rich text that could run script: one outside the editor's tags, an on* or style attribute, a link or source that is not http(s), mailto, tel or ours. */
function unsafeMarkup(html: string): string | undefined {
  if (/<\s*(?:script|iframe|object|embed|svg|math|style)\b/i.test(html)) return 'a script-capable element'
  for (const [tag, name = '', attributes = ''] of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    if (!ALLOWED_TAGS.has(name.toLowerCase())) return tag
    for (const [, attributeName = '', raw = ''] of attributes.matchAll(/([^\s=/"']+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      const attribute = attributeName.toLowerCase()
      const value = decodeEntities(raw.replace(/^["']|["']$/g, '')).trim()
      if (attribute.startsWith('on') || attribute === 'style' || attribute === 'srcdoc') return tag
      if ((attribute === 'href' || attribute === 'src') && !SAFE_LINK.test(value)) return tag
    }
  }
  return undefined
}

function expectSafeHtml(html: string, what: string) {
  expect(unsafeMarkup(html), `${what}: ${html.slice(0, 200)}`).toBeUndefined()
}

/** The row passes the schema, and the schema would not change what is stored (it was stored as checked). */
function expectStoredAsChecked<Schema extends z.ZodType>(schema: Schema, values: Record<string, unknown>, row: Record<string, unknown>, columns: Record<string, string>, what: string) {
  const result = schema.safeParse(values)
  expect(result.success, `${what} breaks the rules: ${JSON.stringify(result.error?.issues[0] ?? '')} in ${JSON.stringify(row).slice(0, 300)}`).toBe(true)
  const data = result.data as Record<string, unknown>
  for (const [key, column] of Object.entries(columns)) expect(row[column], `${what}: ${column} as stored`).toEqual(data[key])
}

const optional = (value: unknown) => (value === null ? undefined : value)

type BlogRow = StoredRow<'blogs', 'id' | 'title' | 'slug' | 'excerpt' | 'content' | 'cover_image'>
function blogRules() {
  const blogs = rows<BlogRow>('select id, title, slug, excerpt, content, cover_image from blogs')
  expect(new Set(blogs.map((blog) => blog.slug)).size, 'blog slugs are unique').toBe(blogs.length)
  for (const blog of blogs) {
    expectStoredAsChecked(blogSchema, { title: blog.title, slug: blog.slug, excerpt: optional(blog.excerpt), content: blog.content }, { ...blog }, { title: 'title', slug: 'slug', excerpt: 'excerpt' }, `blog ${blog.id}`)
    expectSafeHtml(blog.content, `blog ${blog.slug}`)
    if (blog.cover_image) {
      expect(blog.cover_image).toMatch(/^\/files\/blogs\/[\w-]+\.webp$/)
      expect(storedFileExists(blog.cover_image), blog.cover_image).toBe(true)
    }
  }
}

type EventRow = StoredRow<'events', 'id' | 'title' | 'description' | 'start_date' | 'end_date' | 'image_url'>
function eventRules() {
  for (const event of rows<EventRow>('select id, title, description, start_date, end_date, image_url from events')) {
    const what = `event ${JSON.stringify(event).slice(0, 300)}`
    expectStoredAsChecked(z.object({ title: eventSchema.shape.title, description: eventSchema.shape.description, imageUrl: eventSchema.shape.imageUrl }), { title: event.title, description: optional(event.description), imageUrl: optional(event.image_url) }, { ...event }, { title: 'title', description: 'description', imageUrl: 'image_url' }, what)
    expect(new Date(event.start_date).toISOString(), what).toBe(event.start_date)
    if (event.end_date) {
      expect(new Date(event.end_date).toISOString(), what).toBe(event.end_date)
      expect(event.end_date >= event.start_date, `${what}: the end is before the start`).toBe(true)
    }
  }
  const calendar = rows<{ content: string }>("select content from sections where key = 'calendar.google'")
  expect(calendar).toHaveLength(1)
  expect(sectionSchemas['calendar.google'].safeParse(JSON.parse(calendar[0]!.content)).success, calendar[0]!.content).toBe(true)
}

type AlertRow = StoredRow<'alerts', 'id' | 'level' | 'title' | 'message' | 'link' | 'starts_at' | 'ends_at' | 'school_status' | 'event_id'>
function alertRules() {
  for (const row of rows<AlertRow>('select id, level, title, message, link, starts_at, ends_at, school_status, event_id from alerts')) {
    const what = `alert ${JSON.stringify(row).slice(0, 300)}`
    const checked = z.object({ level: alertSchema.shape.level, title: alertSchema.shape.title, message: alertSchema.shape.message, link: alertSchema.shape.link })
    expectStoredAsChecked(checked, { level: row.level, title: row.title, message: row.message || undefined, link: optional(row.link) }, { ...row, message: row.message || null }, { level: 'level', title: 'title', message: 'message', link: 'link' }, what)
    expect(new Date(row.starts_at).toISOString(), what).toBe(row.starts_at)
    if (row.ends_at) expect(Date.parse(row.ends_at) > Date.parse(row.starts_at), `${what}: the end is not after the start`).toBe(true)
    if (row.event_id) expect(rows('select id from events where id = ?', row.event_id), `${what}: its calendar entry`).toHaveLength(1)
  }
}

type PolicyRow = StoredRow<'policies', 'id' | 'title' | 'description' | 'file_url' | 'review_date' | 'category_id' | 'slug'>
function policyRules() {
  for (const policy of rows<PolicyRow>('select id, title, description, file_url, review_date, category_id, slug from policies')) {
    const what = `policy ${JSON.stringify(policy).slice(0, 300)}`
    expectStoredAsChecked(
      policySchema,
      { title: policy.title, description: optional(policy.description), fileUrl: optional(policy.file_url), reviewDate: optional(policy.review_date) },
      { ...policy },
      { title: 'title', description: 'description', fileUrl: 'file_url', reviewDate: 'review_date' },
      what,
    )
    expect(policy.slug, what).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    if (policy.category_id) expect(rows('select id from policy_categories where id = ?', policy.category_id), what).toHaveLength(1)
  }
}

type TestimonialRow = StoredRow<'testimonials', 'id' | 'parent_name' | 'message' | 'rating'>
function testimonialRules() {
  for (const row of rows<TestimonialRow>('select id, parent_name, message, rating from testimonials')) {
    const what = `testimonial ${JSON.stringify(row).slice(0, 300)}`
    expectStoredAsChecked(testimonialSchema, { parentName: row.parent_name, message: row.message, rating: row.rating }, { ...row }, { parentName: 'parent_name', message: 'message', rating: 'rating' }, what)
  }
}

function apiKeyRules() {
  for (const row of rows<{ name: string | null; permissions: string | null }>('select name, permissions from apikey')) {
    const what = `API key ${JSON.stringify(row).slice(0, 300)}`
    const role = (JSON.parse(row.permissions ?? 'null') as { role?: string[] } | null)?.role?.[0]
    expect(apiKeySchema.safeParse({ name: row.name, role }).success, what).toBe(true)
  }
}

type ContactMessageRow = StoredRow<'contact_messages', 'id' | 'name' | 'email' | 'message' | 'read'>
function contactMessageRules() {
  for (const row of rows<ContactMessageRow>('select id, name, email, message, read from contact_messages')) {
    const what = `contact message ${JSON.stringify(row).slice(0, 300)}`
    expectStoredAsChecked(contactMessageSchema, { name: row.name, email: row.email, message: row.message }, { ...row }, { name: 'name', email: 'email', message: 'message' }, what)
    expect([0, 1], what).toContain(row.read)
  }
}

type SubscriberRow = StoredRow<'subscribers', 'email' | 'news' | 'events' | 'alerts' | 'token_hash' | 'confirmed_at'>
function subscriberRules() {
  for (const row of rows<SubscriberRow>('select email, news, events, alerts, token_hash, confirmed_at from subscribers')) {
    const what = `subscriber ${JSON.stringify(row).slice(0, 300)}`
    expect(subscribeSchema.safeParse({ email: row.email, news: row.news, events: row.events ? 'on' : undefined, alerts: row.alerts ? 'on' : undefined }).data?.email, what).toBe(row.email)
    expect(NEWS_CHOICES, what).toContain(row.news)
    expect(row.token_hash, what).toMatch(/^[\w-]{43}$/)
  }
}

type FolderRow = StoredRow<'gallery_folders', 'id' | 'name' | 'external_use' | 'enabled'>
type ImageRow = StoredRow<'gallery', 'id' | 'title' | 'image_url' | 'folder' | 'alt' | 'decorative' | 'focal_x' | 'focal_y'>
const galleryTitle = galleryUploadSchema.shape.title
function galleryRules() {
  const folders = rows<FolderRow>('select id, name, external_use, enabled from gallery_folders')
  expect(folders.map((folder) => folder.name), 'the default folder stays').toContain(DEFAULT_FOLDER)
  expect(new Set(folders.map((folder) => folder.name.toLowerCase())).size, 'folder names are unique, whatever the case').toBe(folders.length)
  for (const folder of folders) {
    const what = `folder ${JSON.stringify(folder).slice(0, 300)}`
    expectStoredAsChecked(galleryFolderSchema, { name: folder.name, externalUse: String(folder.external_use === 1), enabled: String(folder.enabled === 1) }, { ...folder, external_use: folder.external_use === 1, enabled: folder.enabled === 1 }, { name: 'name', externalUse: 'external_use', enabled: 'enabled' }, what)
  }
  for (const image of rows<ImageRow>('select id, title, image_url, folder, alt, decorative, focal_x, focal_y from gallery')) {
    const what = `gallery image ${JSON.stringify(image).slice(0, 300)}`
    expect(image.image_url, what).toMatch(/^\/files\/gallery\/[\w-]+(\/[\w-]+)?\.webp$/)
    expect(storedFileExists(image.image_url), what).toBe(true)
    expect(galleryFolderSchema.shape.name.safeParse(image.folder).success, what).toBe(true)
    // Several images uploaded together take the title with ' 1', ' 2', … (docs/product-rules.md#gallery).
    const title = image.title?.replace(/ \d{1,2}$/, '') ?? undefined
    const checked = galleryTitle.safeParse(title)
    expect(checked.success, what).toBe(true)
    if (image.title !== null && image.title === title) expect(image.title, `${what}: title as stored`).toBe(checked.data)
    // A description is alt text as the form checks it, never alt text on a decorative image; the focal point is inside the image.
    expect(altText.safeParse(image.alt).data, what).toBe(image.alt)
    if (image.decorative) expect(image.alt, what).toBe('')
    for (const coordinate of [image.focal_x, image.focal_y]) expect(coordinate >= 0 && coordinate <= 1, what).toBe(true)
  }
}

type SectionRow = StoredRow<'sections', 'key' | 'content'>
function sectionRules() {
  for (const row of rows<SectionRow>('select key, content from sections')) {
    const schema = (sectionSchemas as Record<string, z.ZodType>)[row.key]
    expect(schema, `unknown section ${row.key}`).toBeDefined()
    const content = JSON.parse(row.content) as Record<string, unknown>
    const result = schema!.safeParse(content)
    expect(result.success, `section ${row.key}: ${JSON.stringify(result.error?.issues[0] ?? '')}`).toBe(true)
    expect(result.data, `section ${row.key} as stored`).toEqual(content)
    if (row.key === 'home.about') expectSafeHtml(String(content.content), 'about content')
  }
}

type ThemeRow = StoredRow<'themes', 'id' | 'name' | 'is_active' | 'colors' | 'section_styles'>
function themeRules() {
  const themes = rows<ThemeRow>('select id, name, is_active, colors, section_styles from themes')
  expect(themes.filter((theme) => theme.is_active === 1), 'exactly one active theme').toHaveLength(1)
  for (const theme of themes) {
    const stored = { name: theme.name, colors: JSON.parse(theme.colors) as unknown, sectionStyles: JSON.parse(theme.section_styles) as unknown }
    const result = themeInputSchema.safeParse(stored)
    expect(result.success, `theme ${theme.name.slice(0, 60)}: ${JSON.stringify(result.error?.issues[0] ?? '')}`).toBe(true)
    expect(result.data, `theme ${theme.id} as stored`).toEqual(stored)
  }
}

type ProfileRow = StoredRow<'profiles', 'id' | 'email' | 'full_name' | 'status'> & StoredRow<'user_roles', 'role'>
function userRules() {
  const users = rows<{ id: string; email: string }>('select id, email from user')
  const profiles = rows<ProfileRow>('select p.id, p.email, p.full_name, p.status, r.role from profiles p left join user_roles r on r.user_id = p.id')
  expect(profiles.map((profile) => profile.id).sort(), 'one profile per account').toEqual(users.map((user) => user.id).sort())
  expect(new Set(users.map((user) => user.email)).size, 'one account per address').toBe(users.length)
  const head = profiles.find((profile) => profile.id === adminId)
  expect(head && head.role === 'admin' && head.status === 'approved', 'the signed-in admin was never touched').toBe(true)
  expect(profiles.filter((profile) => profile.role === 'admin' && profile.status === 'approved').length).toBeGreaterThanOrEqual(1)
  for (const profile of profiles) {
    const what = `profile ${JSON.stringify(profile).slice(0, 300)}`
    expect(ROLES as readonly (string | null)[], what).toContain(profile.role)
    expect(PROFILE_STATUSES as readonly string[], what).toContain(profile.status)
    expect(credentialsSchema.shape.email.safeParse(profile.email).success, what).toBe(true)
    expect(profile.email, what).toBe(profile.email.trim().toLowerCase())
    // Sign-ups have no name until an admin gives one; a given name follows the edit form's rules.
    if (profile.full_name !== null) {
      const name = editUserSchema.shape.fullName.safeParse(profile.full_name)
      expect(name.success && name.data === profile.full_name, `${what}: the full name breaks the rules of the user form`).toBe(true)
    }
  }
  const settings = rows<{ key: string; value: string }>('select key, value from site_settings')
  for (const setting of settings) expect(setting.value, `setting ${setting.key}: nobody has two-factor sign-in, so requiring it would lock every editor out`).not.toBe('true')
}

// ——— one property per action ———

interface Drawn {
  entries: FormEntries
  multipart: boolean
  kind: string
}

interface ActionSpec {
  url: string
  /** The route whose action answers (its data is read from the page); null for a resource route answering JSON. */
  routeId: string | null
  intents: readonly string[]
  /** Forms valid throughout: each must succeed. */
  valid: fc.Arbitrary<FormEntries>
  /** A hostile (or plausible, or missing) value per field name. */
  fields: Record<string, fc.Arbitrary<FormValue | FormValue[] | undefined>>
  /** Forms tried first, built when the property starts: values at the limits, and known hard cases. */
  examples?: () => [FormEntries, string][]
  /** Extra request headers per form. */
  headers?: () => Record<string, string>
  /** After a success: the row the form asked for is stored as the schema checked it. */
  stored: (form: Drawn, answer: Answer) => void
  /** Every row of the tables the action writes passes the app's rules. */
  rules: () => void
  /** The tables the action writes: a refusal must leave them (and the stored files) as they were. */
  tables: readonly string[]
}

function entriesOf(name: string, value: FormValue | FormValue[] | undefined): FormEntries {
  if (value === undefined) return []
  return (Array.isArray(value) ? value : [value]).map((item): [string, FormValue] => [name, item])
}

/** One field of a valid form made hostile: replaced, left out, or sent twice. */
function withOneField(entries: FormEntries, name: string, value: FormValue | FormValue[] | undefined, how: 'replace' | 'repeat'): FormEntries {
  if (how === 'repeat') return [...entries, ...entriesOf(name, value)]
  const at = entries.findIndex(([entryName]) => entryName === name)
  const rest = entries.filter(([entryName]) => entryName !== name)
  const replaced = entriesOf(name, value)
  return at === -1 ? [...rest, ...replaced] : [...rest.slice(0, at), ...replaced, ...rest.slice(at)]
}

function drawnForms(spec: ActionSpec): fc.Arbitrary<Drawn> {
  const names = Object.keys(spec.fields)
  // A valid form that found no row to edit or delete (an empty table) may be refused.
  const valid = spec.valid.map((entries) => ({ entries, kind: entries.some(([, value]) => value === MISSING_ID) ? 'valid but nothing to pick' : 'valid' }))
  const oneField = fc
    .tuple(spec.valid, fc.constantFrom(...names), fc.constantFrom('replace' as const, 'repeat' as const))
    .chain(([entries, name, how]) => spec.fields[name]!.map((value) => ({ entries: withOneField(entries, name, value, how), kind: `one field (${name}, ${how})` })))
  const extra = fc.tuple(spec.valid, extraEntries).map(([entries, extras]) => ({ entries: [...entries, ...extras], kind: 'extra fields' }))
  const intent = spec.intents.length ? fieldValue([...spec.intents, 'no-such-intent', 'CREATE', ' create', '__proto__', 'constructor']) : fc.constant(undefined)
  const chaos = fc.tuple(intent, fc.record(spec.fields), fc.option(extraEntries, { nil: [] })).map(([intentValue, fields, extras]) => ({
    entries: [...entriesOf('intent', intentValue), ...Object.entries(fields).flatMap(([name, value]) => entriesOf(name, value)), ...extras],
    kind: 'all fields random',
  }))
  return fc
    .tuple(fc.oneof({ weight: 3, arbitrary: valid }, { weight: 4, arbitrary: oneField }, { weight: 1, arbitrary: extra }, { weight: 2, arbitrary: chaos }), fc.boolean())
    .map(([form, multipart]) => printable({ ...form, multipart }))
}

const tally: Record<string, Record<string, number>> = {}

async function fuzzAction(name: string, spec: ActionSpec) {
  spec.rules()
  const counts: Record<string, number> = {}
  const examples = (spec.examples?.() ?? []).map(([entries, kind]): [Drawn] => [printable({ entries, kind, multipart: true })])
  await fc.assert(
    fc.asyncProperty(drawnForms(spec), async (form) => {
      const what = `${spec.url} ${form.kind}${form.multipart ? ' multipart' : ''} ${describeForm(form.entries)}`
      const before = snapshot(spec.tables)
      const answer = await answerOf(await postForm(spec.url, form.entries, form.multipart, spec.headers?.() ?? {}), spec.routeId)
      expectClearAnswer(answer, what)
      if (answer.status >= 400) expect(snapshot(spec.tables) === before, `${what}: refused with ${answer.status}, yet something changed`).toBe(true)
      const outcome = `${form.kind === 'valid' ? 'valid' : form.kind.startsWith('at the limit') ? 'limit' : 'hostile'} ${answer.status}`
      counts[outcome] = (counts[outcome] ?? 0) + 1
      if (form.kind === 'valid') expect(answer.status, `${what}: a valid form must succeed, got ${JSON.stringify(answer.data)}`).toBe(200)
      if (answer.status === 200) {
        expect(field(answer.data, 'ok'), `${what}: ${JSON.stringify(answer.data)}`).toBe(true)
        spec.stored(form, answer)
      }
      spec.rules()
    }),
    { ...parametersFor(name), numRuns: RUNS + examples.length, examples },
  )
  spec.rules()
  tally[name] = counts
  expect(counts['valid 200'] ?? 0, `${name}: no valid form succeeded`).toBeGreaterThan(0)
}

afterAll(() => {
  // What each property sent and got back, for the record (valid/hostile by status).
  for (const [name, counts] of Object.entries(tally)) console.info(`hostile input, ${name}: ${JSON.stringify(counts)}`)
})

/** The intent of a drawn form and its values as the server reads them. */
function submission(form: Drawn, options?: { stringsOnly?: boolean }) {
  const values = received(form.entries, isMultipart(form.entries, form.multipart), options)
  return { intent: values.intent, values }
}

function rowById<Row>(table: string, id: unknown): Row | undefined {
  return rows<Row>(`select * from "${table}" where id = ?`, String(id))[0]
}

function expectGone(table: string, id: unknown) {
  expect(rowById(table, id), `${table} ${String(id)} was deleted`).toBeUndefined()
}

// ——— plausible values ———

const paragraphOf = (text: string) => `<p>${text}</p>`
let drawn = 0
/** A value no other draw of this file gives (addresses, slugs and folder names must be new). */
const unique = () => fc.uuid().map((id) => `${id.slice(0, 4)}${(drawn++).toString(36)}`)
const slug = fc.tuple(fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,12}){0,2}$/), unique()).map(([text, id]) => `${text}-${id}`)
const paragraph = plainText(300).map((text) => `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
const richText = fc.oneof(paragraph, fc.constantFrom('<p>Hello <strong>parents</strong></p><ul><li>One</li></ul>', '<h2>News</h2><p><a href="https://example.org" target="_blank">the trip letter</a></p>', '<p><img src="https://example.org/a.png" alt="A"></p>'))
/** Rich text a hostile editor might paste: scripts, handlers, bad links, and text that grows when escaped. */
const hostileRichText = fc.oneof(
  fc.constantFrom(
    '<p>Hi</p><script>alert(1)</script>',
    '<script>alert(1)</script>',
    '<p><a href="javascript:alert(1)">x</a></p>',
    '<p><a href=" JaVaScRiPt:alert(1)">x</a></p>',
    '<p><a href="java&#x09;script:alert(1)">x</a></p>',
    '<p><img src=x onerror=alert(1)>text</p>',
    '<p onclick="alert(1)" style="background:url(javascript:alert(1))">x</p>',
    '<svg><script>alert(1)</script></svg><p>x</p>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe><p>x</p>',
    '<p><a href="//evil.example">x</a><img src="http://insecure.example/a.png"></p>',
    '<p></p><p><br></p>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math><p>x</p>',
    '<p>unclosed <b><i>tags',
  ),
  textAround(BLOG_LIMITS.content - paragraphOf('').length, paragraphOf),
  textAround(2_000),
)
const imageLink = fc.constantFrom('https://example.org/hero.jpg', '/files/gallery/general/a.webp')
const validEmail = fc.tuple(fc.stringMatching(/^[a-z0-9][a-z0-9_+-]{0,20}$/), unique()).map(([local, id]) => `${local}.${id}@example.org`)
const validPassword = fc.oneof(fc.string({ unit: 'grapheme-ascii', minLength: 6, maxLength: 40 }), fc.constant('p'.repeat(128)))
const orAbsent = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined })
const entries = (values: Record<string, FormValue | FormValue[] | undefined>): FormEntries => Object.entries(values).flatMap(([name, value]) => entriesOf(name, value))
const uid = () => crypto.randomUUID().slice(0, 8)

/** Fillers that change size on the way in: escaped by the sanitiser, surrogate pairs, combining marks, CRLF counted as LF. */
const BOUNDARY_FILLERS = ['a', '&', '<', '😀', 'e\u0301', 'x\r\n']

/** Values at a limit of `max` characters (inside `wrap`), one over it, and padded over it but at it once trimmed. */
function limitValues(max: number, wrap: (text: string) => string = (text) => text): [string, string][] {
  const room = max - wrap('').length
  return [
    ...BOUNDARY_FILLERS.map((filler): [string, string] => [wrap(repeatTo(filler, room)), `${JSON.stringify(filler)} × ${room}`]),
    [wrap(repeatTo('a', room + 1)), 'one over'],
    [wrap(`  ${repeatTo('b', room)}  `), 'padded'],
  ]
}

/** A valid form from `base` with one field at a time at its limit. */
function atLimits(base: () => Record<string, FormValue | undefined>, limits: Record<string, number>, wrap: Record<string, (text: string) => string> = {}): [FormEntries, string][] {
  return Object.entries(limits).flatMap(([name, max]) =>
    limitValues(max, wrap[name]).map(([value, label]): [FormEntries, string] => [entries({ ...base(), [name]: value }), `at the limit (${name}: ${label})`]),
  )
}

describe('hostile input never breaks the site nor stores a bad row', () => {
  test('blogs: create, update, delete', async () => {
    await fuzzAction('blogs', {
      url: '/admin/blogs',
      routeId: 'routes/admin/blogs',
      intents: ['create', 'update', 'delete'],
      examples: () => atLimits(() => ({ intent: 'create', title: 'At the limit', slug: `at-the-limit-${uid()}`, content: '<p>Text</p>' }), BLOG_LIMITS, { content: paragraphOf, slug: (text) => `${text}-x` }),
      valid: fc.oneof(
        { weight: 2, arbitrary: fc.record({ intent: fc.constant('create'), title: plainText(200), slug, excerpt: orAbsent(plainText(500)), content: richText, coverFile: orAbsent(fc.constant(VALID_PNG)), coverAlt: fc.constant('Pupils at the finish line') }).map(entries) },
        { weight: 2, arbitrary: fc.record({ intent: fc.constant('update'), id: existingId('blogs'), title: plainText(200), slug, content: richText, removeCover: orAbsent(fc.constantFrom('true', 'false')) }).map(entries) },
        { weight: 1, arbitrary: fc.record({ intent: fc.constant('delete'), id: existingId('blogs') }).map(entries) },
      ),
      fields: {
        id: anyId('blogs'),
        title: fieldValue(plainText(200), textAround(200)),
        slug: fieldValue(['welcome-back', 'Not A Slug', '-leading', 'a--b', 'ünïcode'], slug, textAround(100)),
        excerpt: fieldValue(plainText(500), textAround(500)),
        content: fieldValue(richText, hostileRichText),
        coverFile: fc.option(hostileFile, { nil: undefined }),
        removeCover: fieldValue(['true', 'false', 'on']),
      },
      stored: (form) => {
        const { intent, values } = submission(form)
        const data = parsed(blogActionSchema, values, 'blog')
        if (data.intent === 'delete') return expectGone('blogs', data.id)
        const row = data.intent === 'create' ? rows<BlogRow>('select * from blogs where slug = ?', data.slug)[0] : rowById<BlogRow>('blogs', data.id)
        expect(row, `blog ${String(intent)} stored`).toBeDefined()
        expect({ title: row!.title, slug: row!.slug, excerpt: row!.excerpt }).toEqual({ title: data.title, slug: data.slug, excerpt: data.excerpt })
        if (chosenFile(data.coverFile)) expect(row!.cover_image).toMatch(/^\/files\/blogs\//)
      },
      rules: blogRules,
      tables: ['blogs'],
    })
  })

  test('events: create, update, delete and the calendar link', async () => {
    const startDate = fc.constantFrom(...VALID_WALL_CLOCKS)
    const validEvent = (intent: 'create' | 'update') =>
      fc
        .record({
          intent: fc.constant(intent),
          id: intent === 'update' ? existingId('events') : fc.constant(undefined),
          title: plainText(100),
          description: orAbsent(plainText(2_000)),
          startDate,
          endDate: fc.constantFrom('', ...VALID_WALL_CLOCKS),
          imageUrl: fc.constantFrom(...VALID_IMAGE_LINKS),
          imageFile: orAbsent(fc.constant(VALID_PNG)),
        })
        .map((event) => ({ ...event, endDate: event.endDate >= event.startDate ? event.endDate : '' }))
        .map(entries)
    await fuzzAction('events', {
      url: '/admin/events',
      routeId: 'routes/admin/events',
      intents: ['create', 'update', 'delete', 'save-calendar'],
      examples: () => atLimits(() => ({ intent: 'create', title: 'At the limit', startDate: '2027-03-14T09:00' }), { title: 100, description: 2_000, imageUrl: 2_000 }, { imageUrl: (text) => `https://example.org/${text}` }),
      valid: fc.oneof(
        { weight: 2, arbitrary: validEvent('create') },
        { weight: 2, arbitrary: validEvent('update') },
        { weight: 1, arbitrary: fc.record({ intent: fc.constant('delete'), id: existingId('events') }).map(entries) },
        { weight: 1, arbitrary: fc.record({ intent: fc.constant('save-calendar'), url: fc.constantFrom('', 'https://calendar.google.com/calendar/embed?src=school%40example.org', ' https://outlook.office365.com/owa/calendar/abc/def/calendar.html ') }).map(entries) },
      ),
      fields: {
        id: anyId('events'),
        title: fieldValue(plainText(100), textAround(100)),
        description: fieldValue(plainText(2_000), textAround(2_000)),
        startDate: dateValue,
        // The nights the clocks change are the next test's: here only a start may fall in them.
        endDate: fieldValue(['', ...VALID_WALL_CLOCKS], fc.constantFrom(...BAD_WALL_CLOCKS)),
        imageUrl: imageLinkValue,
        imageFile: fc.option(hostileFile, { nil: undefined }),
        url: fieldValue(['', 'https://calendar.google.com/x', 'http://calendar.google.com/x', 'https://calendar.google.com.evil.example/calendar/embed', 'javascript:alert(1)', 'https://']),
      },
      stored: (form) => {
        const data = parsed(eventActionSchema, submission(form).values, 'event')
        if (data.intent === 'delete') return expectGone('events', data.id)
        if (data.intent === 'save-calendar') {
          const content = rows<SectionRow>("select content from sections where key = 'calendar.google'")[0]!.content
          return expect(JSON.parse(content)).toEqual({ url: data.url })
        }
        const row = data.intent === 'create' ? newestRows<EventRow>('events')[0] : rowById<EventRow>('events', data.id)
        const file = chosenFile(data.imageFile)
        expect({ title: row?.title, description: row?.description, start_date: row?.start_date, end_date: row?.end_date }).toEqual({
          title: data.title,
          description: data.description,
          start_date: zonedTimeToUtc(data.startDate, TIME_ZONE),
          end_date: data.endDate ? zonedTimeToUtc(data.endDate, TIME_ZONE) : null,
        })
        if (file) expect(storedFileExists(row!.image_url ?? ''), `${row!.image_url} is stored`).toBe(true)
        else expect(row!.image_url).toBe(data.imageUrl)
      },
      rules: eventRules,
      tables: ['events', 'sections'],
    })
  })

  test('events on the nights the clocks change (Europe/London)', async () => {
    // Every start and end a person could type around the two changes of 2027, the end never before the start as typed.
    const pairs = DST_WALL_CLOCKS.flatMap((start) => ['', ...DST_WALL_CLOCKS.filter((end) => end >= start)].map((end): [string, string] => [start, end]))
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pairs), async ([startDate, endDate]) => {
        const form = entries({ intent: 'create', title: `From ${startDate} to ${endDate || '-'}`, startDate, endDate })
        const answer = await answerOf(await postForm('/admin/events', form, false), 'routes/admin/events')
        expectClearAnswer(answer, describeForm(form))
        if (answer.status === 200) eventRules()
      }),
      // Every pair, once each.
      { ...parametersFor('clocks change'), numRuns: pairs.length, examples: pairs.map((pair): [[string, string]] => [pair]) },
    )
  })

  test('gallery: upload, folders, delete an image; the image picker', async () => {
    const folderName = fc.tuple(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,30}$/), unique()).map(([name, id]) => `${name.trim()} ${id}`)
    const existingFolder = fc.nat().map((n) => {
      const folders = rows<FolderRow>('select * from gallery_folders order by rowid')
      return folders[n % folders.length]!
    })
    await fuzzAction('gallery', {
      url: '/admin/gallery',
      routeId: 'routes/admin/gallery',
      intents: ['upload', 'update-folder', 'delete-folder', 'delete-image', 'update', 'place-image'],
      examples: () => atLimits(() => ({ intent: 'upload', images: VALID_PNG, newFolder: `Limits ${uid()}` }), { title: 100, newFolder: 50 }),
      valid: fc.oneof(
        {
          weight: 2,
          arbitrary: fc
            .record({ intent: fc.constant('upload'), images: fc.constantFrom<FormFile[]>([VALID_PNG], [VALID_PNG, VALID_PNG]), folder: fc.oneof(fc.constant(''), existingFolder.map((folder) => folder.name)), newFolder: orAbsent(folderName), title: orAbsent(plainText(100)) })
            .map(entries),
        },
        {
          weight: 2,
          arbitrary: fc.tuple(existingFolder, folderName, fc.boolean(), fc.boolean()).map(([folder, name, externalUse, enabled]) =>
            entries({ intent: 'update-folder', id: folder.id, name: folder.name === DEFAULT_FOLDER ? folder.name : name, externalUse: externalUse ? 'on' : undefined, enabled: enabled ? 'true' : undefined }),
          ),
        },
        { weight: 1, arbitrary: fc.record({ intent: fc.constant('delete-folder'), id: existingId('gallery_folders', `name <> '${DEFAULT_FOLDER}'`) }).map(entries) },
        { weight: 1, arbitrary: fc.record({ intent: fc.constant('delete-image'), id: existingId('gallery') }).map(entries) },
        {
          weight: 2,
          arbitrary: fc
            .record({
              intent: fc.constant('update'),
              id: existingId('gallery'),
              title: orAbsent(plainText(100)),
              folder: existingFolder.map((folder) => folder.name),
              alt: orAbsent(plainText(250)),
              decorative: orAbsent(fc.constant('on')),
              focalX: fc.double({ min: 0, max: 1, noNaN: true }).map(String),
              focalY: fc.double({ min: 0, max: 1, noNaN: true }).map(String),
            })
            .map(entries),
        },
      ),
      fields: {
        id: fc.oneof(anyId('gallery'), anyId('gallery_folders')),
        images: fc.oneof(hostileFiles, fc.constant(undefined)),
        folder: fieldValue([DEFAULT_FOLDER, 'GENERAL', 'staff-room', 'New Folder', 'a/b', '..', ' general '], textAround(50)),
        newFolder: fieldValue(folderName, textAround(50)),
        title: fieldValue(plainText(100), textAround(100)),
        name: fieldValue(folderName, fc.constantFrom(DEFAULT_FOLDER, 'Events', 'STAFF-ROOM', '../x', 'a\u0000b'), textAround(50)),
        externalUse: fieldValue(['on', 'true', 'false', 'off']),
        enabled: fieldValue(['on', 'true', 'false', 'off']),
        alt: fieldValue(plainText(250), textAround(250)),
        decorative: fieldValue(['on', 'true', 'false', 'off']),
        focalX: fieldValue(['0', '1', '0.5', '-0.1', '1.01', 'NaN', 'Infinity', '1e308', '', 'left']),
        focalY: fieldValue(['0', '1', '0.5', '-0.1', '1.01', 'NaN', 'Infinity', '1e308', '', 'top']),
        place: fieldValue(['0', '1', '-1', '2.5', 'NaN', 'Infinity', '1e308', '', 'first']),
        from: fieldValue(['0', '1', '-1', '1e308', '', 'x']),
      },
      stored: (form) => {
        const { values } = submission(form)
        const data = parsed(galleryActionSchema, { ...values, images: form.entries.filter(([name]) => name === 'images').map(([, value]) => (typeof value === 'string' ? value : toFile(value))) }, 'gallery')
        switch (data.intent) {
          case 'upload': {
            const images = newestRows<ImageRow>('gallery', data.images.length).reverse()
            const folder = uploadFolderOf(data)
            expect(images.map((image) => image.folder.toLowerCase())).toEqual(images.map(() => folder.toLowerCase()))
            expect(images.map((image) => image.title)).toEqual(uploadTitles(data.title, data.images.length))
            return
          }
          case 'update-folder': {
            const folder = rowById<FolderRow>('gallery_folders', data.id)
            return expect(folder && { name: folder.name, externalUse: folder.external_use === 1, enabled: folder.enabled === 1 }).toEqual({ name: data.name, externalUse: data.externalUse, enabled: data.enabled })
          }
          case 'delete-folder':
            return expectGone('gallery_folders', data.id)
          case 'delete-image':
            return expectGone('gallery', data.id)
          case 'place-image': {
            const image = rowById<ImageRow>('gallery', data.id)
            const album = rows<{ id: string }>('select id from gallery where folder = ? order by position, created_at desc, id', image?.folder ?? '')
            return expect(album.findIndex((row) => row.id === data.id)).toBe(data.place)
          }
          case 'update': {
            const image = rowById<ImageRow>('gallery', data.id)
            const described = data.decorative ? { alt: '', decorative: 1 } : { alt: data.alt, decorative: 0 }
            return expect(image && { title: image.title, alt: image.alt, decorative: image.decorative, focal: [image.focal_x, image.focal_y] }).toEqual({ title: data.title, ...described, focal: [data.focalX, data.focalY] })
          }
        }
      },
      rules: galleryRules,
      tables: ['gallery', 'gallery_folders'],
    })

    await fuzzAction('image picker', {
      url: '/admin/image-picker',
      routeId: null,
      intents: [],
      examples: () =>
        ['   ', '  padded.png  ', `${'😀'.repeat(60)}.png`, 'a\r\nb.png', 'x'.repeat(150)].map((name): [FormEntries, string] => [entries({ image: { ...VALID_PNG, name } }), `a file named ${JSON.stringify(name.slice(0, 20))}`]),
      valid: fc.constant(entries({ image: VALID_PNG })),
      fields: { image: fc.oneof(hostileFile, hostileText, fc.constant(undefined)) },
      stored: (_form, answer) => {
        const url = field(answer.data, 'url')
        // The picker's uploads join the media library, never the gallery.
        expect(url).toMatch(/^\/files\/uploads\/[\w-]+\.webp$/)
        expect(rows<ImageRow>('select * from gallery where image_url = ?', String(url))).toEqual([])
        expect(rows<{ url: string }>('select url from media where url = ?', String(url))).toHaveLength(1)
      },
      rules: galleryRules,
      tables: ['gallery', 'gallery_folders', 'media'],
    })
  })

  test('policies: create, update (upload or link), delete', async () => {
    const validPolicy = (intent: 'create' | 'update') =>
      fc
        .record({
          intent: fc.constant(intent),
          id: intent === 'update' ? existingId('policies') : fc.constant(undefined),
          title: plainText(100),
          description: orAbsent(plainText(2_000)),
          fileUrl: fc.constantFrom('', 'https://example.org/policy.pdf', '/files/policies/1795420489469.pdf'),
          file: orAbsent(fc.constant(VALID_PDF)),
          reviewDate: orAbsent(fc.constantFrom('', '2027-09-01', '2028-02-29')),
          categoryId: orAbsent(fc.constantFrom('', 'none')),
        })
        .map(entries)
    await fuzzAction('policies', {
      url: '/admin/policies',
      routeId: 'routes/admin/policies',
      intents: ['create', 'update', 'delete'],
      examples: () => atLimits(() => ({ intent: 'create', title: 'At the limit' }), { title: 100, description: 2_000, fileUrl: 2_000 }, { fileUrl: (text) => `https://example.org/${text}` }),
      valid: fc.oneof(validPolicy('create'), validPolicy('update'), fc.record({ intent: fc.constant('delete'), id: existingId('policies') }).map(entries)),
      fields: {
        id: anyId('policies'),
        title: fieldValue(plainText(100), textAround(100)),
        description: fieldValue(plainText(2_000), textAround(2_000)),
        fileUrl: fieldValue(['https://example.org/p.pdf', '/files/policies/x.pdf', '/files/gallery/x.webp', '']),
        file: fc.option(hostileFile, { nil: undefined }),
        reviewDate: fieldValue(['2027-09-01', '2027-02-30', 'tomorrow', '']),
        categoryId: fieldValue(['none', '', 'no-such-category']),
      },
      stored: (form) => {
        const data = parsed(policyActionSchema, submission(form).values, 'policy')
        if (data.intent === 'delete') return expectGone('policies', data.id)
        const row = data.intent === 'create' ? newestRows<PolicyRow>('policies')[0] : rowById<PolicyRow>('policies', data.id)
        expect(row && { title: row.title, description: row.description }).toEqual({ title: data.title, description: data.description })
        if (chosenFile(data.file)) expect(storedFileExists(row!.file_url ?? '')).toBe(true)
        else expect(row!.file_url).toBe(data.fileUrl)
      },
      rules: policyRules,
      tables: ['policies', 'policy_versions'],
    })
  })

  test('policy categories: create, rename, move, delete', async () => {
    await fuzzAction('policy categories', {
      url: '/admin/policies',
      routeId: 'routes/admin/policies',
      intents: ['create-category', 'update-category', 'move-category', 'delete-category'],
      examples: () => atLimits(() => ({ intent: 'create-category', name: 'At the limit' }), { name: 50 }),
      valid: fc.oneof(
        fc.record({ intent: fc.constant('create-category'), name: unique().map((id) => `Category ${id}`) }).map(entries),
        fc.record({ intent: fc.constant('move-category'), id: existingId('policy_categories'), direction: fc.constantFrom('up', 'down') }).map(entries),
      ),
      fields: {
        id: anyId('policy_categories'),
        name: fieldValue(plainText(50), textAround(50)),
        direction: fieldValue(['up', 'down', 'sideways']),
      },
      stored: (form) => {
        const data = parsed(policiesScreenActionSchema, submission(form).values, 'policy category')
        if (data.intent === 'delete-category') return expectGone('policy_categories', data.id)
        if (data.intent === 'create-category') expect(rows<{ name: string }>('select name from policy_categories where name = ?', data.name)).toHaveLength(1)
        if (data.intent === 'update-category') expect(rowById<{ name: string }>('policy_categories', data.id)?.name).toBe(data.name)
      },
      rules: () => {
        const categories = rows<{ name: string; slug: string }>('select name, slug from policy_categories')
        for (const category of categories) {
          expect(policyCategorySchema.safeParse({ name: category.name }).data?.name, JSON.stringify(category)).toBe(category.name)
          expect(category.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        }
        expect(new Set(categories.map((category) => category.name.toLowerCase())).size).toBe(categories.length)
        policyRules()
      },
      tables: ['policy_categories', 'policies'],
    })
  })

  test('testimonials: create, update, delete', async () => {
    const validTestimonial = (intent: 'create' | 'update') =>
      fc
        .record({ intent: fc.constant(intent), id: intent === 'update' ? existingId('testimonials') : fc.constant(undefined), parentName: plainText(100), message: plainText(1_000), rating: orAbsent(fc.constantFrom('1', '2', '3', '4', '5')) })
        .map(entries)
    await fuzzAction('testimonials', {
      url: '/admin/testimonials',
      routeId: 'routes/admin/testimonials',
      intents: ['create', 'update', 'delete'],
      examples: () => atLimits(() => ({ intent: 'create', parentName: 'A Parent', message: 'Lovely', rating: '5' }), { parentName: 100, message: 1_000 }),
      valid: fc.oneof(validTestimonial('create'), validTestimonial('update'), fc.record({ intent: fc.constant('delete'), id: existingId('testimonials') }).map(entries)),
      fields: {
        id: anyId('testimonials'),
        parentName: fieldValue(plainText(100), textAround(100)),
        message: fieldValue(plainText(1_000), textAround(1_000)),
        rating: fieldValue(['1', '3', '5', '0', '6', '4.5', '-1', ' 5 ', '5e0', '0x5', '١', 'NaN', 'Infinity', '1e309', '']),
      },
      stored: (form) => {
        const data = parsed(testimonialActionSchema, submission(form, { stringsOnly: true }).values, 'testimonial')
        if (data.intent === 'delete') return expectGone('testimonials', data.id)
        const row = data.intent === 'create' ? newestRows<TestimonialRow>('testimonials')[0] : rowById<TestimonialRow>('testimonials', data.id)
        expect(row && { parentName: row.parent_name, message: row.message, rating: row.rating }).toEqual({ parentName: data.parentName, message: data.message, rating: data.rating })
      },
      rules: testimonialRules,
      tables: ['testimonials'],
    })
  })

  test('alerts: create, update, delete, school status', async () => {
    const validAlert = (intent: 'create' | 'update') =>
      fc
        .record({
          intent: fc.constant(intent),
          id: intent === 'update' ? existingId('alerts') : fc.constant(undefined),
          level: fc.constantFrom(...ALERT_LEVELS),
          title: plainText(80),
          message: orAbsent(plainText(500)),
          link: fc.constantFrom('', '/calendar', 'https://example.org/snow', ' /files/policies/p.pdf '),
          startsAt: fc.constantFrom(...VALID_WALL_CLOCKS),
          endsAt: fc.constantFrom('', ...VALID_WALL_CLOCKS),
        })
        .map((alert) => ({ ...alert, endsAt: alert.endsAt > alert.startsAt ? alert.endsAt : '' }))
        .map(entries)
    await fuzzAction('alerts', {
      url: '/admin/alerts',
      routeId: 'routes/admin/alerts',
      intents: ['create', 'update', 'delete', 'school-status'],
      examples: () => atLimits(() => ({ intent: 'create', level: 'info', title: 'At the limit', startsAt: '2027-03-14T09:00' }), { title: 80, message: 500 }),
      valid: fc.oneof(
        { weight: 2, arbitrary: validAlert('create') },
        { weight: 2, arbitrary: validAlert('update') },
        { weight: 1, arbitrary: fc.record({ intent: fc.constant('delete'), id: existingId('alerts') }).map(entries) },
        { weight: 1, arbitrary: fc.record({ intent: fc.constant('school-status'), status: fc.constantFrom(...SCHOOL_STATUSES), message: orAbsent(plainText(500)) }).map(entries) },
      ),
      fields: {
        id: anyId('alerts'),
        level: fieldValue([...ALERT_LEVELS, 'urgent', 'INFO', '']),
        title: fieldValue(plainText(80), textAround(80)),
        message: fieldValue(plainText(500), textAround(500)),
        link: fieldValue(['', '/calendar', 'https://example.org/a', 'javascript:alert(1)', '//evil.example/', '/\\evil.example', 'https://user:pw@example.org/', 'data:text/html,x']),
        startsAt: dateValue,
        endsAt: fieldValue(['', ...VALID_WALL_CLOCKS], fc.constantFrom(...BAD_WALL_CLOCKS)),
        status: fieldValue([...SCHOOL_STATUSES, 'snow', '']),
      },
      stored: (form) => {
        const data = parsed(alertActionSchema, submission(form).values, 'alert')
        if (data.intent === 'delete') return expectGone('alerts', data.id)
        if (data.intent === 'school-status') {
          const row = rows<AlertRow>('select * from alerts where school_status is not null order by rowid desc limit 1')[0]
          return expect({ status: row?.school_status, message: row?.message }).toEqual({ status: data.status, message: data.message ?? '' })
        }
        const row = data.intent === 'create' ? newestRows<AlertRow>('alerts')[0] : rowById<AlertRow>('alerts', data.id)
        expect({ level: row?.level, title: row?.title, message: row?.message, link: row?.link, starts_at: row?.starts_at, ends_at: row?.ends_at }).toEqual({
          level: data.level,
          title: data.title,
          message: data.message ?? '',
          link: data.link,
          starts_at: zonedTimeToUtc(data.startsAt, TIME_ZONE),
          ends_at: data.endsAt ? zonedTimeToUtc(data.endsAt, TIME_ZONE) : null,
        })
      },
      rules: alertRules,
      tables: ['alerts', 'events'],
    })
  })

  test('API keys: create, revoke', async () => {
    await fuzzAction('API keys', {
      url: '/admin/api-keys',
      routeId: 'routes/admin/api-keys',
      intents: ['create', 'revoke'],
      examples: () => atLimits(() => ({ intent: 'create', name: 'Newsletter import', role: 'editor' }), { name: 64 }),
      valid: fc.oneof(
        { weight: 3, arbitrary: fc.record({ intent: fc.constant('create'), name: plainText(64), role: fc.constantFrom(...API_KEY_ROLES) }).map(entries) },
        { weight: 1, arbitrary: fc.record({ intent: fc.constant('revoke'), id: existingId('apikey') }).map(entries) },
      ),
      fields: {
        id: anyId('apikey'),
        name: fieldValue(plainText(64), textAround(64)),
        role: fieldValue([...API_KEY_ROLES, 'user', 'superuser', 'Admin', 'admin ']),
      },
      stored: (form) => {
        const data = parsed(apiKeyActionSchema, submission(form, { stringsOnly: true }).values, 'API key')
        if (data.intent === 'revoke') return expectGone('apikey', data.id)
        const row = newestRows<{ name: string; permissions: string }>('apikey')[0]
        expect(row && { name: row.name, permissions: JSON.parse(row.permissions) as unknown }).toEqual({ name: data.name, permissions: { role: [data.role] } })
      },
      rules: apiKeyRules,
      tables: ['apikey'],
    })
  })

  test('sections: save each section', async () => {
    const validContent: Record<string, fc.Arbitrary<unknown>> = {
      'home.hero': fc.record({ slides: fc.array(fc.record({ title: plainText(100), subtitle: plainText(200), image: imageLink }), { minLength: 1, maxLength: 3 }) }),
      'home.features': fc.record({
        title: plainText(100),
        features: fc.array(fc.record({ icon: fc.constantFrom(...FEATURE_ICONS), title: plainText(50), description: plainText(200), image: fc.oneof(fc.constant(''), imageLink) }), { minLength: 1, maxLength: 4 }),
      }),
      'home.about': fc.record({ title: plainText(100), content: richText, image: fc.oneof(fc.constant(''), imageLink) }),
      'home.contact': fc.record({ schoolName: plainText(100), phone: fc.stringMatching(/^[+(]?\d[\d ()-]{2,18}$/), email: validEmail, address: plainText(500) }),
      'home.logos': fc.record({ image: imageLink, title: plainText(50), hoverText: plainText(100), shareImage: fc.oneof(fc.constant(''), imageLink) }),
    }
    const key = fc.constantFrom(...EDITABLE_SECTION_KEYS)
    const validForm = key.chain((sectionKey) => validContent[sectionKey]!.map((content) => entries({ intent: 'save', key: sectionKey, content: JSON.stringify(content) })))
    const jsonLeaf = fc.oneof(hostileJsonValue, hostileRichText, textAround(2_000))
    const mutatedContent = fc
      .tuple(key.chain((sectionKey) => validContent[sectionKey]!), fc.nat(), jsonLeaf, fc.constantFrom('replace' as const, 'remove' as const, 'add' as const))
      .map(([content, pick, leaf, how]) => JSON.stringify(mutateJson(content, pick, leaf, how)) ?? 'undefined')
    await fuzzAction('sections', {
      url: '/admin/sections',
      routeId: 'routes/admin/sections',
      intents: ['save'],
      examples: () => [
        ...limitValues(2_000, paragraphOf).map(([value, label]): [FormEntries, string] => [
          entries({ intent: 'save', key: 'home.about', content: JSON.stringify({ title: 'About us', content: value, image: '' }) }),
          `at the limit (about content: ${label})`,
        ]),
        ...limitValues(100).map(([value, label]): [FormEntries, string] => [
          entries({ intent: 'save', key: 'home.hero', content: JSON.stringify({ slides: [{ title: value, subtitle: 'Welcome', image: 'https://example.org/a.png' }] }) }),
          `at the limit (hero title: ${label})`,
        ]),
      ],
      valid: validForm,
      fields: {
        key: fieldValue([...EDITABLE_SECTION_KEYS, 'calendar.google', 'home.testimonials', '__proto__', 'HOME.ABOUT']),
        content: fieldValue(mutatedContent, fc.constantFrom(...HOSTILE_JSON_TEXTS), fc.json({ maxDepth: 3 }), textAround(200_000)),
      },
      stored: (form) => {
        const data = parsed(sectionActionSchema, submission(form, { stringsOnly: true }).values, 'section')
        const content = parsed(sectionSchemas[data.key], JSON.parse(data.content), 'section content') as Record<string, unknown>
        const stored = JSON.parse(rows<SectionRow>('select content from sections where key = ?', data.key)[0]!.content) as Record<string, unknown>
        if (data.key === 'home.about') expect({ ...stored, content: undefined }).toEqual({ ...content, content: undefined })
        else expect(stored).toEqual(content)
      },
      rules: sectionRules,
      tables: ['sections'],
    })
  })

  test('themes: create, update, activate, delete', async () => {
    const shade = (min: number, max: number) => fc.tuple(fc.integer({ min: 0, max: 360 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min, max })).map(([h, s, l]) => `${h} ${s}% ${l}%`)
    const hsl = shade(0, 100)
    // A valid theme is readable (the active one must be): dark text and brand colours on light pages; the rest any colour.
    const lightness: Partial<Record<(typeof COLOR_KEYS)[number], [number, number]>> = { primary: [0, 12], secondary: [0, 12], foreground: [0, 8], background: [97, 100], muted: [94, 100] }
    const styleImage = fc.constantFrom('', 'https://example.org/bg.png', '/files/gallery/general/x.webp')
    const style = fc.record({
      backgroundImage: styleImage,
      overlayOpacity: fc.double({ min: 0, max: 1, noNaN: true }).map((value) => Math.abs(value)),
      borderImage: styleImage,
      borderImageSlice: fc.integer({ min: 1, max: 100 }),
      borderImageWidth: fc.constantFrom('10px', '2.5rem', '50%', '0px'),
    })
    const theme = fc.record({
      name: plainText(100),
      colors: fc.record(Object.fromEntries(COLOR_KEYS.map((key) => [key, lightness[key] ? shade(...lightness[key]) : hsl])) as Record<(typeof COLOR_KEYS)[number], fc.Arbitrary<string>>),
      sectionStyles: fc.tuple(fc.record(Object.fromEntries(SECTION_STYLE_KEYS.map((key) => [key, style])) as Record<(typeof SECTION_STYLE_KEYS)[number], typeof style>), fc.constantFrom('80px', '120px')).map(([styles, height]) => ({ ...styles, header: { ...styles.header, height } })),
    })
    const hostileLeaf = fc.oneof(
      hostileJsonValue,
      fc.constantFrom<unknown>('360 100% 100%', '361 50% 50%', '-1 50% 50%', '200 101% 50%', '200 50 50', 'red', '#ff0000', 'hsl(200, 50%, 50%)', '200 50% 50%; } body { display:none', 'url(javascript:alert(1))', "https://example.org/a.png'); x: url(", 1.5, -0.1, 0, 101, 0.5, 1e308, '10px; color:red', '99999px'),
    )
    const mutatedTheme = fc.tuple(theme, fc.nat(), hostileLeaf, fc.constantFrom('replace' as const, 'remove' as const, 'add' as const)).map(([value, pick, leaf, how]) => JSON.stringify(mutateJson(value, pick, leaf, how)) ?? 'undefined')
    const rawJsonTricks = theme.map((value) => JSON.stringify(value)).chain((text) =>
      fc.constantFrom(text.replace('"overlayOpacity":', '"overlayOpacity":1e999,"x":'), text.replace('{"name":', '{"name":"first","name":'), text.replace('{', '{"__proto__":{"isActive":true},'), `${text}garbage`, text.slice(0, -1)),
    )
    await fuzzAction('themes', {
      url: '/admin/theme',
      routeId: 'routes/admin/theme',
      intents: ['create', 'update', 'activate', 'delete'],
      examples: () => {
        const active = rows<ThemeRow>('select * from themes where is_active = 1')[0]!
        const base = { colors: JSON.parse(active.colors) as unknown, sectionStyles: JSON.parse(active.section_styles) as unknown }
        return limitValues(100).map(([value, label]) => [entries({ intent: 'create', theme: JSON.stringify({ ...base, name: value }) }), `at the limit (name: ${label})`])
      },
      valid: fc.oneof(
        { weight: 2, arbitrary: fc.record({ intent: fc.constant('create'), theme: theme.map((value) => JSON.stringify(value)) }).map(entries) },
        { weight: 2, arbitrary: fc.record({ intent: fc.constant('update'), id: existingId('themes'), theme: theme.map((value) => JSON.stringify(value)) }).map(entries) },
        { weight: 1, arbitrary: fc.record({ intent: fc.constant('activate'), id: existingId('themes') }).map(entries) },
        { weight: 1, arbitrary: fc.record({ intent: fc.constant('delete'), id: existingId('themes', 'is_active = 0') }).map(entries) },
      ),
      fields: {
        id: anyId('themes'),
        theme: fieldValue(mutatedTheme, rawJsonTricks, fc.constantFrom(...HOSTILE_JSON_TEXTS), fc.json({ maxDepth: 3 })),
      },
      stored: (form) => {
        const data = parsed(themeActionSchema, submission(form, { stringsOnly: true }).values, 'theme')
        if (data.intent === 'delete') return expectGone('themes', data.id)
        if (data.intent === 'activate') return expect(rowById<ThemeRow>('themes', data.id)?.is_active).toBe(1)
        const row = data.intent === 'create' ? newestRows<ThemeRow>('themes')[0] : rowById<ThemeRow>('themes', data.id)
        expect(row && { name: row.name, colors: JSON.parse(row.colors) as unknown, sectionStyles: JSON.parse(row.section_styles) as unknown }).toEqual(data.theme)
      },
      rules: themeRules,
      tables: ['themes'],
    })
  })

  test('contact form (public)', async () => {
    // The form must have been rendered at least 3 s before a message counts.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, contactTokenAt + 3_100 - Date.now())))
    let visitor = 0
    await fuzzAction('contact form', {
      url: '/?index',
      routeId: 'routes/site/home',
      intents: [],
      examples: () => atLimits(() => ({ name: 'A Parent', email: `parent.${uid()}@example.org`, message: 'Hello', formToken: unusedContactToken() }), { name: 100, message: 1_000, email: 255 }, { email: (text) => `${text}@example.org` }),
      valid: fc.record({ name: plainText(100), email: fc.oneof(validEmail, fc.constant(`  ${'e'.repeat(240)}@example.org `)), message: plainText(1_000), website: orAbsent(fc.constant('')), formToken: fc.constant(null).map(unusedContactToken) }).map(entries),
      fields: {
        name: fieldValue(plainText(100), textAround(100)),
        email: fieldValue(['parent@example.org', 'not-an-email', 'a@b', '"quoted"@example.org', 'x@example.org\r\nBcc: victim@example.org', `${'e'.repeat(250)}@example.org`], textAround(255)),
        message: fieldValue(plainText(1_000), textAround(1_000)),
        website: fieldValue(['', 'https://spam.example']),
        formToken: fieldValue([`${Date.now() - 60_000}.forged`, '1.a', `${Date.now()}.${'A'.repeat(43)}`, '..', contactToken]),
      },
      // Each message from its own address, so the 30 s spacing and the 10-minute cap judge none of them.
      headers: () => ({ 'x-forwarded-for': `10.9.${(visitor >> 8) & 255}.${visitor++ & 255}`, cookie: '' }),
      stored: (form) => {
        const data = parsed(contactMessageSchema, submission(form, { stringsOnly: true }).values, 'contact')
        const row = newestRows<ContactMessageRow>('contact_messages')[0]
        expect(row && { name: row.name, email: row.email, message: row.message, read: row.read }).toEqual({ name: data.name, email: data.email, message: data.message, read: 0 })
      },
      rules: contactMessageRules,
      tables: ['contact_messages', 'site_settings'],
    })
  })

  test('subscription form (public)', async () => {
    const tokens = subscriptionTokens
    const someToken = tokens[0]!
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, subscriptionTokensAt + 3_100 - Date.now())))
    let visitor = 0
    await fuzzAction('subscription form', {
      url: '/subscribe',
      routeId: 'routes/site/subscribe',
      intents: [],
      examples: () => atLimits(() => ({ email: `parent.${uid()}@example.org`, news: 'instant', formToken: tokens.pop() ?? someToken }), { email: 255 }, { email: (text) => `${text}@example.org` }),
      valid: fc
        .record({
          email: validEmail,
          news: fc.constantFrom('instant', 'weekly'),
          events: orAbsent(fc.constant('on')),
          alerts: orAbsent(fc.constant('on')),
          website: orAbsent(fc.constant('')),
          formToken: fc.constant(null).map(() => tokens.pop() ?? someToken),
        })
        .map(entries),
      fields: {
        email: fieldValue(['parent@example.org', 'not-an-email', 'x@example.org\r\nBcc: victim@example.org', `${'e'.repeat(250)}@example.org`], textAround(255)),
        news: fieldValue(['off', 'instant', 'weekly', 'hourly', 'INSTANT']),
        events: fieldValue(['on', 'off', 'true', '']),
        alerts: fieldValue(['on', 'off', 'true', '']),
        website: fieldValue(['', 'https://spam.example']),
        formToken: fieldValue([`${Date.now() - 60_000}.forged`, '1.a', `${Date.now()}.${'A'.repeat(43)}`, '..', someToken]),
      },
      // Each subscription from its own address, so the spacing judges none of them.
      headers: () => ({ 'x-forwarded-for': `10.11.${(visitor >> 8) & 255}.${visitor++ & 255}`, cookie: '' }),
      stored: (form) => {
        const data = parsed(subscribeSchema, submission(form, { stringsOnly: true }).values, 'subscription')
        const row = rows<SubscriberRow>('select email, news, events, alerts, token_hash, confirmed_at from subscribers where email = ?', data.email)[0]
        expect(row && { news: row.news, events: Boolean(row.events), alerts: Boolean(row.alerts), confirmed: row.confirmed_at }).toEqual({ news: data.news, events: data.events, alerts: data.alerts, confirmed: null })
      },
      rules: subscriberRules,
      tables: ['subscribers'],
    })
  })

  test('subscribers: delete', async () => {
    await fuzzAction('subscribers', {
      url: '/admin/subscribers',
      routeId: 'routes/admin/subscribers',
      intents: ['delete'],
      valid: fc.record({ intent: fc.constant('delete'), id: existingId('subscribers') }).map(entries),
      fields: { id: anyId('subscribers') },
      stored: (form) => expectGone('subscribers', submission(form, { stringsOnly: true }).values.id),
      rules: subscriberRules,
      tables: ['subscribers'],
    })
  })

  test('contact messages: mark read or unread, delete', async () => {
    // At least one message to mark, whether or not the contact form's test ran first.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, contactTokenAt + 3_100 - Date.now())))
    const seeded = entries({ name: 'A Parent', email: `parent.${uid()}@example.org`, message: 'Hello', formToken: keptContactToken })
    expect((await postForm('/?index', seeded, false, { 'x-forwarded-for': '10.5.0.1', cookie: '' })).status).toBe(200)
    await fuzzAction('contact messages', {
      url: '/admin/contact',
      routeId: 'routes/admin/contact-messages',
      intents: ['mark', 'delete', 'office-addresses', 'mark-all-read'],
      valid: fc.oneof(
        { weight: 1, arbitrary: fc.record({ intent: fc.constant('mark-all-read') }).map(entries) },
        { weight: 3, arbitrary: fc.record({ intent: fc.constant('mark'), id: existingId('contact_messages'), read: fc.constantFrom('true', 'false') }).map(entries) },
        { weight: 1, arbitrary: fc.record({ intent: fc.constant('delete'), id: existingId('contact_messages') }).map(entries) },
        { weight: 1, arbitrary: fc.record({ intent: fc.constant('office-addresses'), addresses: fc.constantFrom('', 'office@school.example', 'a@school.example\nB@school.example, A@SCHOOL.example') }).map(entries) },
      ),
      fields: {
        id: anyId('contact_messages'),
        read: fieldValue(['true', 'false', 'TRUE', '1', 'on']),
        addresses: fieldValue(['office@school.example', 'not-an-address', 'a@b', Array.from({ length: 11 }, (_, n) => `o${n}@school.example`).join('\n'), `${'e'.repeat(300)}@example.org`]),
      },
      stored: (form) => {
        const data = parsed(contactMessageActionSchema, submission(form, { stringsOnly: true }).values, 'contact message')
        if (data.intent === 'delete') return expectGone('contact_messages', data.id)
        if (data.intent === 'mark-all-read') return expect(rows('select id from contact_messages where read = 0')).toEqual([])
        if (data.intent === 'office-addresses') {
          return expect(rows<{ value: string }>("select value from site_settings where key = 'office_notification_addresses'")).toEqual([{ value: JSON.stringify(data.addresses) }])
        }
        if (data.intent !== 'mark') throw new Error(`no valid form draws ${data.intent}`)
        expect(rowById<ContactMessageRow>('contact_messages', data.id)?.read).toBe(data.read ? 1 : 0)
      },
      rules: contactMessageRules,
      tables: ['contact_messages'],
    })
  })

  test('users: create, update, approve, reject, delete; the account setting', async () => {
    const others = `id <> '${adminId}'`
    const otherUser = existingId('user', others)
    const role = fc.constantFrom(...ROLES)
    await fuzzAction('users', {
      url: '/admin/users',
      routeId: 'routes/admin/users',
      intents: ['create', 'update', 'approve', 'reject', 'delete'],
      examples: () => atLimits(() => ({ intent: 'create', email: `limit.${uid()}@example.org`, password: 'a-good-password', fullName: 'At the limit' }), { fullName: 100, password: 128 }),
      valid: fc.oneof(
        { weight: 3, arbitrary: fc.record({ intent: fc.constant('create'), email: validEmail, password: validPassword, fullName: plainText(100), role: orAbsent(role) }).map(entries) },
        { weight: 2, arbitrary: fc.record({ intent: fc.constant('update'), id: otherUser, fullName: plainText(100), status: fc.constantFrom(...PROFILE_STATUSES), role, password: fc.oneof(fc.constant(''), validPassword) }).map(entries) },
        { weight: 1, arbitrary: fc.record({ intent: fc.constantFrom('approve', 'reject', 'delete'), id: otherUser }).map(entries) },
      ),
      fields: {
        // Never the signed-in admin: rejecting it once another admin exists would be allowed, and end the run's access.
        id: fieldValue(otherUser, fc.constant(MISSING_ID)),
        email: fieldValue(validEmail, fc.constantFrom('not-an-email', ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_EMAIL.toUpperCase(), ` ${ADMIN.ADMIN_EMAIL} `, 'a@b', `${'e'.repeat(300)}@example.org`)),
        password: fieldValue(validPassword, fc.constantFrom('12345', 'p'.repeat(129), ' '.repeat(6), '\u0000'.repeat(8))),
        fullName: fieldValue(plainText(100), textAround(100)),
        role: fieldValue([...ROLES, 'superuser', 'ADMIN', 'admin ']),
        status: fieldValue([...PROFILE_STATUSES, 'banned', 'Approved']),
      },
      stored: (form) => {
        const data = parsed(userActionSchema, submission(form, { stringsOnly: true }).values, 'user')
        if (data.intent === 'delete') return expectGone('user', data.id)
        const profile =
          data.intent === 'create'
            ? rows<ProfileRow>('select p.*, r.role from profiles p join user_roles r on r.user_id = p.id where p.email = ?', data.email.toLowerCase())[0]
            : rows<ProfileRow>('select p.*, r.role from profiles p join user_roles r on r.user_id = p.id where p.id = ?', data.id)[0]
        const expected =
          data.intent === 'create'
            ? { full_name: data.fullName, status: 'approved', role: data.role }
            : data.intent === 'update'
              ? { full_name: data.fullName, status: data.status, role: data.role }
              : { status: data.intent === 'approve' ? 'approved' : 'rejected' }
        expect(profile && Object.fromEntries(Object.keys(expected).map((key) => [key, profile[key as keyof ProfileRow]]))).toEqual(expected)
      },
      rules: userRules,
      tables: ['user', 'profiles', 'user_roles', 'account', 'session'],
    })

    await fuzzAction('account setting', {
      url: '/admin/account',
      routeId: 'routes/admin/account',
      intents: ['require-two-factor', 'notify-contact-messages'],
      valid: fc.oneof(
        fc.constant(entries({ intent: 'require-two-factor', required: 'false' })),
        fc.record({ intent: fc.constant('notify-contact-messages'), enabled: fc.constantFrom('true', 'false') }).map(entries),
      ),
      fields: { required: fieldValue(['true', 'false', 'TRUE', 'on', '1']), enabled: fieldValue(['true', 'false', 'TRUE', 'on', '1']) },
      stored: (form) => {
        const data = parsed(accountActionSchema, submission(form, { stringsOnly: true }).values, 'account setting')
        if (data.intent === 'notify-contact-messages') {
          return expect(rows<{ chosen: number }>('select notify_contact_messages as chosen from profiles where id = ?', adminId)).toEqual([{ chosen: data.enabled ? 1 : 0 }])
        }
        expect(rows<{ value: string }>("select value from site_settings where value in ('true', 'false')").map((row) => row.value)).toEqual(['false'])
      },
      rules: userRules,
      tables: ['site_settings', 'profiles'],
    })
  })

  test('invitations: invite, resend, cancel', async () => {
    const role = fc.constantFrom(...ROLES)
    const invitation = existingId('staff_invitations')
    await fuzzAction('invitations', {
      url: '/admin/users',
      routeId: 'routes/admin/users',
      intents: ['invite', 'resend-invitation', 'cancel-invitation'],
      valid: fc.oneof(
        { weight: 3, arbitrary: fc.record({ intent: fc.constant('invite'), email: validEmail, fullName: orAbsent(plainText(100)), role: orAbsent(role) }).map(entries) },
        { weight: 1, arbitrary: fc.record({ intent: fc.constantFrom('resend-invitation', 'cancel-invitation'), id: invitation }).map(entries) },
      ),
      fields: {
        id: fieldValue(invitation, fc.constant(MISSING_ID)),
        email: fieldValue(validEmail, fc.constantFrom('not-an-email', ADMIN.ADMIN_EMAIL, ` ${ADMIN.ADMIN_EMAIL.toUpperCase()} `, 'a@b', `${'e'.repeat(300)}@example.org`)),
        fullName: fieldValue(plainText(100), textAround(100)),
        role: fieldValue([...ROLES, 'superuser', 'ADMIN', 'admin ']),
      },
      stored: (form) => {
        const data = parsed(invitationActionSchema, submission(form, { stringsOnly: true }).values, 'invitation')
        if (data.intent === 'cancel-invitation') return expectGone('staff_invitations', data.id)
        if (data.intent === 'resend-invitation') return expect(rows('select id from staff_invitations where id = ?', data.id)).toHaveLength(1)
        const row = rows<{ role: string; full_name: string | null }>('select role, full_name from staff_invitations where email = ?', data.email.toLowerCase())[0]
        expect(row).toEqual({ role: data.role, full_name: data.fullName })
      },
      rules: userRules,
      tables: ['staff_invitations', 'user', 'profiles'],
    })
  })

  test('the JSON functions create-user, update-user, delete-user', async () => {
    const otherUser = existingId('user', `id <> '${adminId}'`)
    const validBody = fc.oneof(
      fc.record({ name: fc.constant('create-user'), body: fc.record({ email: validEmail, password: validPassword, fullName: plainText(100), role: orAbsent(fc.constantFrom(...ROLES)) }) }),
      fc.record({ name: fc.constant('update-user'), body: fc.record({ userId: otherUser, password: validPassword }) }),
      fc.record({ name: fc.constant('delete-user'), body: fc.record({ userId: otherUser }) }),
    )
    const leaf = fc.oneof(hostileJsonValue, fc.constantFrom<unknown>(ADMIN.ADMIN_EMAIL, adminId, 'superuser', 'p'.repeat(129), '12345', MISSING_ID))
    const calls = fc.oneof(
      { weight: 3, arbitrary: validBody.map((call) => ({ ...call, text: JSON.stringify(call.body), valid: true })) },
      {
        weight: 4,
        arbitrary: fc.tuple(validBody, fc.nat(), leaf, fc.constantFrom('replace' as const, 'remove' as const, 'add' as const)).map(([call, pick, value, how]) => ({ name: call.name, text: JSON.stringify(mutateJson(call.body, pick, value, how)) ?? '', valid: false })),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(fc.constantFrom('create-user', 'update-user', 'delete-user', 'no-such-function', '__proto__', 'constructor', '..%2Fauth%2Fsign-out'), fc.oneof(fc.constantFrom(...HOSTILE_JSON_TEXTS), hostileJsonValue.map((value) => JSON.stringify(value) ?? ''))).map(([name, text]) => ({ name, text, valid: false })),
      },
    )
    const counts: Record<string, number> = {}
    await fc.assert(
      fc.asyncProperty(calls, fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'), async (call, type) => {
        const what = `${call.name} ${type} ${call.text.slice(0, 300)}`
        const answer = await answerOf(
          await fetch(`${app.url}/api/functions/${call.name}`, { method: 'POST', body: call.text, headers: { cookie, origin: app.url, 'content-type': type }, redirect: 'manual' }),
          null,
        )
        expectClearAnswer(answer, what)
        counts[`${call.valid ? 'valid' : 'hostile'} ${answer.status}`] = (counts[`${call.valid ? 'valid' : 'hostile'} ${answer.status}`] ?? 0) + 1
        if (answer.status >= 400) expect(Object.keys(answer.data as object), what).toEqual(['error'])
        if (call.valid) expect(answer.status, `${what}: ${answer.text}`).toBe(200)
        if (answer.status !== 200) return
        const name = call.name as keyof typeof USER_FUNCTIONS
        const body = parsed(USER_FUNCTIONS[name], JSON.parse(call.text), what) as { email?: string; userId?: string; fullName?: string; role?: string }
        expect(field(answer.data, 'message'), what).toEqual(expect.any(String))
        if (name === 'delete-user') expectGone('user', body.userId)
        else if (name === 'create-user') {
          const profile = rows<ProfileRow>('select p.*, r.role from profiles p join user_roles r on r.user_id = p.id where p.email = ?', body.email!.toLowerCase())[0]
          expect(profile && { full_name: profile.full_name, status: profile.status, role: profile.role }).toEqual({ full_name: body.fullName, status: 'approved', role: body.role })
        } else expect(rowById('user', body.userId)).toBeDefined()
        userRules()
      }),
      parametersFor('functions'),
    )
    userRules()
    tally['functions'] = counts
    expect(counts['valid 200'] ?? 0).toBeGreaterThan(0)
  })

  test('sign-in, sign-up and password reset (public)', async () => {
    let visitor = 0
    const credentials = fc.record({
      email: fieldValue(validEmail, fc.constantFrom(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_EMAIL.toUpperCase(), ` ${ADMIN.ADMIN_EMAIL}`, 'a@b', 'not-an-email')),
      password: fieldValue(validPassword, fc.constantFrom(ADMIN.ADMIN_PASSWORD, '12345', 'p'.repeat(129))),
      // Names that break the user form's rules are the next test's.
      name: fc.constantFrom('', 'A Parent', undefined),
      token: fieldValue(['', 'not-a-token', '../../etc/passwd']),
      newPassword: fieldValue(validPassword),
      redirectTo: fieldValue(['/auth/reset-password', 'https://evil.example/steal', 'javascript:alert(1)', '//evil.example']),
      callbackURL: fieldValue(['/admin', 'https://evil.example/', 'javascript:alert(1)']),
    })
    const body = fc.oneof(
      { weight: 3, arbitrary: credentials.map((value) => JSON.stringify(value)) },
      { weight: 1, arbitrary: hostileJsonValue.map((value) => JSON.stringify(value) ?? '') },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_JSON_TEXTS) },
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('sign-in/email', 'sign-up/email', 'request-password-reset', 'reset-password', 'sign-out'), body, async (endpoint, text) => {
        const response = await fetch(`${app.url}/api/auth/${endpoint}`, {
          method: 'POST',
          body: text,
          headers: { origin: app.url, 'content-type': 'application/json', 'x-forwarded-for': `10.8.${(visitor >> 8) & 255}.${visitor++ & 255}` },
          redirect: 'manual',
        })
        expectClearAnswer(await answerOf(response, null), `${endpoint} ${text.slice(0, 300)}`)
        userRules()
      }),
      parametersFor('auth'),
    )
  })

  test('sign-up: the name follows the rules of the user form (trimmed, at most 100 characters)', async () => {
    // Everything right but the name. The sign-up page sends none; a script may send any.
    const names = ['n'.repeat(101), ' A Parent ', 'Line\r\nbreak', 'n'.repeat(5_000), ...limitValues(100).map(([name]) => name)]
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...names), async (name) => {
        const body = JSON.stringify({ email: `sign.up.${uid()}@example.org`, password: 'a-good-password', name })
        const response = await fetch(`${app.url}/api/auth/sign-up/email`, { method: 'POST', body, headers: { origin: app.url, 'content-type': 'application/json', 'x-forwarded-for': '10.6.0.1' }, redirect: 'manual' })
        expectClearAnswer(await answerOf(response, null), body.slice(0, 300))
        userRules()
      }),
      { ...parametersFor('sign-up names'), numRuns: names.length, examples: names.map((name): [string] => [name]) },
    )
  })

  test('password reset: a return address of our own site that is not well-formed text', async () => {
    // Better Auth checks the address's origin, then passes it to encodeURIComponent, which throws on a lone surrogate.
    const redirects = [`${app.url}/auth/reset-password`, `${app.url}/auth/reset-password\ud83d`, `${app.url}/auth/reset-password?x=\udc00`, '/auth/reset-password\ud83d']
    const calls = [ADMIN.ADMIN_EMAIL, 'nobody@school.test'].flatMap((email) => redirects.map((redirectTo): [string, string] => [email, redirectTo]))
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), async ([email, redirectTo]) => {
        const body = JSON.stringify({ email, redirectTo })
        const response = await fetch(`${app.url}/api/auth/request-password-reset`, { method: 'POST', body, headers: { origin: app.url, 'content-type': 'application/json', 'x-forwarded-for': '10.6.0.2' }, redirect: 'manual' })
        expectClearAnswer(await answerOf(response, null), body)
      }),
      { ...parametersFor('reset return address'), numRuns: calls.length, examples: calls.map((call): [[string, string]] => [call]) },
    )
  })

  test('bodies that are not forms, to every action', async () => {
    const routes: [string, string | null][] = [
      ['/?index', 'routes/site/home'],
      ['/admin/blogs', 'routes/admin/blogs'],
      ['/admin/events', 'routes/admin/events'],
      ['/admin/events/categories', null],
      ['/admin/gallery', 'routes/admin/gallery'],
      ['/admin/image-picker', null],
      ['/admin/policies', 'routes/admin/policies'],
      ['/admin/testimonials', 'routes/admin/testimonials'],
      ['/admin/sections', 'routes/admin/sections'],
      ['/admin/theme', 'routes/admin/theme'],
      ['/admin/contact', 'routes/admin/contact-messages'],
      ['/admin/users', 'routes/admin/users'],
      ['/admin/account', 'routes/admin/account'],
      ['/admin/api-keys', 'routes/admin/api-keys'],
      ['/admin/deliveries', 'routes/admin/deliveries'],
      ['/admin/pages', 'routes/admin/pages'],
      ['/admin/menus', 'routes/admin/menus'],
      ['/admin/staff', 'routes/admin/staff'],
      ['/subscribe', 'routes/site/subscribe'],
      [`/subscribe/manage/${'A'.repeat(43)}`, 'routes/site/subscribe-manage'],
      [`/subscribe/confirm/${'A'.repeat(43)}`, 'routes/site/subscribe-confirm'],
      [`/unsubscribe/${'A'.repeat(43)}`, 'routes/site/unsubscribe'],
      ['/admin/subscribers', 'routes/admin/subscribers'],
      ['/admin/alerts', 'routes/admin/alerts'],
      [`/auth/invitation/${'A'.repeat(32)}`, 'routes/auth/invitation'],
    ]
    const bodies: [string | undefined, string][] = [
      ['multipart/form-data', 'intent=create'],
      ['multipart/form-data; boundary=xyz', 'intent=create'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate'],
      ['application/json', '{"intent":"create","title":"x"}'],
      ['text/plain', 'intent=create'],
      [undefined, 'intent=create'],
      ['application/x-www-form-urlencoded', 'intent=%E0%A4%A&title=%'],
      ['application/x-www-form-urlencoded; charset=utf-16', 'intent=create'],
    ]
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.constantFrom(...bodies), async ([url, routeId], [type, text]) => {
        const headers: Record<string, string> = { cookie, origin: app.url, 'x-forwarded-for': '10.7.0.1' }
        if (type) headers['content-type'] = type
        const response = await fetch(`${app.url}${url}`, { method: 'POST', body: new TextEncoder().encode(text), headers, redirect: 'manual' })
        expectClearAnswer(await answerOf(response, routeId), `${url} content-type ${String(type)}: ${JSON.stringify(text)}`)
      }),
      // Every body to every action, once each.
      { ...parametersFor('bodies'), numRuns: routes.length * bodies.length, examples: routes.flatMap((route) => bodies.map((body): [[string, string | null], [string | undefined, string]] => [route, body])) },
    )
  })

  describe('bodies that never end or barely move, to every public endpoint', () => {
    const MB = 1024 * 1024
    /** What one refused attempt may add to the server's resident memory. */
    const MEMORY_BUDGET = 50 * MB

    /** A body the route read too much of is refused (413, 408); a route that reads none answers at once; never a 5xx. */
    function expectBodyRefusedOrUnread(answer: RawAnswer, refusal: 413 | 408, what: string) {
      expect(answer.status, `${what}: ${answer.error ?? ''} ${serverErrors()}`).toBeGreaterThan(0)
      expect(answer.status, `${what}: ${serverErrors()}`).toBeLessThan(500)
      expect(leakIn(answer.body), what).toBeFalsy()
      if (answer.status === refusal) expect((JSON.parse(answer.body) as { error?: unknown }).error, what).toEqual(expect.stringMatching(/\p{L}{2,}/u))
    }

    test('a 100 MB chunked body: refused as it streams in, resident memory grows less than 50 MB', async () => {
      const statuses: Record<string, number> = {}
      for (const path of PUBLIC_POST_PATHS) {
        for (const [type, prefix] of Object.entries(BODY_OPENINGS)) {
          const what = `${path} ${type}`
          const { result, growthBytes } = await withPeakMemory(app.pid, () => sendChunked(app.url, { path, headers: { 'Content-Type': type, Origin: app.url }, prefix, totalBytes: 100 * MB }))
          expectBodyRefusedOrUnread(result, 413, what)
          // The server stopped reading long before the end (what was sent past the answer sat in socket buffers).
          expect(result.sent, what).toBeLessThan(20 * MB)
          expect(growthBytes, `${what}: resident memory grew by ${Math.round(growthBytes / MB)} MB`).toBeLessThan(MEMORY_BUDGET)
          statuses[what] = result.status
        }
      }
      // The endpoints that read bodies: the contact form, Better Auth, the JSON functions.
      for (const path of ['/?index', '/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset']) expect(statuses[`${path} application/json`], path).toBe(413)
      expect(statuses['/?index multipart/form-data; boundary=hostile']).toBe(413)
    }, 240_000)

    test(`a body that trickles a few bytes a second: answered within ${BODY_LIMITS.anyone.maxMs / 1000} s, never left hanging`, async () => {
      const limit = BODY_LIMITS.anyone.maxMs
      const answers = await Promise.all(
        PUBLIC_POST_PATHS.map(async (path) => ({
          path,
          answer: await sendSlowly(app.url, { path, headers: { 'Content-Type': 'application/json', Origin: app.url }, prefix: BODY_OPENINGS['application/json'], totalBytes: 2_000, bytesPerTick: 3, tickMs: 500, maxMs: limit + 15_000 }),
        })),
      )
      for (const { path, answer } of answers) {
        expectBodyRefusedOrUnread(answer, 408, path)
        expect(answer.elapsedMs, path).toBeLessThan(limit + 5_000)
      }
      for (const path of ['/?index', '/api/auth/sign-in/email', '/api/auth/sign-up/email']) expect(answers.find((entry) => entry.path === path)?.answer.status, path).toBe(408)
    }, 60_000)
  })
})
