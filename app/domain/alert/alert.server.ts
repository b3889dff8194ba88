import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readNullableTimestamp, readTimestamp } from '#db/portable.ts'
import type { AlertTable } from '#db/tables/notifications.ts'
import { byLevelThenNewest, PAST_ALERTS_SHOWN, schoolDay, type Alert } from './alert.ts'

export function toAlert(row: Selectable<AlertTable>): Alert {
  return {
    id: row.id,
    level: row.level,
    title: row.title,
    message: row.message,
    link: row.link,
    startsAt: readTimestamp(row.starts_at),
    endsAt: readNullableTimestamp(row.ends_at),
    schoolStatus: row.school_status,
    eventId: row.event_id,
    updatedAt: readTimestamp(row.updated_at),
  }
}

/**
 * The alerts showing at `now`, emergency first, then important, then info,
 * each newest start first. Start and end are compared with the clock on
 * every read, so an alert appears and goes by time alone on every instance.
 */
export async function activeAlerts(now = new Date()): Promise<Alert[]> {
  const at = now.toISOString()
  const rows = await db
    .selectFrom('alerts')
    .selectAll()
    .where('starts_at', '<=', at)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .execute()
  return rows.map(toAlert).sort(byLevelThenNewest)
}

/** Alerts showing at `now` and those still to come, soonest start first: the alerts feed. */
export async function currentAndUpcomingAlerts(now = new Date()): Promise<Alert[]> {
  const rows = await db
    .selectFrom('alerts')
    .selectAll()
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now.toISOString())]))
    .orderBy('starts_at', 'asc')
    .orderBy('id')
    .execute()
  return rows.map(toAlert)
}

export interface AdminAlertLists {
  active: Alert[]
  upcoming: Alert[]
  /** The latest ended, at most PAST_ALERTS_SHOWN. */
  past: Alert[]
}

/** The admin's three lists at `now`. */
export async function listAlertsForAdmin(now = new Date()): Promise<AdminAlertLists> {
  const at = now.toISOString()
  const [active, upcoming, past] = await Promise.all([
    activeAlerts(now),
    db.selectFrom('alerts').selectAll().where('starts_at', '>', at).orderBy('starts_at', 'asc').orderBy('id').execute(),
    db.selectFrom('alerts').selectAll().where('ends_at', '<=', at).orderBy('ends_at', 'desc').orderBy('id').limit(PAST_ALERTS_SHOWN).execute(),
  ])
  return { active, upcoming: upcoming.map(toAlert), past: past.map(toAlert) }
}

export async function getAlert(id: string): Promise<Alert | null> {
  const row = await db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toAlert(row) : null
}

/** A page of alerts, latest start first, with how many match; `notEndedAt` keeps those showing or still to come at that time. */
export async function listAlertsPage(query: { limit: number; offset: number; notEndedAt?: Date }): Promise<{ alerts: Alert[]; total: number }> {
  let filtered = db.selectFrom('alerts')
  const at = query.notEndedAt?.toISOString()
  if (at) filtered = filtered.where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
  const [rows, count] = await Promise.all([
    filtered.selectAll().orderBy('starts_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset).execute(),
    filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { alerts: rows.map(toAlert), total: Number(count.total) }
}

/** Today's status alert at `now`, if the office set one: what the status buttons show as chosen. */
export async function todaysSchoolStatus(now: Date, timeZone: string): Promise<Alert | null> {
  const day = schoolDay(now, timeZone)
  const row = await db
    .selectFrom('alerts')
    .selectAll()
    .where('school_status', 'is not', null)
    .where('starts_at', '>=', day.start)
    .where('starts_at', '<', day.end)
    .orderBy('starts_at', 'desc')
    .executeTakeFirst()
  return row ? toAlert(row) : null
}
