import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, expect, test } from 'vitest'
import { ARCHIVED_TABLES } from '#app/lib/site-archive/archive-format.ts'
import { runSiteScript, SEVERAL_WORKERS, SEVERAL_WORKERS_TIMEOUT_MS, signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { siteContent } from '#tests/setup/site-content.ts'

const running: AppProcess[] = []
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()))
})

const ADMIN = { ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' }
/** Every archived table's rows, as stored. */
function tableRows(dataDir: string) {
  const database = new DatabaseSync(path.join(dataDir, 'school.sqlite'), { readOnly: true })
  try {
    return Object.fromEntries(ARCHIVED_TABLES.map(({ table, key }) => [table, database.prepare(`select * from "${table}" order by "${key}"`).all()]))
  } finally {
    database.close()
  }
}

test('npm run backup of a running site, then npm run restore into an empty data folder, gives the same site', { timeout: SEVERAL_WORKERS_TIMEOUT_MS }, async () => {
  // Backed up while its workers hold the file, and written to by another connection meanwhile.
  const original = await startApp({ SEED_DEMO: 'true', ...ADMIN, ...SEVERAL_WORKERS })
  running.push(original)
  // A sign-in session that exists only in the original.
  const session = await signIn(original, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)
  const before = await siteContent(original)
  expect(Object.keys(before.files).length).toBeGreaterThan(3)
  // Families who subscribed, one confirmed and one not yet: both come back, with their links' token hashes.
  const subscribedAt = new Date().toISOString()
  const writer = new DatabaseSync(path.join(original.dataDir, 'school.sqlite'), { timeout: 5_000 })
  writer
    .prepare('insert into subscribers (id, email, news, events, alerts, token_hash, created_at, confirmed_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(
      ...['subscriber-1', 'family.one@example.org', 'weekly', 1, 0, 'a'.repeat(43), subscribedAt, subscribedAt, subscribedAt],
      ...['subscriber-2', 'family.two@example.org', 'instant', 0, 1, 'b'.repeat(43), subscribedAt, null, subscribedAt],
    )
  // A policy's older document, kept as a version beside its current one: both rows and both files come back.
  const oldVersion = '/files/policies/1795000000000-0ldversn.pdf'
  fs.writeFileSync(path.join(original.dataDir, 'storage', 'policies', '1795000000000-0ldversn.pdf'), '%PDF-1.4 the first edition')
  writer
    .prepare("insert into policy_versions (id, policy_id, file_url, file_name, size, content_type, created_at) select 'old-version', id, ?, 'first edition.pdf', 26, 'application/pdf', '2025-01-01T00:00:00.000Z' from policies order by id limit 1")
    .run(oldVersion)
  writer.close()

  const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'school-backup-')), 'nested', 'site.tar.gz')
  const backup = await runSiteScript('backup', [archive], { DATA_DIR: original.dataDir })
  expect(backup.output).toMatch(/^Backed up SQLite .* \d+ rows and \d+ files to .*site\.tar\.gz/)
  expect(backup.code).toBe(0)
  expect(fs.statSync(archive).mode & 0o077).toBe(0)
  await original.stop()
  const rowsBefore = tableRows(original.dataDir)
  expect(rowsBefore.subscribers).toHaveLength(2)

  const emptyFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'school-restored-'))
  const restore = await runSiteScript('restore', [archive], { DATA_DIR: emptyFolder })
  expect(restore.output).toMatch(/^Restored \d+ rows and \d+ files from/)
  expect(restore.code).toBe(0)
  expect(fs.readFileSync(path.join(emptyFolder, 'auth-secret'), 'utf8')).toBe(fs.readFileSync(path.join(original.dataDir, 'auth-secret'), 'utf8'))
  // Browsers' push subscriptions are bound to the original's public key.
  expect(JSON.parse(fs.readFileSync(path.join(emptyFolder, 'vapid-keys.json'), 'utf8'))).toEqual(JSON.parse(fs.readFileSync(path.join(original.dataDir, 'vapid-keys.json'), 'utf8')))

  const restored = await startApp({}, { dataDir: emptyFolder })
  running.push(restored)
  expect(restored.output()).not.toContain('New site created')
  expect(restored.output()).not.toContain('First administrator created')
  expect(await siteContent(restored)).toEqual(before)
  // The search index is not archived: the restored site builds it from the restored content when it starts.
  expect(restored.output()).toMatch(/Built the site search index: \d+ documents/)
  expect(await (await fetch(`${restored.url}/search?q=welcome`)).text()).toContain('Welcome Back to a New School Year')
  expect(tableRows(emptyFolder)).toEqual(rowsBefore)
  expect(rowsBefore.policy_versions?.length).toBeGreaterThanOrEqual(4)
  // Every version's file is back in the store (a replaced one is no longer served to the public, so read from disk).
  for (const version of (rowsBefore.policy_versions ?? []) as { file_url: string }[]) {
    const stored = version.file_url.replace('/files/', '')
    expect(fs.readFileSync(path.join(emptyFolder, 'storage', stored))).toEqual(fs.readFileSync(path.join(original.dataDir, 'storage', stored)))
  }
  // Accounts come back; sessions do not.
  expect((await signIn(restored, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).status).toBe(200)
  const oldSession = await fetch(`${restored.url}/api/auth/get-session`, { headers: { cookie: session.cookie } })
  expect(await oldSession.json()).toBeNull()
  await restored.stop()

  // A site with content is not overwritten by mistake; --force replaces it.
  const again = await runSiteScript('restore', [archive], { DATA_DIR: emptyFolder })
  expect(again.code).toBe(1)
  expect(again.output.trim()).toBe('The target site already has content. Restore into an empty data folder or database, or pass --force to replace it.')
  const forced = await runSiteScript('restore', [archive, '--force'], { DATA_DIR: emptyFolder })
  expect(forced.code).toBe(0)

  const notAnArchive = path.join(path.dirname(archive), 'notes.tar.gz')
  fs.writeFileSync(notAnArchive, 'hello')
  const refused = await runSiteScript('restore', [notAnArchive], { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'school-restored-')) })
  expect(refused.code).toBe(1)
  expect(refused.output.trim()).toBe('This file is not a school website archive.')
})
