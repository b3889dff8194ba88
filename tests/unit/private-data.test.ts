import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { makeDataPrivate } from '#app/lib/private-data.server.ts'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'school-private-data-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

const mode = (file: string) => fs.lstatSync(file).mode & 0o777

describe('making an older data folder private', () => {
  test('folders become 0700 and files 0600, keeping the owner\'s bits; a link\'s target outside is left alone', () => {
    const dataDir = path.join(root, 'data')
    // As an older version left it (this process's own umask would make new files private).
    const loose = { '.': 0o755, storage: 0o755, 'storage/policies': 0o775, 'school.sqlite': 0o644, 'storage/policies/a.pdf': 0o664, 'run.sh': 0o755 }
    fs.mkdirSync(path.join(dataDir, 'storage', 'policies'), { recursive: true })
    fs.writeFileSync(path.join(dataDir, 'school.sqlite'), 'db')
    fs.writeFileSync(path.join(dataDir, 'storage', 'policies', 'a.pdf'), '%PDF-')
    fs.writeFileSync(path.join(dataDir, 'run.sh'), '#!/bin/sh')
    for (const [name, bits] of Object.entries(loose)) fs.chmodSync(path.join(dataDir, name), bits)
    const outside = path.join(root, 'shared.txt')
    fs.writeFileSync(outside, 'not ours')
    fs.chmodSync(outside, 0o644)
    fs.symlinkSync(outside, path.join(dataDir, 'link'))

    expect(makeDataPrivate(dataDir)).toBe(6)
    expect(mode(dataDir)).toBe(0o700)
    expect(mode(path.join(dataDir, 'storage'))).toBe(0o700)
    expect(mode(path.join(dataDir, 'storage', 'policies'))).toBe(0o700)
    expect(mode(path.join(dataDir, 'school.sqlite'))).toBe(0o600)
    expect(mode(path.join(dataDir, 'storage', 'policies', 'a.pdf'))).toBe(0o600)
    expect(mode(path.join(dataDir, 'run.sh'))).toBe(0o700)
    expect(mode(outside)).toBe(0o644)
    // Done once: a private folder is not walked again at the next start.
    expect(makeDataPrivate(dataDir)).toBe(0)
  })

  test('SQLite files kept elsewhere are made private too; a data folder not made yet is fine', () => {
    const database = path.join(root, 'elsewhere.sqlite')
    fs.writeFileSync(database, 'db')
    fs.chmodSync(database, 0o644)
    expect(makeDataPrivate(path.join(root, 'not-yet'), [database, `${database}-wal`])).toBe(1)
    expect(mode(database)).toBe(0o600)
  })

  test('files this process creates from now on are private', () => {
    const file = path.join(root, 'new.txt')
    fs.writeFileSync(file, 'x')
    fs.mkdirSync(path.join(root, 'new-folder'))
    expect(mode(file)).toBe(0o600)
    expect(mode(path.join(root, 'new-folder'))).toBe(0o700)
  })
})
