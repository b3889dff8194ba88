import type { Request as ExpressRequest } from 'express'
import { hasRole, minimumRoleFor } from '#app/domain/user/access.ts'
import { BODY_LIMITS, routePath, staffBodyLimitName, type BodyLimit } from '#app/lib/body-limits.ts'
import { getStaffSession } from '#app/lib/permissions.server.ts'

/**
 * The limit of a request's body, chosen before a byte of it is read: the
 * larger limits of staff forms and uploads only for a session whose role may
 * use the path; anyone else gets the small one, whatever the path.
 */
export async function bodyLimitFor(req: ExpressRequest, headers: Headers): Promise<BodyLimit> {
  const staffLimit = staffBodyLimitName(req.path)
  if (!staffLimit || !headers.has('cookie')) return BODY_LIMITS.anyone
  const staff = await getStaffSession(new Request(new URL(req.originalUrl, 'http://site'), { headers }))
  return staff && hasRole(staff.role, minimumRoleFor(routePath(req.path))) ? BODY_LIMITS[staffLimit] : BODY_LIMITS.anyone
}
