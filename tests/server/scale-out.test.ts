import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, expect, inject, test } from 'vitest'
import { runSiteScript, signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { createTestDatabase } from '#tests/setup/postgres-global.ts'
import { startS3Server } from '#tests/setup/s3-server.ts'
import { siteContent } from '#tests/setup/site-content.ts'
import { pageFormToken } from '#tests/setup/form-token.ts'

const running: AppProcess[] = []
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()))
  await Promise.all(cleanups.map((cleanup) => cleanup()))
})

const ADMIN = { ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' }
const FILL_TIME_MS = 3_100

async function contactForm(app: AppProcess) {
  return pageFormToken(`${app.url}/`)
}

async function sendMessage(app: AppProcess, formToken: string, message: string) {
  const body = new URLSearchParams({ name: 'A Parent', email: 'parent@example.org', message, website: '', formToken })
  const response = await fetch(`${app.url}/?index`, { method: 'POST', body, headers: { origin: app.url } })
  return { status: response.status, html: await response.text() }
}

test('a site moved by npm run migrate-data to PostgreSQL and S3 runs as two instances that behave as one site', async () => {
  // A school's site on one machine: SQLite and local files.
  const small = await startApp({ SEED_DEMO: 'true', ...ADMIN })
  running.push(small)
  const before = await siteContent(small)
  await small.stop()

  const databaseUrl = await createTestDatabase(inject('postgresAdminUrl'))
  const s3 = await startS3Server()
  cleanups.push(() => s3.close())
  const target = Object.fromEntries([['DATABASE_URL', databaseUrl], ...Object.entries(s3.env)].map(([name, value]) => [`TARGET_${name}`, value]))
  const moved = await runSiteScript('migrate-data', [], { DATA_DIR: small.dataDir, ...target })
  expect(moved.output).toMatch(/^Copied \d+ rows and \d+ files from SQLite .* to PostgreSQL .*, files in S3 bucket school\./)
  expect(moved.output).toContain('Give every new instance AUTH_SECRET set to the contents of')
  expect(moved.code).toBe(0)
  // Running it again would copy over the new site: refused without --force.
  const again = await runSiteScript('migrate-data', [], { DATA_DIR: small.dataDir, ...target })
  expect(again.code).toBe(1)
  expect(again.output).toContain('The target site already has content.')

  // Two instances, each with its own (empty) data folder, share the database, the store and the secret.
  const shared = { DATABASE_URL: databaseUrl, ...s3.env, AUTH_SECRET: fs.readFileSync(path.join(small.dataDir, 'auth-secret'), 'utf8') }
  const [a, b] = await Promise.all([startApp(shared), startApp(shared)])
  running.push(a, b)
  expect(a.output() + b.output()).not.toMatch(/New site created|First administrator created/)
  expect(await siteContent(a)).toEqual(before)
  expect(await siteContent(b)).toEqual(before)

  // A session made on A is a session on B.
  const admin = await signIn(a, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)
  expect(admin.status).toBe(200)
  const onB = await fetch(`${b.url}/api/auth/get-session`, { headers: { cookie: admin.cookie } })
  expect(((await onB.json()) as { user: { email: string } }).user.email).toBe(ADMIN.ADMIN_EMAIL)

  // An image uploaded through A is served by B, byte for byte.
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } }).png().toBuffer()
  const upload = new FormData()
  upload.set('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'playground.png')
  upload.set('position', '1')
  upload.set('count', '1')
  const uploaded = await fetch(`${a.url}/admin/gallery/upload`, { method: 'POST', body: upload, headers: { cookie: admin.cookie, origin: a.url } })
  expect(uploaded.status).toBe(200)
  const { url } = (await uploaded.json()) as { url: string }
  expect(url).toMatch(/^\/files\/gallery\/general\/[0-9a-f-]+\.webp$/)
  const fromA = Buffer.from(await (await fetch(`${a.url}${url}`)).arrayBuffer())
  const fromB = await fetch(`${b.url}${url}`)
  expect(fromB.status).toBe(200)
  expect(Buffer.from(await fromB.arrayBuffer()).equals(fromA)).toBe(true)

  // The contact form's 30 s between messages holds whichever instance answers.
  const [formToken, otherFormToken] = [await contactForm(a), await contactForm(b)]
  await new Promise((resolve) => setTimeout(resolve, FILL_TIME_MS))
  expect((await sendMessage(a, formToken, 'Through instance A')).status).toBe(200)
  const second = await sendMessage(b, otherFormToken, 'Through instance B')
  expect(second.status).toBe(429)
  expect(second.html).toContain('Please wait before submitting again.')
  // A token carries one message, whichever instance it is sent to.
  const reused = await sendMessage(b, formToken, 'Again through instance B')
  expect(reused.status).toBe(400)
  expect(reused.html).toContain('Invalid submission detected.')

  // A backup of the grown site (PostgreSQL and S3) restores onto one machine again.
  const grown = await siteContent(a)
  expect(Object.keys(grown.files)).toContain(url)
  const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'school-backup-')), 'site.tar.gz')
  const backup = await runSiteScript('backup', [archive], { DATA_DIR: a.dataDir, ...shared })
  expect(backup.output).toMatch(/^Backed up PostgreSQL /)
  expect(backup.code).toBe(0)
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'school-restored-'))
  expect((await runSiteScript('restore', [archive], { DATA_DIR: folder })).code).toBe(0)
  const single = await startApp({}, { dataDir: folder })
  running.push(single)
  expect(await siteContent(single)).toEqual(grown)
})
