import { db } from '#app/lib/db.server.ts'

export const STAFF_DIRECTORY_SETTING = 'staff_directory_enabled'

/** Whether the site shows its staff directory at `/staff`: off until an editor turns it on (docs/product-rules.md#staff-directory). */
export async function isStaffDirectoryEnabled(): Promise<boolean> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', STAFF_DIRECTORY_SETTING).executeTakeFirst()
  return row?.value === 'true'
}
