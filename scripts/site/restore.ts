// npm run restore -- FILE [--force]: a site archive into this configuration's database and file store (stop the site first).
import fs from 'node:fs'
import { keepAuthSecret } from '#app/lib/auth-secret.server.ts'
import { config } from '#app/lib/env.server.ts'
import { keepVapidKeys } from '#app/lib/vapid-keys.server.ts'
import { restoreSiteArchive } from '#app/lib/site-archive/restore-archive.server.ts'
import { openSite, runTask, UsageError } from './open-site.ts'

await runTask(async () => {
  const args = process.argv.slice(2)
  const file = args.find((arg) => !arg.startsWith('--'))
  if (!file) throw new UsageError('Usage: npm run restore -- FILE [--force]   (--force replaces the content of a site that has some)')
  if (!fs.existsSync(file)) throw new UsageError(`No such file: ${file}`)
  const site = openSite(config)
  try {
    const summary = await restoreSiteArchive(fs.createReadStream(file), site.database, site.storage, { replace: args.includes('--force') })
    const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0)
    const secretNote = keepAuthSecret(summary.authSecret, config.authSecret, config.dataDir) + keepVapidKeys(summary.vapidKeys, config.push.vapidKeys, config.dataDir)
    return `${secretNote}Restored ${rows} rows and ${summary.files} files from ${file} into ${site.description}. Everyone signs in again.`
  } finally {
    await site.close()
  }
})
