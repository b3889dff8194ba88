// npm run backup -- FILE: the whole site (database and files) in one archive, while it keeps running.
import fs from 'node:fs'
import path from 'node:path'
import { resolveAuthSecret } from '#app/lib/auth-secret.server.ts'
import { config } from '#app/lib/env.server.ts'
import { resolveVapidKeys } from '#app/lib/vapid-keys.server.ts'
import { writeSiteArchive } from '#app/lib/site-archive/write-archive.server.ts'
import { openSite, runTask, UsageError } from './open-site.ts'

await runTask(async () => {
  const file = process.argv[2]
  if (!file) throw new UsageError('Usage: npm run backup -- FILE   (for example backups/school-2026-11-23.tar.gz)')
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const site = openSite(config)
  const partial = `${file}.partial`
  try {
    const summary = await writeSiteArchive(site.database, site.storage, { authSecret: resolveAuthSecret(config.authSecret, config.dataDir), vapidKeys: resolveVapidKeys(config.push.vapidKeys, config.dataDir) }, fs.createWriteStream(partial, { mode: 0o600 }))
    // Renamed only once complete, so FILE is never a half-written archive.
    fs.renameSync(partial, file)
    const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0)
    return `Backed up ${site.description}: ${rows} rows and ${summary.files} files to ${file} (${(fs.statSync(file).size / 1e6).toFixed(1)} MB).`
  } catch (error) {
    fs.rmSync(partial, { force: true })
    throw error
  } finally {
    await site.close()
  }
})
