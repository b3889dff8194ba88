import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { startApp, type AppProcess } from '#tests/setup/app-process.ts'

const running: AppProcess[] = []
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()))
})

/** Every folder and file under `root` (itself included), with its permission bits. */
function modes(root: string): Map<string, number> {
  const found = new Map([['.', fs.statSync(root).mode & 0o777]])
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name)
    found.set(path.relative(root, full), fs.lstatSync(full).mode & 0o777)
  }
  return found
}

/** Entries another local account could read or enter. */
function readableByOthers(root: string): string[] {
  return [...modes(root)].filter(([, mode]) => (mode & 0o077) !== 0).map(([name, mode]) => `${name} ${mode.toString(8)}`)
}

/** As an older version left it: folders 0755, files 0644. */
function loosen(root: string) {
  for (const [name] of modes(root)) {
    const full = path.join(root, name)
    fs.chmodSync(full, fs.statSync(full).isDirectory() ? 0o755 : 0o644)
  }
}

async function requestPasswordReset(app: AppProcess, email: string) {
  const response = await fetch(`${app.url}/api/auth/request-password-reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ email, redirectTo: '/auth/reset-password' }),
  })
  expect(response.status).toBe(200)
}

describe('the data folder is private to the account the site runs as', () => {
  test('a new site creates it 0700 with its files 0600, and an older site\'s folder is made so at start-up', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'school-private-')), 'data')
    const app = await startApp({ SEED_DEMO: 'true' }, { dataDir })
    running.push(app)
    // A mail with a reset link, written to the folder since no SMTP server is set.
    await requestPasswordReset(app, 'admin@school.local')
    await expect.poll(() => fs.readdirSync(path.join(dataDir, 'mail')).length).toBe(1)

    const created = modes(dataDir)
    expect(created.get('.')).toBe(0o700)
    for (const file of ['school.sqlite', 'school.sqlite-wal', 'school.sqlite-shm', 'auth-secret']) expect([file, created.get(file)]).toEqual([file, 0o600])
    const stored = [...created.keys()].filter((name) => name.startsWith(`storage${path.sep}policies${path.sep}`))
    expect(stored.length).toBeGreaterThan(0)
    for (const name of stored) expect([name, created.get(name)]).toEqual([name, 0o600])
    expect(readableByOthers(dataDir)).toEqual([])
    expect(await app.stop()).toBe(0)

    loosen(dataDir)
    expect(readableByOthers(dataDir).length).toBeGreaterThan(5)
    const upgraded = await startApp({}, { dataDir })
    running.push(upgraded)
    expect(readableByOthers(dataDir)).toEqual([])
    expect((await fetch(`${upgraded.url}/`)).status).toBe(200)
    await requestPasswordReset(upgraded, 'admin@school.local')
    await expect.poll(() => fs.readdirSync(path.join(dataDir, 'mail')).length).toBe(2)
    expect(readableByOthers(dataDir)).toEqual([])
  })
})
