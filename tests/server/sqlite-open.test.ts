import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { expect, test } from 'vitest'

const driver = new URL('../../db/sqlite-driver.ts', import.meta.url).href

/** One process that opens the file as the site does, at `startAt`, and writes one row. */
function openAndWrite(file: string, startAt: number) {
  const script = `
    import { openSqlite } from ${JSON.stringify(driver)}
    while (Date.now() < ${startAt}) {}
    try {
      const database = openSqlite(${JSON.stringify(file)})
      database.exec('create table if not exists opened (pid integer)')
      database.prepare('insert into opened values (?)').run(process.pid)
      console.log(database.prepare('pragma journal_mode').get().journal_mode)
    } catch (error) {
      console.log(error.message)
    }`
  return new Promise<string>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '--no-warnings', '-e', script])
    let output = ''
    let errors = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    // 'close', not 'exit': a process can have exited while what it printed is still on its way through the pipe.
    child.on('close', (code, signal) => resolve(code === 0 ? output.trim() : `exit ${code ?? signal}: ${output}${errors}`.trim()))
  })
}

test('processes opening a new database file at the same moment all open it, in WAL mode', { timeout: 60_000 }, async () => {
  // A site's workers open a new site's file together; switching it to WAL takes the file to itself, and SQLite
  // answers "database is locked" at once, without waiting, to whoever asks while another process switches it.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'school-sqlite-open-'))
  const processes = 5
  for (let round = 0; round < 8; round++) {
    const file = path.join(folder, `site-${round}.sqlite`)
    const startAt = Date.now() + 400
    const answers = await Promise.all(Array.from({ length: processes }, () => openAndWrite(file, startAt)))
    expect(answers).toEqual(Array(processes).fill('wal'))
    const database = new DatabaseSync(file, { readOnly: true })
    expect(database.prepare('select count(*) as rows from opened').get()).toEqual({ rows: processes })
    database.close()
  }
  fs.rmSync(folder, { recursive: true, force: true })
})
