import { validated } from '#app/lib/action.server.ts'
import { TIME_ZONE_SETTING } from '#app/lib/site-time-zone.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { timeZoneSchema, type TimeZoneInput } from './time-zone.schema.ts'

/**
 * An admin's choice of the school's time zone (the route guards the role).
 * The change event clears the page cache, whose pages show times and end at
 * the school's midnight.
 */
export async function setSiteTimeZone(input: TimeZoneInput): Promise<void> {
  const { timeZone } = validated(timeZoneSchema, input)
  await writeTransaction(async (tx) => {
    await tx.db
      .insertInto('site_settings')
      .values({ key: TIME_ZONE_SETTING, value: timeZone })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: timeZone }))
      .execute()
    tx.publish({ table: 'site_settings', type: 'update', id: TIME_ZONE_SETTING })
  })
}
