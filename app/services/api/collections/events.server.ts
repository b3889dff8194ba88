import { z } from 'zod'
import { createEvent, deleteEvent, updateEvent } from '#app/domain/event/event-admin.server.ts'
import { eventSchema, exceptionDates } from '#app/domain/event/event.schema.ts'
import { getEvent, listEventsPage } from '#app/domain/event/event.server.ts'
import type { SchoolEvent } from '#app/domain/event/event.ts'
import { isPlainDate } from '#app/domain/event/recurrence.ts'
import { API_TIME_DESCRIPTION as TIME_DESCRIPTION, apiTime, isApiTime, wallClock } from '../api-time.server.ts'
import { PUBLISH_STATUSES } from '#db/tables/content.ts'
import { PUBLICATION_MESSAGES } from '#app/domain/publishing/publication.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { defineCollection } from '../collection.ts'
import { switchField, timestamp } from '../fields.ts'

const ALL_DAY_DESCRIPTION =
  'A date or a range of dates rather than times: start_date is midnight of the first day on the site\'s clocks and end_date (or null) midnight of the last day, inclusive; a calendar app shows it on those dates in every time zone.'
const RECURRENCE_DESCRIPTION =
  'How it repeats: an RFC 5545 RRULE value with FREQ=DAILY, WEEKLY or MONTHLY and only INTERVAL, BYDAY, BYMONTHDAY, UNTIL (a date) or COUNT (1 to 500), ending within 2 years of the start (FREQ=WEEKLY;BYDAY=TU;UNTIL=20270701); null for a single event. Worked out on the site\'s clocks.'

const STATUS_DESCRIPTION = 'draft (seen only by staff) or published (on the site).'

const item = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(PUBLISH_STATUSES).meta({ description: STATUS_DESCRIPTION }),
  description: z.string().nullable(),
  start_date: timestamp('When the event starts.'),
  end_date: z.string().nullable().meta({ format: 'date-time', description: 'When the event ends, or null.' }),
  image_url: z.string().nullable().meta({ description: 'Address of the event\'s image (/files/…), or null.' }),
  slug: z.string().meta({ description: 'The event\'s address, /calendar/{slug}: made from the title when the event is added, kept after.' }),
  all_day: z.boolean().meta({ description: ALL_DAY_DESCRIPTION }),
  location: z.string().nullable().meta({ description: 'Where it happens, or null.' }),
  map_url: z.string().nullable().meta({ description: 'A map of the place (http or https), or null.' }),
  category_id: z.string().nullable().meta({ description: 'The id of its category (/api/v1/event-categories), or null.' }),
  recurrence: z.string().nullable().meta({ description: RECURRENCE_DESCRIPTION }),
  exceptions: z.array(z.string()).meta({ description: 'Dates (YYYY-MM-DD, on the site\'s clocks) a repeating event skips.' }),
})

const input = z.object({
  status: z.enum(PUBLISH_STATUSES, { error: PUBLICATION_MESSAGES.invalidState }).optional().meta({ description: `${STATUS_DESCRIPTION} A new one is published when left out.` }),
  title: eventSchema.shape.title,
  description: z.union([eventSchema.shape.description, z.null()]).meta({ description: 'Up to 2000 characters; empty or null for none.' }),
  start_date: apiTime('Start date is required', 'Start date must be a valid date and time', { dateAlone: isPlainDate }).meta({ description: TIME_DESCRIPTION }),
  end_date: z
    .union([z.string().trim().refine((value) => !value || isApiTime(value) || isPlainDate(value), 'End date must be a valid date and time'), z.null()])
    .optional()
    .meta({ description: `${TIME_DESCRIPTION} Not before the start; empty or null for none.` }),
  all_day: switchField(ALL_DAY_DESCRIPTION + ' For one, start_date and end_date may be dates alone (2026-12-24).', false),
  location: z.union([eventSchema.shape.location, z.null()]).optional().meta({ description: 'Up to 200 characters; empty or null for none.' }),
  map_url: z.union([eventSchema.shape.mapUrl, z.null()]).optional().meta({ description: 'An http or https address; empty or null for none.' }),
  category_id: z.union([eventSchema.shape.categoryId, z.null()]).optional().meta({ description: 'The id of a category (/api/v1/event-categories); empty or null for none.' }),
  recurrence: z.union([eventSchema.shape.recurrence, z.null()]).optional().meta({ description: RECURRENCE_DESCRIPTION }),
  exceptions: z
    .preprocess((value) => (typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : value), exceptionDates)
    .optional()
    .meta({ description: 'Dates (YYYY-MM-DD) a repeating event skips: a JSON array, or in a multipart form one text of dates separated by commas.' }),
  image_url: z.union([z.file(), z.null(), eventSchema.shape.imageUrl]).optional().meta({
    description:
      'A new image: an image file in a multipart/form-data body (JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB), or the address of an image on this site (/files/gallery/…). null removes it; leaving it out keeps it.',
  }),
})

