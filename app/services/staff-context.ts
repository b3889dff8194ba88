import { createContext } from 'react-router'
import type { StaffSession } from '#app/domain/user/access.ts'

/** Set by the admin guard middleware for every admin loader and action. */
export const staffContext = createContext<StaffSession | null>(null)

/**
 * Set by the admin guard: whether the staff member must set up two-factor
 * sign-in before anything but the account page. Null where no guard has
 * answered it (the layout then asks the database itself).
 */
export const twoFactorFirstContext = createContext<boolean | null>(null)
