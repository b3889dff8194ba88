import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { readNullableTimestamp } from '#db/portable.ts'
import { hasRole, type StaffSession } from './access.ts'
import type { AccountPasskey } from './account-security.ts'

const REQUIRE_STAFF_TWO_FACTOR = 'require_staff_two_factor'

/** Whether editors and admins must have two-factor sign-in turned on before they can work (an admin's setting). */
export async function isTwoFactorRequiredForStaff(): Promise<boolean> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', REQUIRE_STAFF_TWO_FACTOR).executeTakeFirst()
  return row?.value === 'true'
}

export const TWO_FACTOR_SETTING_MESSAGES = {
  adminsOnly: 'Only admins may change this setting',
  ownFirst: 'Turn on two-factor sign-in for your own account first.',
} as const

/**
 * An admin's choice whether editors and admins must use two-factor sign-in.
 * An admin who has no second step yet may not require it: they would lock
 * themselves in the account page.
 */
export async function setTwoFactorRequiredForStaff(required: boolean, actor: Pick<StaffSession, 'role' | 'twoFactorEnabled'>): Promise<void> {
  if (!hasRole(actor.role, 'admin')) throw DomainError.forbidden(TWO_FACTOR_SETTING_MESSAGES.adminsOnly)
  if (required && !actor.twoFactorEnabled) throw DomainError.conflict(TWO_FACTOR_SETTING_MESSAGES.ownFirst)
  await writeTransaction(async (tx) => {
    await tx.db
      .insertInto('site_settings')
      .values({ key: REQUIRE_STAFF_TWO_FACTOR, value: String(required) })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: String(required) }))
      .execute()
    tx.publish({ table: 'site_settings', type: 'update', id: REQUIRE_STAFF_TWO_FACTOR })
  })
}

/** An editor or admin without two-factor sign-in, while the site requires it: only the account page is open to them. */
export async function mustSetUpTwoFactor(staff: StaffSession): Promise<boolean> {
  return hasRole(staff.role, 'editor') && !staff.twoFactorEnabled && (await isTwoFactorRequiredForStaff())
}

export async function listPasskeys(userId: string): Promise<AccountPasskey[]> {
  const rows = await db.selectFrom('passkey').select(['id', 'name', 'createdAt']).where('userId', '=', userId).orderBy('createdAt', 'desc').execute()
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: readNullableTimestamp(row.createdAt) }))
}
