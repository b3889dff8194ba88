import { createContext } from 'react-router'
import type { StaffSession } from '#app/domain/user/access.ts'

/** Set by the admin guard middleware for every admin loader and action. */
export const staffContext = createContext<StaffSession | null>(null)
