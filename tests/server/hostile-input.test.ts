import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import fc from 'fast-check'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BLOG_LIMITS } from '#app/domain/blog/blog.schema.ts'
import { CONTACT_LIMITS } from '#app/domain/contact/contact.schema.ts'
import { EDITABLE_SECTION_KEYS } from '#app/domain/section/section-forms.ts'
import { sectionSchemas } from '#app/domain/section/section.schema.ts'
import { testimonialSchema } from '#app/domain/testimonial/testimonial.schema.ts'
import { themeInputSchema } from '#app/domain/theme/theme.schema.ts'
import { signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { fieldValue, hostileFile, hostileText } from '#tests/setup/hostile-values.ts'

/*
 * Property-based tests (fast-check): random and malicious values at every
 * form action of the site and the JSON functions. Each answer must be a
 * success or a clear refusal, never a 5xx or an error's innards, and the
 * database must hold only rows that the app's own rules accept.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 60)
const ADMIN = { ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' }
const VALID_PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } }).png().toBuffer()
const LEAK = /\n\s+at |node_modules|\.tsx?:\d+|SqliteError|SQLITE_|TypeError|ReferenceError/

let app: AppProcess
let cookie: string

beforeAll(async () => {
  app = await startApp({ ...ADMIN, SEED_DEMO: 'true', TRUST_PROXY: 'true' })
  cookie = (await signIn(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).cookie
})
afterAll(() => app?.stop())

function rows<Row>(sql: string): Row[] {
  const database = new DatabaseSync(path.join(app.dataDir, 'school.sqlite'), { readOnly: true, timeout: 5000 })
  try {
    return database.prepare(sql).all() as Row[]
  } finally {
    database.close()
  }
}
const ids = (table: string) => rows<{ id: string }>(`select id from "${table}"`).map((row) => row.id)

type FormFile = { name: string; type: string; bytes: Uint8Array }
type Form = Record<string, string | FormFile | undefined>

/** Posts a form as a browser would (multipart when it carries a file) and checks the answer is not a failure of ours. */
async function post(url: string, form: Form, headers: Record<string, string> = {}) {
  const hasFile = Object.values(form).some((value) => typeof value === 'object')
  let body: FormData | URLSearchParams
  if (hasFile) {
    body = new FormData()
    for (const [name, value] of Object.entries(form)) {
      if (value === undefined) continue
      if (typeof value === 'string') body.append(name, value)
      else body.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name)
    }
  } else {
    body = new URLSearchParams(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  }
  const response = await fetch(`${app.url}${url}`, { method: 'POST', body, headers: { cookie, origin: app.url, ...headers }, redirect: 'manual' })
  return expectHandled(response, `${url} ${JSON.stringify(form).slice(0, 300)}`)
}

async function expectHandled(response: Response, what: string) {
  const text = await response.text()
  expect(response.status, what).toBeLessThan(500)
  expect(text, what).not.toMatch(LEAK)
  return { status: response.status, text }
}

/**
 * One property per action: any mix of plausible and hostile fields for any of
 * its intents, and (a third of the runs) a form that is valid throughout,
 * which must succeed. Returns how many answers were successes.
 */
async function fuzz(url: string, intents: readonly string[], fields: Record<string, fc.Arbitrary<string | FormFile | undefined>>, valid?: fc.Arbitrary<Form>) {
  let successes = 0
  const hostile = fc.tuple(fc.constantFrom(...intents, 'no-such-intent'), fc.record(fields)).map(([intent, form]): [Form, boolean] => [{ intent, ...form }, false])
  const forms = valid ? fc.oneof({ weight: 2, arbitrary: hostile }, { weight: 1, arbitrary: valid.map((form): [Form, boolean] => [form, true]) }) : hostile
  await fc.assert(
    fc.asyncProperty(forms, async ([form, mustSucceed]) => {
      const { status } = await post(url, form)
      if (mustSucceed) expect(status, JSON.stringify(form).slice(0, 300)).toBe(200)
      if (status === 200) successes++
    }),
    { numRuns: RUNS, endOnFailure: true },
  )
  if (valid) expect(successes).toBeGreaterThan(0)
  return successes
}

/** An id of a row that exists now, of one that does not, or anything at all. */
const idFrom = (table: string) => fc.oneof(fc.constantFrom('00000000-0000-4000-8000-000000000000', ...ids(table)), hostileText)
const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,30}$/)
const slug = fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,12}){0,3}$/)

const plausible = {
  date: fieldValue(['2027-03-14T09:00', '2027-03-14T15:30', '2026-12-01T00:00', '2027-03-14']),
  url: fieldValue(['https://example.org/a.png', '/files/gallery/general/x.webp', '']),
}

