import { generateRandomString } from 'better-auth/crypto'
import { z } from 'zod'
import { PUBLICATION_MESSAGES } from '#app/domain/publishing/publication.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { auth } from '#app/services/auth.server.ts'

/** A shared preview lasts a week: long enough for a head teacher to look, short enough not to leak for good. */
export const PREVIEW_LINK_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

const IDENTIFIER_PREFIX = 'preview:'

const targetSchema = z.object({ subject: z.enum(['blogs', 'pages']), id: z.string() })
export type PreviewTarget = z.infer<typeof targetSchema>

/** A link's target as stored beside its hashed token: always in this one form, so that every link of an item can be found. */
function storedTarget(target: PreviewTarget) {
  return JSON.stringify({ subject: target.subject, id: target.id })
}

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
  await context.internalAdapter.createVerificationValue({ identifier: `${IDENTIFIER_PREFIX}${token}`, value: storedTarget(target), expiresAt })
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

/** How many links made for this item still work. */
export async function countPreviewLinks(target: PreviewTarget, now = new Date()): Promise<number> {
  const { links } = await db
    .selectFrom('verification')
    .select((eb) => eb.fn.countAll<number | string>().as('links'))
    .where('value', '=', storedTarget(target))
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirstOrThrow()
  return Number(links)
}

/** Every link made for this item stops working at once, before it would expire (a link sent to the wrong person, say). */
export async function revokePreviewLinks(target: PreviewTarget): Promise<number> {
  return writeTransaction(async (tx) => {
    const { numDeletedRows } = await tx.db.deleteFrom('verification').where('value', '=', storedTarget(target)).executeTakeFirst()
    return Number(numDeletedRows)
  })
}

const previewLinkIntentSchema = z.object({ intent: z.enum(['share', 'revoke'], { error: PUBLICATION_MESSAGES.previewIntent }) })

/** The preview pages' action (staff only, checked by the route): share a new link, or revoke every link of the item. */
export function answerPreviewLinkAction(request: Request, target: PreviewTarget, item: { exists: () => Promise<boolean>; notFound: string }) {
  return answerAction(async () => {
    const { intent } = await validatedForm(previewLinkIntentSchema, request)
    if (!(await item.exists())) throw DomainError.notFound(item.notFound)
    if (intent === 'revoke') {
      await revokePreviewLinks(target)
      return PUBLICATION_MESSAGES.previewLinksRevoked
    }
    const { token, expiresAt } = await createPreviewLink(target)
    return { ok: true as const, message: PUBLICATION_MESSAGES.previewLinkCreated, url: `${config.publicUrl}/preview/${token}`, expiresAt }
  })
}
