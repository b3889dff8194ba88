import fs from 'node:fs'
import path from 'node:path'
import webPush from 'web-push'
import { writeOnce } from './write-once.server.ts'

/** The key pair that signs every push this site sends (base64url, as browsers and push services take them). */
export interface VapidKeys {
  publicKey: string
  privateKey: string
}

const FILE = 'vapid-keys.json'

function parseKeys(text: string): VapidKeys | null {
  try {
    const parsed = JSON.parse(text) as Partial<VapidKeys>
    return typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string' ? { publicKey: parsed.publicKey, privateKey: parsed.privateKey } : null
  } catch {
    return null
  }
}

/** The archived form of the keys: the same JSON as the data folder's file. */
export const serializeVapidKeys = (keys: VapidKeys) => JSON.stringify(keys)
export const readVapidKeys = parseKeys

/**
 * Browsers tie a push subscription to the public key it was made with: new
 * keys mean no subscriber gets another push. A single install needs no
 * configuration: a pair is made once and kept in the data folder. Several
 * instances must share one pair: they share the data folder, or all set
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.
 */
export function resolveVapidKeys(configured: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (configured) return configured
  const file = path.join(dataDir, FILE)
  const stored = fs.existsSync(file) ? parseKeys(fs.readFileSync(file, 'utf8')) : null
  if (stored) return stored
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  writeOnce(file, serializeVapidKeys(webPush.generateVAPIDKeys()))
  const kept = parseKeys(fs.readFileSync(file, 'utf8'))
  if (!kept) throw new Error(`${file} is damaged: delete it to make new keys (browsers then subscribe again), or restore it from a backup.`)
  return kept
}

/**
 * After a restore: the restored push subscriptions were made with the
 * archived keys, so the site must go on signing with them. Kept in the data
 * folder; when VAPID keys are configured differently, says what to change.
 */
export function keepVapidKeys(archived: VapidKeys | null, configured: VapidKeys | undefined, dataDir: string): string {
  if (!archived) return ''
  if (configured?.publicKey === archived.publicKey && configured.privateKey === archived.privateKey) return ''
  if (configured) return 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY differ from the restored site\'s keys: set them to the values in the archive (secrets/vapid-keys.json), or browsers subscribed to notifications get none.\n'
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  fs.writeFileSync(path.join(dataDir, FILE), serializeVapidKeys(archived), { mode: 0o600 })
  return ''
}
