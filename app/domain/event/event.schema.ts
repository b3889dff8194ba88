import { z } from 'zod'
import { calendarSectionSchema } from '#app/domain/section/section.schema.ts'
import { UNKNOWN_ACTION, checkedBox, optionalText, requiredText, rowId } from '#app/lib/schema-helpers.ts'
import { optionalImageFile } from '#app/lib/uploads/upload-rules.ts'
import { externalLinkOrNull, imageSourceOrNull } from '#app/lib/url-schemas.ts'
import { isWallClockTime } from '#app/lib/zoned-time.ts'
import { publicationButton } from '../publishing/publication.ts'
import { MAX_EXCEPTIONS, RECURRENCE_MESSAGES, formatRecurrence, isPlainDate, parseExceptionDates, parseRecurrence } from './recurrence.ts'

export const EVENT_MESSAGES = {
  created: 'Event created successfully',
  updated: 'Event updated successfully',
  deleted: 'Event deleted successfully',
  notFound: 'Event not found',
  confirmDelete: 'Are you sure you want to delete this event?',
  endBeforeStart: 'End date must be after the start date',
  calendarSaved: 'Google Calendar link saved successfully',
  calendarMissing: 'The calendar.google section is missing',
  startDay: 'Start date must be a valid date',
  endDay: 'End date must be a valid date',
  categoryMissing: 'Category not found',
} as const

/** The category choice that means none (a select cannot offer an empty value). */
export const NO_CATEGORY = 'none'

export const EVENT_LIMITS = { title: 100, description: 2000, location: 200, recurrence: 300 } as const

/** A date and time, or for an all-day event a date alone ('YYYY-MM-DD'); which one is needed the server decides from `allDay`. */
function eventTime(value: string) {
  return isWallClockTime(value) || isPlainDate(value)
}

/** A repeat rule in the supported part of RRULE, stored in one spelling; empty means the event happens once. */
export const recurrenceField = z
  .string()
  .trim()
  .max(EVENT_LIMITS.recurrence, RECURRENCE_MESSAGES.invalid)
  .optional()
  .transform((value, ctx) => {
    if (!value) return null
    const parsed = parseRecurrence(value)
    if (parsed.ok) return formatRecurrence(parsed.rule)
    ctx.addIssue({ code: 'custom', message: parsed.error })
    return z.NEVER
  })

/** The dates a repeating event skips, as the content API sends them. */
export const exceptionDates = z
  .array(z.string().refine(isPlainDate, RECURRENCE_MESSAGES.exceptions), { error: RECURRENCE_MESSAGES.exceptions })
  .max(MAX_EXCEPTIONS, RECURRENCE_MESSAGES.tooManyExceptions)
  .transform((dates) => [...new Set(dates)].sort())

/** The form's skipped dates: one text field, dates separated by commas, spaces or lines. */
const exceptionText = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const dates = parseExceptionDates(value ?? '')
    if (dates === null) {
      ctx.addIssue({ code: 'custom', message: RECURRENCE_MESSAGES.exceptions })
      return z.NEVER
    }
    if (dates.length > MAX_EXCEPTIONS) {
      ctx.addIssue({ code: 'custom', message: RECURRENCE_MESSAGES.tooManyExceptions })
      return z.NEVER
    }
    return dates
  })

/**
 * Title and start date required; end date optional. Dates are the
 * `datetime-local` wall-clock values of the school's time zone (dates alone
 * for an all-day event); the server turns them into instants. An uploaded
 * image (`imageFile`) wins over `imageUrl`. The checks that need the fields
 * together (an all-day event's dates, a series' length) are the server's,
 * so the content API gets them too.
 */
export const eventSchema = z
  .object({
    title: requiredText('Title', EVENT_LIMITS.title),
    description: optionalText('Description', EVENT_LIMITS.description),
    allDay: checkedBox,
    startDate: z
      .string({ error: 'Start date is required' })
      .trim()
      .min(1, 'Start date is required')
      .refine(eventTime, 'Start date must be a valid date and time'),
    endDate: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || eventTime(value), 'End date must be a valid date and time')
      .transform((value) => value || null),
    location: optionalText('Location', EVENT_LIMITS.location),
    mapUrl: externalLinkOrNull(),
    categoryId: z
      .string()
      .trim()
      .max(64, EVENT_MESSAGES.categoryMissing)
      .optional()
      .transform((value) => (value && value !== NO_CATEGORY ? value : null)),
    recurrence: recurrenceField,
    exceptions: exceptionText,
    // The gallery picker gives `/files/gallery/…`; an upload gives `/files/uploads/…`.
    imageUrl: imageSourceOrNull(),
    imageFile: optionalImageFile,
    publication: publicationButton,
  })
  // Both are values of one zone in the same format, so text order is time order.
  .refine((event) => !event.endDate || event.endDate >= event.startDate, { path: ['endDate'], message: EVENT_MESSAGES.endBeforeStart })

export type EventInput = z.infer<typeof eventSchema>

/** The embed address stored as the section calendar.google; empty removes the calendar (docs/product-rules.md#events-and-calendar). */
export const calendarLinkSchema = z.object({
  url: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), calendarSectionSchema.shape.url),
})

export const eventActionSchema = z.discriminatedUnion(
  'intent',
  [
    eventSchema.safeExtend({ intent: z.literal('create') }),
    eventSchema.safeExtend({ intent: z.literal('update'), id: rowId }),
    z.object({ intent: z.literal('delete'), id: rowId }),
    calendarLinkSchema.extend({ intent: z.literal('save-calendar') }),
  ],
  { error: UNKNOWN_ACTION },
)
