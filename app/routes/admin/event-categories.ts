import { createEventCategory, deleteEventCategory, updateEventCategory } from '#app/domain/event/event-category.server.ts'
import { EVENT_CATEGORY_MESSAGES, eventCategoryActionSchema } from '#app/domain/event/event-category.schema.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/event-categories.ts'

/** The Categories card of the Events screen: admins define the categories editors pick (docs/product-rules.md#events-and-calendar). */
export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'admin')
  return answerAction(async () => {
    const submission = await validatedForm(eventCategoryActionSchema, request, Object.fromEntries)
    switch (submission.intent) {
      case 'create-category':
        await createEventCategory(submission)
        return EVENT_CATEGORY_MESSAGES.created
      case 'update-category':
        await updateEventCategory(submission.id, submission)
        return EVENT_CATEGORY_MESSAGES.updated
      case 'delete-category':
        await deleteEventCategory(submission.id)
        return EVENT_CATEGORY_MESSAGES.deleted
    }
  })
}
