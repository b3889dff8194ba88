import { db } from '#app/lib/db.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'

export const STAFF_DIRECTORY_SETTING = 'staff_directory_enabled'

/** Whether the site shows its staff directory at `/staff`: off until an editor turns it on (docs/product-rules.md#staff-directory). */
export async function isStaffDirectoryEnabled(): Promise<boolean> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', STAFF_DIRECTORY_SETTING).executeTakeFirst()
  return row?.value === 'true'
}

/** An editor's or admin's choice to show the directory at `/staff` or not; the people stay either way. */
export async function setStaffDirectoryEnabled(enabled: boolean): Promise<void> {
  await writeTransaction(async (tx) => {
    await tx.db
      .insertInto('site_settings')
      .values({ key: STAFF_DIRECTORY_SETTING, value: String(enabled) })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: String(enabled) }))
      .execute()
    tx.publish({ table: 'site_settings', type: 'update', id: STAFF_DIRECTORY_SETTING })
  })
}
