import { z } from 'zod'
import { listPageRevisions, restorePageRevision } from '#app/domain/page/page-admin.server.ts'
import { PAGE_MESSAGES } from '#app/domain/page/page.schema.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { isDomainError } from '#app/lib/errors/domain-error.ts'
import { rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/page-revisions.ts'

const restoreSchema = z.object({ intent: z.literal('restore', { error: UNKNOWN_ACTION }), revisionId: rowId })

/** A page's revisions, newest first, for its history dialog. */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  try {
    return { revisions: await listPageRevisions(params.id) }
  } catch (error) {
    if (isDomainError(error)) throw Response.json({ error: error.message }, { status: error.status })
    throw error
  }
}

/** Restores one revision's words into the page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'editor')
  return answerAction(async () => {
    const { revisionId } = await validatedForm(restoreSchema, request, Object.fromEntries)
    await restorePageRevision(params.id, revisionId, { authorId: staff.userId })
    return PAGE_MESSAGES.restored
  })
}
