import { randomBytes } from 'node:crypto'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { updateUserAccess } from './user-admin.server.ts'
import { countAdmins } from './user.server.ts'
import { createVerifiedAccount } from './verified-account.server.ts'

export const DEFAULT_ADMIN_EMAIL = 'admin@school.local'

/**
 * Makes sure the site has an administrator. On first start this creates one
 * from ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password that is
 * printed once (only the console ever sees it; it is stored hashed).
 */
export async function ensureFirstAdmin(log: (message: string) => void = console.log) {
  if ((await countAdmins()) > 0) return
  const email = (config.firstAdmin.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase()
  const existing = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst()
  if (existing) {
    await updateUserAccess(existing.id, { role: 'admin', status: 'approved' })
    log(`[setup] No administrator existed: the account ${email} is now an administrator.`)
    return
  }
  const generated = config.firstAdmin.password === undefined
  const password = config.firstAdmin.password ?? randomBytes(12).toString('base64url')
  const user = await createVerifiedAccount({ email, password, name: 'Administrator' })
  await updateUserAccess(user.id, { role: 'admin', status: 'approved' })
  const lines = [
    '',
    '  First administrator created. Sign in at /auth with:',
    `    email:    ${email}`,
    generated ? `    password: ${password}` : '    password: the ADMIN_PASSWORD you set',
    generated ? '  This password is shown only once: note it now and change it after signing in.' : '',
    '',
  ]
  log(lines.filter((line, index) => line !== '' || index === 0 || index === lines.length - 1).join('\n'))
}
