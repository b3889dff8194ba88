import { z } from 'zod'
import { calendarSectionSchema } from '#app/domain/section/section.schema.ts'
import { UNKNOWN_ACTION, optionalText, requiredText, rowId } from '#app/lib/schema-helpers.ts'
import { optionalImageFile } from '#app/lib/uploads/upload-rules.ts'
import { imageSourceOrNull } from '#app/lib/url-rules.ts'
import { isWallClockTime } from '#app/lib/zoned-time.ts'
import { publicationButton } from '../publishing/publication.ts'

export const EVENT_MESSAGES = {
  created: 'Event created successfully',
  updated: 'Event updated successfully',
  deleted: 'Event deleted successfully',
  notFound: 'Event not found',
  confirmDelete: 'Are you sure you want to delete this event?',
  endBeforeStart: 'End date must be after the start date',
  calendarSaved: 'Google Calendar link saved successfully',
  calendarMissing: 'The calendar.google section is missing',
} as const

/**
 * Title and start date required; end date optional. Dates are the
 * `datetime-local` wall-clock values of the school's time zone; the server
 * turns them into instants. An uploaded image (`imageFile`) wins over `imageUrl`.
 */
export const eventSchema = z
  .object({
    title: requiredText('Title', 100),
    description: optionalText('Description', 2000),
    startDate: z
      .string({ error: 'Start date is required' })
      .trim()
      .min(1, 'Start date is required')
      .refine(isWallClockTime, 'Start date must be a valid date and time'),
    endDate: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || isWallClockTime(value), 'End date must be a valid date and time')
      .transform((value) => value || null),
    // The gallery picker gives `/files/gallery/…`; an upload gives `/files/uploads/…`.
    imageUrl: imageSourceOrNull(),
    imageFile: optionalImageFile,
    publication: publicationButton,
  })
  // Both are wall-clock values of one zone in the same format, so text order is time order.
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
