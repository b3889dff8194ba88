import type { Request as ExpressRequest } from 'express'
import { hasRole, minimumRoleFor } from '#app/domain/user/access.ts'
import { contentApiBodyLimit } from '#app/services/api/body-limit.server.ts'
import { BODY_LIMITS, isContentApiPath, routePath, staffBodyLimitName, type BodyLimit } from '#app/lib/body-limits.ts'
import { getStaffSession } from '#app/services/permissions.server.ts'

/**
 * The limit of a request's body, chosen before a byte of it is read: the
 * larger limits of staff forms and uploads only for a session whose role may
 * use the path (on the content API: an API key whose role may use the
 * collection); anyone else gets the small one, whatever the path.
 */
export async function bodyLimitFor(req: ExpressRequest, headers: Headers): Promise<BodyLimit> {
  if (isContentApiPath(req.path)) return contentApiBodyLimit(routePath(req.path), headers)
  const staffLimit = staffBodyLimitName(req.path)
  if (!staffLimit || !headers.has('cookie')) return BODY_LIMITS.anyone
  const staff = await getStaffSession(new Request(new URL(req.originalUrl, 'http://site'), { headers }))
  return staff && hasRole(staff.role, minimumRoleFor(routePath(req.path))) ? BODY_LIMITS[staffLimit] : BODY_LIMITS.anyone
}
