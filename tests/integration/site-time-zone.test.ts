import { describe, expect, test } from 'vitest'
import { createAlert } from '#app/domain/alert/alert-admin.server.ts'
import { TIME_ZONE_MESSAGES } from '#app/domain/site/time-zone.schema.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { siteTimeZone, storeDefaultTimeZone, TIME_ZONE_SETTING } from '#app/lib/site-time-zone.server.ts'
import { loader as rootLoader } from '#app/root.tsx'
import { action as timeZoneAction } from '#app/routes/admin/site-time-zone.ts'
import { loader as themeLoader } from '#app/routes/admin/theme.tsx'
import { calendarFeedInput } from '#app/services/feeds/feed-sources.server.ts'
import { adminScreen } from '#tests/setup/admin-screen.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

const saveZone = (cookie: string, timeZone: string) => adminScreen(timeZoneAction, cookie, '/admin/theme/time-zone', [['timeZone', timeZone]])

describe(`the site's time zone on ${database.engine}`, () => {
  test('starts from the start-up default; an admin changes it on the Theme screen and every reader follows at once', async () => {
    await db.deleteFrom('site_settings').where('key', '=', TIME_ZONE_SETTING).execute()
    await storeDefaultTimeZone()
    expect(await siteTimeZone()).toBe(config.timeZone)
    const zone = config.timeZone === 'Asia/Tokyo' ? 'Europe/Lisbon' : 'Asia/Tokyo'

    const admin = await createSignedInUser('admin')
    const screen = (await adminScreen(themeLoader, admin.cookie, '/admin/theme')) as { timeZone: string; timeZoneChoices: string[] }
    expect(screen.timeZone).toBe(config.timeZone)
    expect(screen.timeZoneChoices).toEqual(expect.arrayContaining(['UTC', 'Asia/Tokyo', 'Europe/Lisbon', 'America/New_York']))

    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['site_settings'], (change) => changes.push(change))
    expect(await saveZone(admin.cookie, zone)).toEqual({ ok: true, message: TIME_ZONE_MESSAGES.saved })
    unsubscribe()
    // The change event is what clears the page cache, as for any write to the site.
    expect(changes).toEqual([{ table: 'site_settings', type: 'update', id: TIME_ZONE_SETTING }])
    expect(await db.selectFrom('site_settings').select('value').where('key', '=', TIME_ZONE_SETTING).executeTakeFirst()).toEqual({ value: zone })

    // Read where it is used, without a restart: the pages' zone, an alert entered in wall-clock time, the calendar feed.
    expect((await rootLoader()).timeZone).toBe(zone)
    expect(((await adminScreen(themeLoader, admin.cookie, '/admin/theme')) as { timeZone: string }).timeZone).toBe(zone)
    const alert = await createAlert({ level: 'info', title: 'Inset day', message: null, link: null, startsAt: '2030-03-04T08:00', endsAt: null })
    expect(alert.startsAt).toBe(zone === 'Asia/Tokyo' ? '2030-03-03T23:00:00.000Z' : '2030-03-04T08:00:00.000Z')
    expect((await calendarFeedInput(new Date())).timeZone).toBe(zone)

    // The next start keeps the admin's choice.
    await storeDefaultTimeZone()
    expect(await siteTimeZone()).toBe(zone)
  })

  test('a name that is no time zone is refused with a message and changes nothing; an editor cannot change it', async () => {
    const admin = await createSignedInUser('admin')
    expect(await saveZone(admin.cookie, 'Europe/Paris')).toEqual({ ok: true, message: TIME_ZONE_MESSAGES.saved })
    for (const name of ['Mars/Olympus_Mons', '', 'Europe/London; DROP TABLE site_settings', 'europe/paris']) {
      expect(await saveZone(admin.cookie, name)).toMatchObject({ data: { ok: false, fieldErrors: { timeZone: TIME_ZONE_MESSAGES.invalid } }, init: { status: 400 } })
    }
    expect(await siteTimeZone()).toBe('Europe/Paris')

    const editor = await createSignedInUser('editor')
    expect(await saveZone(editor.cookie, 'UTC')).toBe('redirect /admin')
    expect(await siteTimeZone()).toBe('Europe/Paris')
  })
})
