import type { RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { isDomainError } from '#app/lib/errors/domain-error.ts'
import { rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { requireStaff } from '#app/services/permissions.server.ts'

const restoreSchema = z.object({ intent: z.literal('restore', { error: UNKNOWN_ACTION }), revisionId: rowId })

interface RouteArgs {
  request: Request
  params: { id: string }
  context: Readonly<RouterContextProvider>
}

interface ItemHistory {
  /** The item's revisions, newest first; refuses an unknown item. */
  list: (id: string) => Promise<unknown[]>
  /** The item's words as they are now, which the dialog compares each revision with. */
  current: (id: string) => Promise<unknown>
  /** Puts one revision's words back into the item, as a new change by `authorId`. */
  restore: (id: string, revisionId: string, author: { authorId: string }) => Promise<unknown>
  restoredMessage: string
}

/**
 * The loader and action of a published item's history route (a post's, a
 * page's): both guarded for editors first, the loader listing the
 * revisions and the item's words now for the history dialog, the action
 * restoring one.
 */
export function itemHistoryRoute(history: ItemHistory) {
  return {
    async loader({ params, context }: RouteArgs) {
      requireStaff(context, 'editor')
      try {
        const [revisions, current] = await Promise.all([history.list(params.id), history.current(params.id)])
        return { revisions, current }
      } catch (error) {
        if (isDomainError(error)) throw Response.json({ error: error.message }, { status: error.status })
        throw error
      }
    },
    async action({ request, params, context }: RouteArgs) {
      const staff = requireStaff(context, 'editor')
      return answerAction(async () => {
        const { revisionId } = await validatedForm(restoreSchema, request, Object.fromEntries)
        await history.restore(params.id, revisionId, { authorId: staff.userId })
        return history.restoredMessage
      })
    },
  }
}
