import { config } from '#app/lib/env.server.ts'
import { resolveVapidKeys, type VapidKeys } from '#app/lib/vapid-keys.server.ts'

let keys: VapidKeys | undefined

/** This site's VAPID key pair: configured, or made once in the data folder on first use. */
export function vapidKeys(): VapidKeys {
  keys ??= resolveVapidKeys(config.push.vapidKeys, config.dataDir)
  return keys
}
