import { z } from 'zod'
import { UNKNOWN_ACTION, optionalText, requiredText, rowId } from '#app/lib/schema-helpers.ts'
import { visitorLinkOrNull } from '#app/lib/url-schemas.ts'
import { isWallClockTime } from '#app/lib/zoned-time.ts'
import { isPlainDate } from '#app/domain/event/recurrence.ts'
import { ALERT_LEVELS, SCHOOL_STATUSES } from '#db/tables/notifications.ts'

/** A title fits one line of the banner on a phone. */
export const ALERT_TITLE_MAX = 80
/** A few sentences: the banner is not the place for a letter, which belongs in a post the link points to. */
export const ALERT_MESSAGE_MAX = 500

export const ALERT_MESSAGES = {
  created: 'Alert created successfully',
  updated: 'Alert updated successfully',
  deleted: 'Alert deleted successfully',
  notFound: 'Alert not found',
  confirmDelete: 'Are you sure you want to delete this alert? It disappears from the site at once.',
  levelRequired: 'Choose a level: info, important or emergency',
  startRequired: 'Start is required',
  startInvalid: 'Start must be a valid date and time',
  endInvalid: 'End must be a valid date and time',
  endBeforeStart: 'End must be after the start',
  statusRequired: 'Choose a school status: open, closed, late start or early dismissal',
  statusSet: (label: string) => `School status for today set to ${label}`,
  statusSetFor: (label: string, day: string) => `School status for ${day} set to ${label}`,
  statusDayInvalid: 'Day must be a valid date',
  statusDayPast: 'Day must be today or later',
} as const

/**
 * One alert: level, title, optional message and link, start and optional
 * end as `datetime-local` wall-clock values of the school's time zone (the
 * server turns them into instants); docs/product-rules.md#alerts.
 */
export const alertSchema = z
  .object({
    level: z.enum(ALERT_LEVELS, { error: ALERT_MESSAGES.levelRequired }),
    title: requiredText('Title', ALERT_TITLE_MAX),
    message: optionalText('Message', ALERT_MESSAGE_MAX),
    link: visitorLinkOrNull(),
    startsAt: z.string({ error: ALERT_MESSAGES.startRequired }).trim().min(1, ALERT_MESSAGES.startRequired).refine(isWallClockTime, ALERT_MESSAGES.startInvalid),
    endsAt: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || isWallClockTime(value), ALERT_MESSAGES.endInvalid)
      .transform((value) => value || null),
  })
  // Both are wall-clock values of one zone in the same format, so text order is time order.
  .refine((alert) => !alert.endsAt || alert.endsAt > alert.startsAt, { path: ['endsAt'], message: ALERT_MESSAGES.endBeforeStart })

export type AlertInput = z.infer<typeof alertSchema>

/**
 * The one-click status of the school, with the message families read, for
 * today or a later day ('YYYY-MM-DD' of the school's clocks; empty is today):
 * a closure decided the evening before is entered for tomorrow.
 */
export const schoolStatusSchema = z.object({
  status: z.enum(SCHOOL_STATUSES, { error: ALERT_MESSAGES.statusRequired }),
  message: optionalText('Message', ALERT_MESSAGE_MAX),
  day: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isPlainDate(value), ALERT_MESSAGES.statusDayInvalid)
    .transform((value) => value || null),
})

/** Without a day, the status is today's. */
export type SchoolStatusInput = Omit<z.infer<typeof schoolStatusSchema>, 'day'> & { day?: string | null }

export const alertActionSchema = z.discriminatedUnion(
  'intent',
  [
    alertSchema.safeExtend({ intent: z.literal('create') }),
    alertSchema.safeExtend({ intent: z.literal('update'), id: rowId }),
    z.object({ intent: z.literal('delete'), id: rowId }),
    schoolStatusSchema.extend({ intent: z.literal('school-status') }),
  ],
  { error: UNKNOWN_ACTION },
)
