import { redirect } from 'react-router'
import { getUserAccess } from '#app/domain/user/user.server.ts'
import type { Role } from '#db/tables/people.ts'
import { auth } from './auth.server.ts'

const RANK: Record<Role, number> = { user: 0, editor: 1, admin: 2 }

export const ACCESS_DENIED_PATH = '/auth?error=access_denied'

export interface StaffSession {
  userId: string
  email: string
  displayName: string
  /** The role that counts: a user who is not approved acts as role 'user'. */
  role: Role
}

/** The signed-in staff member, or null (no session, no role row, or a failed lookup). */
export async function getStaffSession(request: Request): Promise<StaffSession | null> {
  try {
    const session = await auth.api.getSession({ headers: request.headers })
    if (!session) return null
    const access = await getUserAccess(session.user.id)
    if (!access) return null
    return {
      userId: session.user.id,
      email: session.user.email,
      displayName: access.fullName || session.user.name || session.user.email,
      role: access.status === 'approved' ? access.role : 'user',
    }
  } catch (error) {
    console.error('[auth] session or role lookup failed:', (error as Error).message)
    return null
  }
}

export function hasRole(role: Role, minimum: Role): boolean {
  return RANK[role] >= RANK[minimum]
}

/**
 * The first line of every admin loader and action (spec §6): without a session
 * or role, to /auth?error=access_denied; with too small a role, to /admin.
 */
export async function requireRole(request: Request, minimum: Role): Promise<StaffSession> {
  const staff = await getStaffSession(request)
  if (!staff) throw redirect(ACCESS_DENIED_PATH)
  if (!hasRole(staff.role, minimum)) throw redirect('/admin')
  return staff
}
