import { generateRandomString } from 'better-auth/crypto'
import { z } from 'zod'
import { auth } from '#app/services/auth.server.ts'

/** A shared preview lasts a week: long enough for a head teacher to look, short enough not to leak for good. */
export const PREVIEW_LINK_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

const IDENTIFIER_PREFIX = 'preview:'

const targetSchema = z.object({ subject: z.enum(['blogs', 'pages']), id: z.string() })
export type PreviewTarget = z.infer<typeof targetSchema>

/**
 * A link that shows a post or a page as it is now, drafts included, to whoever has it,
 * until it expires. The token is random (Better Auth's generator) and kept
 * only as a hash in Better Auth's verification table, which drops expired
 * rows; a restored site has none, since that table is not backed up.
 */
export async function createPreviewLink(target: PreviewTarget, now = new Date()): Promise<{ token: string; expiresAt: string }> {
  const token = generateRandomString(32, 'a-z', 'A-Z', '0-9')
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_DAYS * DAY_MS)
  const context = await auth.$context
  await context.internalAdapter.createVerificationValue({ identifier: `${IDENTIFIER_PREFIX}${token}`, value: JSON.stringify(target), expiresAt })
  return { token, expiresAt: expiresAt.toISOString() }
}

/** What a preview token shows and until when, or null for a token unknown, malformed or expired. */
export async function findPreviewLink(token: string, now = new Date()): Promise<{ target: PreviewTarget; expiresAt: string } | null> {
  if (!/^[A-Za-z0-9]{32}$/.test(token)) return null
  const context = await auth.$context
  const stored = await context.internalAdapter.findVerificationValue(`${IDENTIFIER_PREFIX}${token}`)
  if (!stored || new Date(stored.expiresAt).getTime() <= now.getTime()) return null
  let value: unknown
  try {
    value = JSON.parse(stored.value)
  } catch {
    return null
  }
  const target = targetSchema.safeParse(value)
  return target.success ? { target: target.data, expiresAt: new Date(stored.expiresAt).toISOString() } : null
}
