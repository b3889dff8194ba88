import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { writeOnce } from './write-once.server.ts'

/**
 * AUTH_SECRET signs session cookies. A single install needs no configuration:
 * a random secret is made once and kept in the data folder. Several instances
 * must share one, so they set AUTH_SECRET.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'auth-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    writeOnce(file, randomBytes(32).toString('base64url'))
    return fs.readFileSync(file, 'utf8').trim()
  }
}

/**
 * After a restore: the restored accounts' two-factor secrets were encrypted
 * with the archived secret, so the site must go on using it. Kept in the data
 * folder; when AUTH_SECRET is set to something else, says what to change.
 */
export function keepAuthSecret(archived: string, configured: string | undefined, dataDir: string): string {
  if (configured === archived) return ''
  if (configured) return 'AUTH_SECRET differs from the restored site\'s secret: set AUTH_SECRET to the value in the archive (secrets/auth-secret), or two-factor sign-in of restored accounts will fail.\n'
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  fs.writeFileSync(path.join(dataDir, 'auth-secret'), archived, { mode: 0o600 })
  return ''
}
