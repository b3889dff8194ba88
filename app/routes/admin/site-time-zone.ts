import { TIME_ZONE_MESSAGES, timeZoneSchema } from '#app/domain/site/time-zone.schema.ts'
import { setSiteTimeZone } from '#app/domain/site/time-zone.server.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/site-time-zone.ts'

/** The Time zone card of the Theme screen: admins set the school's zone (docs/product-rules.md#time-zone). */
export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'admin')
  return answerAction(async () => {
    await setSiteTimeZone(await validatedForm(timeZoneSchema, request))
    return TIME_ZONE_MESSAGES.saved
  })
}
