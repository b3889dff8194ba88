import { createEvent, deleteEvent } from '#app/domain/event/event-admin.server.ts'
import { announce } from '#app/domain/outbox/announce.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { newId } from '#db/portable.ts'
import type { AlertLevel, SchoolStatus } from '#db/tables/notifications.ts'
import { SCHOOL_STATUS_CHOICES, schoolDay, schoolDayOn, type Alert } from './alert.ts'
import { ALERT_MESSAGES, type AlertInput, type SchoolStatusInput } from './alert.schema.ts'
import { toAlert } from './alert.server.ts'

/** The calendar entry a 'closed' status makes (docs/product-rules.md#alerts). */
export const SCHOOL_CLOSED_EVENT_TITLE = 'School closed'

const notFound = () => DomainError.notFound(ALERT_MESSAGES.notFound)

/** Families are told of these levels at once, by mail and push; info alerts only show on the site. */
const announcedLevel = (level: AlertLevel) => level !== 'info'

/** The write's clock and the school's zone; tests drive both. */
export interface AlertClock {
  now?: Date
  timeZone?: string
}

/**
 * The instants stored. The end is checked again once converted: a start in
 * the hour the clocks skip moves forward, possibly past an end the form accepted.
 */
function storedTimes(input: AlertInput, timeZone: string) {
  const starts = zonedTimeToUtc(input.startsAt, timeZone)
  const ends = input.endsAt ? zonedTimeToUtc(input.endsAt, timeZone) : null
  if (ends !== null && ends <= starts) throw DomainError.invalidField('endsAt', ALERT_MESSAGES.endBeforeStart)
  return { starts_at: starts, ends_at: ends }
}

async function readBack(tx: WriteTransaction, id: string): Promise<Alert> {
  return toAlert(await tx.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

function announceAlert(tx: WriteTransaction, alert: Alert) {
  return announce(tx, { topic: 'alerts', subjectTable: 'alerts', subjectId: alert.id, deliverAfter: new Date(alert.startsAt) })
}

/** A new alert; important and emergency ones are announced to families for its start. */
export async function createAlert(input: AlertInput, { now = new Date(), timeZone }: AlertClock = {}): Promise<Alert> {
  const times = storedTimes(input, timeZone ?? (await siteTimeZone()))
  const id = newId()
  const stamp = now.toISOString()
  return writeTransaction(async (tx) => {
    await tx.db
      .insertInto('alerts')
      .values({ id, level: input.level, title: input.title, message: input.message ?? '', link: input.link, ...times, created_at: stamp, updated_at: stamp })
      .execute()
    tx.publish({ table: 'alerts', type: 'insert', id })
    const alert = await readBack(tx, id)
    if (announcedLevel(alert.level)) await announceAlert(tx, alert)
    return alert
  })
}

/**
 * The same fields on an existing alert. It is announced again when it
 * becomes important or emergency or moves to a later start (announcing is
 * idempotent per family, so nobody is told twice of the same alert).
 */
export async function updateAlert(id: string, input: AlertInput, { now = new Date(), timeZone }: AlertClock = {}): Promise<Alert> {
  const times = storedTimes(input, timeZone ?? (await siteTimeZone()))
  return writeTransaction(async (tx) => {
    const previous = await tx.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst()
    if (!previous) throw notFound()
    await tx.db
      .updateTable('alerts')
      .set({ level: input.level, title: input.title, message: input.message ?? '', link: input.link, ...times, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute()
    tx.publish({ table: 'alerts', type: 'update', id })
    const before = toAlert(previous)
    const alert = await readBack(tx, id)
    const raised = !announcedLevel(before.level)
    const later = Date.parse(alert.startsAt) > Date.parse(before.startsAt)
    if (announcedLevel(alert.level) && (raised || later)) await announceAlert(tx, alert)
    return alert
  })
}

/** Removes the alert, with the calendar entry its 'closed' status made. */
async function removeAlert(tx: WriteTransaction, alert: { id: string; event_id: string | null }) {
  await tx.db.deleteFrom('alerts').where('id', '=', alert.id).execute()
  tx.publish({ table: 'alerts', type: 'delete', id: alert.id })
  // The office may have deleted the entry from the calendar already.
  if (alert.event_id && (await tx.db.selectFrom('events').select('id').where('id', '=', alert.event_id).executeTakeFirst())) await deleteEvent(alert.event_id)
}

export async function deleteAlert(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const previous = await tx.db.selectFrom('alerts').select(['id', 'event_id']).where('id', '=', id).executeTakeFirst()
    if (!previous) throw notFound()
    await removeAlert(tx, previous)
  })
}

/**
 * The level of a status alert: closed is an emergency, a late start or an
 * early dismissal important. Open is information, unless it corrects
 * another status of the same day: families told the school was closed must
 * hear that it is open after all.
 */
function statusLevel(status: SchoolStatus, replaced: readonly { school_status: SchoolStatus | null }[]): AlertLevel {
  if (status === 'closed') return 'emergency'
  if (status !== 'open') return 'important'
  return replaced.some((previous) => previous.school_status !== 'open') ? 'important' : 'info'
}

/**
 * The one-click school status for today or a later day: an alert until the
 * end of that school day, from now for today, else from the day's start
 * (so a closure decided the evening before shows from midnight), replacing
 * any status alert of the same day; 'closed' also puts 'School closed' on the
 * calendar for the day, and that entry goes again with the status it came
 * with (docs/product-rules.md#alerts).
 */
export async function setSchoolStatus(input: SchoolStatusInput, { now = new Date(), timeZone: chosenZone }: AlertClock = {}): Promise<Alert> {
  const timeZone = chosenZone ?? (await siteTimeZone())
  const today = schoolDay(now, timeZone)
  if (input.day && input.day < today.date) throw DomainError.invalidField('day', ALERT_MESSAGES.statusDayPast)
  const day = input.day && input.day > today.date ? schoolDayOn(input.day, timeZone) : today
  const startsAt = day === today ? now.toISOString() : day.start
  const choice = SCHOOL_STATUS_CHOICES[input.status]
  const message = input.message ?? ''
  return writeTransaction(async (tx) => {
    const replaced = await tx.db
      .selectFrom('alerts')
      .select(['id', 'event_id', 'school_status'])
      .where('school_status', 'is not', null)
      .where('starts_at', '>=', day.start)
      .where('starts_at', '<', day.end)
      .execute()
    for (const previous of replaced) await removeAlert(tx, previous)
    const event =
      input.status === 'closed'
        ? await createEvent(
            { title: SCHOOL_CLOSED_EVENT_TITLE, description: message || null, allDay: true, startDate: day.date, endDate: null, imageUrl: null, publication: 'published' },
            timeZone,
            { announced: false },
          )
        : null
    const id = newId()
    const stamp = now.toISOString()
    await tx.db
      .insertInto('alerts')
      .values({
        id,
        level: statusLevel(input.status, replaced),
        title: choice.title,
        message,
        link: event ? '/calendar' : null,
        starts_at: startsAt,
        ends_at: day.end,
        school_status: input.status,
        event_id: event?.id ?? null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute()
    tx.publish({ table: 'alerts', type: 'insert', id })
    const alert = await readBack(tx, id)
    if (announcedLevel(alert.level)) await announceAlert(tx, alert)
    return alert
  })
}
