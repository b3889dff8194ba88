import { redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { hasRole, minimumRoleFor, type StaffSession } from '#app/domain/user/access.ts'
import { mustSetUpTwoFactor } from '#app/domain/user/account-security.server.ts'
import { getUserAccess } from '#app/domain/user/user.server.ts'
import type { Role } from '#db/tables/people.ts'
import { auth } from './auth.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { staffContext, twoFactorFirstContext } from './staff-context.ts'

export const ACCESS_DENIED_PATH = '/auth?error=access_denied'
export const ACCOUNT_PATH = '/admin/account'

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
      twoFactorEnabled: Boolean(session.user.twoFactorEnabled),
    }
  } catch (error) {
    logger.error({ err: error }, 'session or role lookup failed')
    return null
  }
}

/** Whether the signed-in staff member may use this admin screen: for public addresses that show its staff more (a draft's files). */
export async function mayUseAdminScreen(request: Request, screen: string): Promise<boolean> {
  const staff = await getStaffSession(request)
  return staff !== null && hasRole(staff.role, minimumRoleFor(screen))
}

function assertRole(staff: StaffSession | null, minimum: Role): StaffSession {
  if (!staff) throw redirect(ACCESS_DENIED_PATH)
  if (!hasRole(staff.role, minimum)) throw redirect('/admin')
  return staff
}

/**
 * The rule of all staff-only pages and data: the role first; then, while the
 * site requires two-factor sign-in for staff, an editor or admin without it
 * reaches nothing but the account page, where they set it up.
 */
async function assertStaffAccess(staff: StaffSession | null, minimum: Role, pathname?: string): Promise<{ staff: StaffSession; setUpFirst: boolean }> {
  const checked = assertRole(staff, minimum)
  const setUpFirst = await mustSetUpTwoFactor(checked)
  if (setUpFirst && pathname !== ACCOUNT_PATH) throw redirect(ACCOUNT_PATH)
  return { staff: checked, setUpFirst }
}

/**
 * The admin guard's rule, for staff-only data outside the admin pages: without
 * a session or role, to /auth?error=access_denied; with too small a role, to
 * /admin; while two-factor sign-in must be set up first, to the account page.
 */
export async function requireRole(request: Request, minimum: Role): Promise<StaffSession> {
  return (await assertStaffAccess(await getStaffSession(request), minimum)).staff
}

/**
 * Middleware of the admin layout: it runs before every admin loader and
 * action, page requests and data requests alike, and checks the role the
 * requested path needs. Loaders run in parallel, so a layout loader could not
 * protect its children; middleware does.
 */
export const adminGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // Client navigations fetch `/admin/blogs.data`: the page's path is what counts.
  const pathname = new URL(request.url).pathname.replace(/\.data$/, '')
  const { staff, setUpFirst } = await assertStaffAccess(await getStaffSession(request), minimumRoleFor(pathname), pathname)
  context.set(staffContext, staff)
  // The layout and the account page show what this decides: they read it here instead of reading the setting again.
  context.set(twoFactorFirstContext, setUpFirst)
  return next()
}

/** Whether this staff member may reach only the account page until they set up two-factor sign-in: the guard's answer when it gave one. */
export async function mustSetUpTwoFactorFirst(context: Readonly<RouterContextProvider>, staff: StaffSession): Promise<boolean> {
  return context.get(twoFactorFirstContext) ?? (await mustSetUpTwoFactor(staff))
}

/** The first line of every admin loader and action: the guard's session, checked against this route's role. */
export function requireStaff(context: Readonly<RouterContextProvider>, minimum: Role): StaffSession {
  return assertRole(context.get(staffContext), minimum)
}
