import { db } from './db.server.ts'
import { config } from './env.server.ts'
import { currentReader } from './transaction.server.ts'

/** The site_settings row holding the school's time zone. */
export const TIME_ZONE_SETTING = 'time_zone'

/**
 * The school's time zone, which event, alert and publish times are shown and
 * entered in, and the page cache's day ends by. An admin's setting, read at
 * each use so a change takes effect at once; until the first start has
 * stored it, the start-up default (TIME_ZONE, else the server's zone).
 */
export async function siteTimeZone(): Promise<string> {
  // Publishing reads it while a write (a bulk publish) is open.
  const row = await currentReader().selectFrom('site_settings').select('value').where('key', '=', TIME_ZONE_SETTING).executeTakeFirst()
  return row?.value ?? config.timeZone
}

/** Stores the start-up default on a site that has no time zone yet; an admin's choice is kept. */
export async function storeDefaultTimeZone(): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ key: TIME_ZONE_SETTING, value: config.timeZone })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute()
}
