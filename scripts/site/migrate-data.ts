// npm run migrate-data: copies this site (database and files) to the database and file store named by TARGET_* variables,
// e.g. TARGET_DATABASE_URL=postgres://… TARGET_S3_BUCKET=… — the path from one machine to several.
import { PassThrough } from 'node:stream'
import { resolveAuthSecret } from '#app/lib/auth-secret.server.ts'
import { config, loadConfig } from '#app/lib/env.server.ts'
import { resolveVapidKeys } from '#app/lib/vapid-keys.server.ts'
import { restoreSiteArchive } from '#app/lib/site-archive/restore-archive.server.ts'
import { writeSiteArchive } from '#app/lib/site-archive/write-archive.server.ts'
import { openSite, runTask, UsageError } from './open-site.ts'

const TARGET_PREFIX = 'TARGET_'

await runTask(async () => {
  const targetEnv = Object.fromEntries(
    Object.entries(process.env).flatMap(([name, value]) => (name.startsWith(TARGET_PREFIX) ? [[name.slice(TARGET_PREFIX.length), value]] : [])),
  )
  if (!targetEnv.DATABASE_URL) {
    throw new UsageError('Usage: TARGET_DATABASE_URL=postgres://… [TARGET_S3_BUCKET=… TARGET_S3_ENDPOINT=… …] npm run migrate-data [-- --force]')
  }
  const target = loadConfig({ DATA_DIR: config.dataDir, ...targetEnv })
  if (JSON.stringify([target.database, target.storage]) === JSON.stringify([config.database, config.storage])) {
    throw new UsageError('The target is this site itself: set TARGET_DATABASE_URL (and TARGET_S3_* for the files) to the new place.')
  }
  const source = openSite(config)
  const destination = openSite(target)
  try {
    // The archive format is the bridge: what a backup writes, the new place restores, without a file in between.
    const stream = new PassThrough()
    const authSecret = resolveAuthSecret(config.authSecret, config.dataDir)
    const [, summary] = await Promise.all([
      writeSiteArchive(source.database, source.storage, { authSecret, vapidKeys: resolveVapidKeys(config.push.vapidKeys, config.dataDir) }, stream),
      restoreSiteArchive(stream, destination.database, destination.storage, { replace: process.argv.includes('--force') }),
    ])
    const rows = Object.values(summary.rows).reduce((sum, count) => sum + count, 0)
    return [
      `Copied ${rows} rows and ${summary.files} files from ${source.description} to ${destination.description}.`,
      config.authSecret
        ? 'Give every new instance the same AUTH_SECRET as this one.'
        : `Give every new instance AUTH_SECRET set to the contents of ${config.dataDir}/auth-secret (two-factor sign-in depends on it).`,
      config.push.vapidKeys
        ? 'Give every new instance the same VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY as this one.'
        : `Give every new instance VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY set to the publicKey and privateKey in ${config.dataDir}/vapid-keys.json (push notifications depend on them).`,
    ].join('\n')
  } finally {
    await Promise.all([source.close(), destination.close()])
  }
})