describe('hostile input never breaks the site nor stores a bad row', () => {
  test('contact form (public)', async () => {
    const home = await (await fetch(`${app.url}/`)).text()
    const token = /name="formToken" value="([^"]+)"/.exec(home)![1]!
    await new Promise((resolve) => setTimeout(resolve, 3_100))
    let visitor = 0
    await fc.assert(
      fc.asyncProperty(
        fc.record({ name: fieldValue(['A Parent']), email: fieldValue(['parent@example.org']), message: fieldValue(['Hello there']), website: fieldValue(['']), formToken: fieldValue([token]) }),
        async (form) => {
          const response = await fetch(`${app.url}/?index`, {
            method: 'POST',
            body: new URLSearchParams(Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined)),
            headers: { origin: app.url, 'x-forwarded-for': `10.9.${visitor >> 8}.${visitor++ & 255}` },
          })
          await expectHandled(response, JSON.stringify(form).slice(0, 300))
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    )
    for (const row of rows<{ name: string; email: string; message: string }>('select name, email, message from contact_messages')) {
      expect(row.name.trim().length).toBeGreaterThan(0)
      expect(row.name.length).toBeLessThanOrEqual(CONTACT_LIMITS.name)
      expect(row.email).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/)
      expect(row.message.length).toBeLessThanOrEqual(CONTACT_LIMITS.message)
    }
  })

  test('sign-in, sign-up and password reset (public)', async () => {
    let visitor = 0
    const credentials = fc.oneof(
      fc.jsonValue(),
      fc.record({ email: fieldValue(['parent@example.org', ADMIN.ADMIN_EMAIL]), password: fieldValue(['a-good-password', ADMIN.ADMIN_PASSWORD]), name: fieldValue(['A Parent']) }),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('sign-in/email', 'sign-up/email', 'request-password-reset', 'reset-password'), credentials, async (endpoint, body) => {
        const response = await fetch(`${app.url}/api/auth/${endpoint}`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { origin: app.url, 'content-type': 'application/json', 'x-forwarded-for': `10.8.${visitor >> 8}.${visitor++ & 255}` },
        })
        await expectHandled(response, `${endpoint} ${JSON.stringify(body).slice(0, 300)}`)
      }),
      { numRuns: RUNS, endOnFailure: true },
    )
    for (const row of rows<{ email: string }>('select email from user')) expect(row.email).toMatch(/^[^@\s]+@[^@\s]+$/)
  })

  test('sections', async () => {
    const stored = Object.fromEntries(rows<{ key: string; content: string }>('select key, content from sections').map((row) => [row.key, row.content]))
    await fuzz('/admin/sections', ['save'], {
      key: fieldValue(EDITABLE_SECTION_KEYS),
      content: fc.oneof(fc.constantFrom(...Object.values(stored)), fc.json(), hostileText.map((text) => JSON.stringify({ title: text, content: text, slides: [{ title: text }] }))),
    })
    for (const row of rows<{ key: string; content: string }>('select key, content from sections')) {
      const schema = (sectionSchemas as Record<string, { safeParse: (value: unknown) => { success: boolean } }>)[row.key]
      if (schema) expect(schema.safeParse(JSON.parse(row.content)).success, row.key).toBe(true)
    }
  })

  test('blogs', async () => {
    await fuzz('/admin/blogs', ['create', 'update', 'delete'], {
      id: idFrom('blogs'),
      title: fieldValue(['A title']),
      slug: fieldValue(['a-slug', 'welcome-back', 'Not A Slug']),
      excerpt: fieldValue(['Short']),
      content: fieldValue(['<p>Hello</p>', '<p><script>alert(1)</script>Hi</p>', '<p><a href="javascript:alert(1)">x</a></p>']),
      coverFile: hostileFile,
      removeCover: fieldValue(['true', 'false']),
    }, fc.record({ intent: fc.constant('create'), title: word, slug: slug.map((text) => `${text}-${Math.random().toString(36).slice(2, 8)}`), content: word.map((text) => `<p>${text}</p>`) }))
    const blogs = rows<{ title: string; slug: string; content: string; cover_image: string | null }>('select title, slug, content, cover_image from blogs')
    expect(new Set(blogs.map((blog) => blog.slug)).size).toBe(blogs.length)
    for (const blog of blogs) {
      expect(blog.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      expect(blog.title.trim().length).toBeGreaterThan(0)
      expect(blog.title.length).toBeLessThanOrEqual(BLOG_LIMITS.title)
      expect(blog.content).not.toMatch(/<script|javascript:|\son\w+=/i)
      if (blog.cover_image) expect(blog.cover_image).toMatch(/^\/files\/blogs\/[\w.-]+\.webp$/)
    }
  })

  test('events and the calendar link', async () => {
    await fuzz('/admin/events', ['create', 'update', 'delete', 'save-calendar'], {
      id: idFrom('events'),
      title: fieldValue(['Sports day']),
      description: fieldValue(['On the field']),
      startDate: plausible.date,
      endDate: plausible.date,
      imageUrl: plausible.url,
      imageFile: hostileFile,
      url: fieldValue(['https://calendar.google.com/calendar/embed?src=x', '', 'http://calendar.google.com/x']),
    }, fc.record({ intent: fc.constant('create'), title: word, startDate: fc.constantFrom('2027-03-14T09:00', '2027-05-01T13:45') }))
    for (const event of rows<{ title: string; start_date: string; end_date: string | null; image_url: string | null }>('select title, start_date, end_date, image_url from events')) {
      expect(event.title.trim().length).toBeGreaterThan(0)
      expect(Number.isNaN(Date.parse(event.start_date))).toBe(false)
      if (event.end_date) expect(Date.parse(event.end_date)).toBeGreaterThanOrEqual(Date.parse(event.start_date))
      if (event.image_url) expect(event.image_url).toMatch(/^(\/files\/[a-z]+\/[\w./-]+|https?:\/\/\S+)$/)
    }
    const calendar = rows<{ content: string }>("select content from sections where key = 'calendar.google'")[0]
    if (calendar) expect(JSON.parse(calendar.content).url).toMatch(/^(|https:\/\/\S+)$/)
  })

  test('gallery images and folders', async () => {
    await fuzz('/admin/gallery', ['upload', 'update-folder', 'delete-folder', 'delete-image'], {
      id: fc.oneof(idFrom('gallery'), idFrom('gallery_folders')),
      images: hostileFile,
      folder: fieldValue(['general', 'staff-room', 'New Folder']),
      newFolder: fieldValue(['Sports 2027']),
      title: fieldValue(['A photo']),
      name: fieldValue(['Renamed']),
      externalUse: fieldValue(['on', 'true', 'false']),
      enabled: fieldValue(['on', 'true', 'false']),
    }, fc.record({ intent: fc.constant('upload'), images: fc.constant({ name: 'photo.png', type: 'image/png', bytes: VALID_PNG }), folder: fc.constant('general') }))
    for (const folder of rows<{ name: string }>('select name from gallery_folders')) expect(folder.name).toMatch(/^[A-Za-z0-9 _-]{1,50}$/)
    for (const image of rows<{ image_url: string; folder: string }>('select image_url, folder from gallery')) {
      expect(image.image_url).toMatch(/^\/files\/gallery\/[\w./-]+\.webp$/)
      expect(image.folder).toMatch(/^[A-Za-z0-9 _-]{1,50}$/)
    }
  })

  test('policies', async () => {
    await fuzz('/admin/policies', ['create', 'update', 'delete'], {
      id: idFrom('policies'),
      title: fieldValue(['Safeguarding']),
      description: fieldValue(['Our policy']),
      fileUrl: fieldValue(['https://example.org/p.pdf', '/files/policies/x.pdf', '']),
      file: hostileFile,
    }, fc.record({ intent: fc.constant('create'), title: word, fileUrl: fc.constantFrom('', 'https://example.org/policy.pdf') }))
    for (const policy of rows<{ title: string; file_url: string | null }>('select title, file_url from policies')) {
      expect(policy.title.trim().length).toBeGreaterThan(0)
      if (policy.file_url) expect(policy.file_url).toMatch(/^(\/files\/policies\/[\w.-]+|https?:\/\/\S+)$/)
    }
  })

  test('testimonials', async () => {
    await fuzz('/admin/testimonials', ['create', 'update', 'delete'], {
      id: idFrom('testimonials'),
      parentName: fieldValue(['A Parent']),
      message: fieldValue(['Lovely school']),
      rating: fieldValue(['1', '3', '5', '0', '6', '4.5']),
    }, fc.record({ intent: fc.constant('create'), parentName: word, message: word, rating: fc.constantFrom('1', '2', '3', '4', '5') }))
    for (const row of rows<{ parent_name: string; message: string; rating: number }>('select parent_name, message, rating from testimonials')) {
      expect(testimonialSchema.safeParse({ parentName: row.parent_name, message: row.message, rating: String(row.rating) }).success, JSON.stringify(row)).toBe(true)
    }
  })

  test('contact messages', async () => {
    await fuzz('/admin/contact', ['mark', 'delete'], { id: idFrom('contact_messages'), read: fieldValue(['true', 'false']) })
    for (const row of rows<{ read: number }>('select read from contact_messages')) expect([0, 1]).toContain(row.read)
  })

  test('themes', async () => {
    const valid = rows<{ name: string; colors: string; section_styles: string }>('select name, colors, section_styles from themes')[0]!
    const validTheme = JSON.stringify({ name: 'Fuzzed', colors: JSON.parse(valid.colors), sectionStyles: JSON.parse(valid.section_styles) })
    await fuzz('/admin/theme', ['create', 'update', 'activate', 'delete'], {
      id: idFrom('themes'),
      theme: fc.oneof(
        fc.constant(validTheme),
        fc.json(),
        hostileText.map((text) => validTheme.replace('"Fuzzed"', JSON.stringify(text))),
        hostileText.map((text) => validTheme.replace(/"primary":"[^"]+"/, `"primary":${JSON.stringify(text)}`)),
      ),
    }, fc.record({ intent: fc.constant('create'), theme: word.map((name) => validTheme.replace('"Fuzzed"', JSON.stringify(name))) }))
    const themes = rows<{ name: string; is_active: number; colors: string; section_styles: string }>('select name, is_active, colors, section_styles from themes')
    expect(themes.filter((theme) => theme.is_active === 1)).toHaveLength(1)
    for (const theme of themes) {
      const parsed = themeInputSchema.safeParse({ name: theme.name, colors: JSON.parse(theme.colors), sectionStyles: JSON.parse(theme.section_styles) })
      expect(parsed.success, theme.name).toBe(true)
    }
  })

  test('users, the account setting and the JSON functions', async () => {
    const adminId = rows<{ id: string }>(`select id from user where email = '${ADMIN.ADMIN_EMAIL}'`)[0]!.id
    // Never the signed-in admin: once the fuzzer has made another admin, rejecting this one would be allowed and end the run's access.
    const others = () => fc.oneof(fc.constantFrom('00000000-0000-4000-8000-000000000000', ...ids('user').filter((id) => id !== adminId)), hostileText)
    const userFields = {
      email: fieldValue(['new.person@example.org', 'not-an-email']),
      fullName: fieldValue(['New Person']),
      role: fieldValue(['user', 'editor', 'admin', 'superuser']),
      status: fieldValue(['pending', 'approved', 'rejected', 'banned']),
    }
    await fuzz('/admin/users', ['create', 'approve', 'reject', 'delete'], { id: others(), ...userFields, password: fieldValue(['a-good-password', '123']) }, fc.record({
      intent: fc.constant('create'),
      email: fc.uuid().map((id) => `person-${id}@example.org`),
      password: fc.constant('a-good-password'),
      fullName: word,
      role: fc.constantFrom('user', 'editor', 'admin'),
    }))
    await fuzz('/admin/users', ['update'], { id: others(), ...userFields, password: fieldValue(['a-good-password', '123']) })
    await fuzz('/admin/account', ['require-two-factor'], { required: fieldValue(['true', 'false']) })

    await fc.assert(
      fc.asyncProperty(fc.constantFrom('create-user', 'update-user', 'delete-user', 'no-such-function'), fc.oneof(fc.jsonValue(), fc.record({ id: others(), email: userFields.email, password: hostileText, fullName: userFields.fullName, role: userFields.role, status: userFields.status })), async (name, body) => {
        const response = await fetch(`${app.url}/api/functions/${name}`, { method: 'POST', body: JSON.stringify(body), headers: { cookie, origin: app.url, 'content-type': 'application/json' } })
        const { status, text } = await expectHandled(response, `${name} ${JSON.stringify(body).slice(0, 300)}`)
        if (status >= 400) expect(JSON.parse(text)).toEqual({ error: expect.any(String) })
      }),
      { numRuns: RUNS, endOnFailure: true },
    )

    const admins = rows<{ id: string }>("select p.id from profiles p join user_roles r on r.user_id = p.id where r.role = 'admin' and p.status = 'approved'")
    expect(admins.length).toBeGreaterThanOrEqual(1)
    for (const row of rows<{ role: string }>('select role from user_roles')) expect(['user', 'editor', 'admin']).toContain(row.role)
    for (const row of rows<{ status: string; email: string }>('select status, email from profiles')) {
      expect(['pending', 'approved', 'rejected']).toContain(row.status)
      expect(row.email).toMatch(/^[^@\s]+@[^@\s]+$/)
    }
  })
})
