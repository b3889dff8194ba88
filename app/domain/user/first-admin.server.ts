import { randomBytes } from 'node:crypto'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { updateUserAccess } from './user-admin.server.ts'
import { countAdmins } from './user.server.ts'
import { createVerifiedAccount } from './verified-account.server.ts'

export const DEFAULT_ADMIN_EMAIL = 'admin@school.local'

/**
 * Makes sure the site has an administrator. On first start this creates one
 * from ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password. Returns
 * what the person starting the site must read (the password is in it once,
 * and only the console ever sees it; it is stored hashed), or null.
 */
export async function ensureFirstAdmin(): Promise<string | null> {
  if ((await countAdmins()) > 0) return null
  const email = (config.firstAdmin.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase()
  const existing = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst()
  if (existing) {
    await updateUserAccess(existing.id, { role: 'admin', status: 'approved' })
    return `No administrator existed: the account ${email} is now an administrator.`
  }
  const generated = config.firstAdmin.password === undefined
  const password = config.firstAdmin.password ?? randomBytes(12).toString('base64url')
  const user = await createVerifiedAccount({ email, password, name: 'Administrator' })
  await updateUserAccess(user.id, { role: 'admin', status: 'approved' })
  const lines = [
    '',
    `  First administrator created. Sign in at ${config.publicUrl}/auth with:`,
    `    email:    ${email}`,
    generated ? `    password: ${password}` : '    password: the ADMIN_PASSWORD you set',
    generated ? '  This password is shown only once: note it now and change it after signing in.' : '',
    '',
  ]
  return lines.filter((line, index) => line !== '' || index === 0 || index === lines.length - 1).join('\n')
}