function toItem(event: SchoolEvent): z.output<typeof item> {
  return {
    id: event.id,
    title: event.title,
    status: event.status,
    description: event.description,
    start_date: event.startDate,
    end_date: event.endDate,
    image_url: event.imageUrl,
    slug: event.slug,
    all_day: event.allDay,
    location: event.location,
    map_url: event.mapUrl,
    category_id: event.category?.id ?? null,
    recurrence: event.recurrence,
    exceptions: event.exceptions,
  }
}

/** An all-day event's date may come alone; any other time is read as the form reads it. */
function eventTime(value: string, allDay: boolean, timeZone: string) {
  return allDay && isPlainDate(value) ? value : wallClock(value, timeZone)
}

/** The API's input as the event form gives it to the domain: wall-clock times, and a file that wins over a link. */
async function toSubmission(values: z.output<typeof input>) {
  const timeZone = await siteTimeZone()
  const image = values.image_url
  return {
    publication: values.status,
    title: values.title,
    description: values.description ?? null,
    allDay: values.all_day,
    startDate: eventTime(values.start_date, values.all_day, timeZone),
    endDate: values.end_date ? eventTime(values.end_date, values.all_day, timeZone) : null,
    location: values.location ?? null,
    mapUrl: values.map_url ?? null,
    categoryId: values.category_id ?? null,
    recurrence: values.recurrence ?? null,
    exceptions: values.exceptions ?? [],
    imageUrl: typeof image === 'string' ? image : null,
    imageFile: image instanceof File ? image : undefined,
  }
}

/** Events: the public calendar, by start date, latest first. */
export const events = defineCollection({
  name: 'events',
  title: 'Events',
  description: 'The school\'s events, shown on the public calendar (/calendar); listed by start date, latest first.',
  minimumRole: 'editor',
  bodyLimit: 'imageUpload',
  item,
  input,
  filters: z.object({
    ending_since: z.iso.datetime({ offset: true, error: 'ending_since must be a date and time in ISO 8601 with an offset' }).optional().meta({
      description: 'Only events that end (or, without an end, start) at or after this time: upcoming events are those ending since now.',
    }),
  }),
  domainFieldNames: {
    startDate: 'start_date',
    endDate: 'end_date',
    imageUrl: 'image_url',
    imageFile: 'image_url',
    allDay: 'all_day',
    mapUrl: 'map_url',
    categoryId: 'category_id',
  },
  editable: (event) => ({
    status: event.status,
    title: event.title,
    description: event.description,
    start_date: event.start_date,
    end_date: event.end_date,
    image_url: event.image_url,
    all_day: event.all_day,
    location: event.location,
    map_url: event.map_url,
    category_id: event.category_id,
    recurrence: event.recurrence,
    exceptions: event.exceptions,
  }),
  async list({ limit, offset, filters }) {
    const page = await listEventsPage({ limit, offset, endingSince: filters.ending_since ? new Date(filters.ending_since) : undefined })
    return { items: page.events.map(toItem), total: page.total }
  },
  async read(id) {
    const event = await getEvent(id)
    return event ? toItem(event) : null
  },
  create: async (values) => toItem(await createEvent(await toSubmission(values))),
  update: async (id, values) => toItem(await updateEvent(id, await toSubmission(values))),
  remove: (id) => deleteEvent(id),
})
