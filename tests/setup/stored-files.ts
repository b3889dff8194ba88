import { storage } from '#app/lib/storage/storage.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'

/** Whether the file behind one of our `/files/…` addresses is in storage now; false for no address or one of elsewhere. */
export async function isStored(url: unknown): Promise<boolean> {
  const location = typeof url === 'string' ? parsePublicUrl(url) : null
  if (!location) return false
  const object = await storage.get(location.bucket, location.key)
  object?.body.destroy()
  return object !== null
}
