import { db } from '#app/lib/db.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'

const PUBLIC_SIGN_UP = 'public_sign_up'

/**
 * Whether anyone may create an account on /auth (and through a provider's
 * first sign-in). Open until an admin closes it (docs/product-rules.md#accounts-and-sign-in).
 */
export async function isPublicSignUpOpen(): Promise<boolean> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', PUBLIC_SIGN_UP).executeTakeFirst()
  return row?.value !== 'false'
}

/** An admin's choice (the route guards the role); invitations work either way. */
export async function setPublicSignUpOpen(open: boolean): Promise<void> {
  await writeTransaction(async (tx) => {
    await tx.db
      .insertInto('site_settings')
      .values({ key: PUBLIC_SIGN_UP, value: String(open) })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: String(open) }))
      .execute()
    tx.publish({ table: 'site_settings', type: 'update', id: PUBLIC_SIGN_UP })
  })
}
