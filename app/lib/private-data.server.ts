import fs from 'node:fs'
import path from 'node:path'
import { isMainThread } from 'node:worker_threads'

/** Permission bits of the group and of other accounts. */
const OTHERS = 0o077

/*
 * The data folder holds password hashes, sessions, the auth secret, uploaded
 * files and mails carrying reset links: whatever this process creates is for
 * the account it runs as only (folders 0700, files 0600, SQLite's -wal and
 * -shm included, as SQLite gives them the database file's mode). Set on
 * import, which env.server.ts does before any module can create a file.
 * Worker threads share the process's umask and may not set it.
 */
if (isMainThread) process.umask(OTHERS)

/** Takes the group's and others' bits off one entry; true when it had some. */
function makeOwnerOnly(file: string): boolean {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false })
  // A symbolic link's target is not ours to change.
  if (!stat || stat.isSymbolicLink() || (stat.mode & OTHERS) === 0) return false
  fs.chmodSync(file, stat.mode & 0o7700)
  return true
}

/**
 * A data folder (and SQLite files) left readable by others, as older versions
 * did, made private: every entry under a folder that others can enter, and
 * the given files wherever they are. Returns how many entries changed.
 */
export function makeDataPrivate(dataDir: string, files: readonly string[] = []): number {
  let changed = 0
  if (makeOwnerOnly(dataDir)) {
    changed++
    for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      if (makeOwnerOnly(path.join(entry.parentPath, entry.name))) changed++
    }
  }
  for (const file of files) if (makeOwnerOnly(file)) changed++
  return changed
}
