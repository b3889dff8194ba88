import { z } from 'zod'
import { createEvent, deleteEvent, updateEvent } from '#app/domain/event/event-admin.server.ts'
import { eventSchema } from '#app/domain/event/event.schema.ts'
import { getEvent, listEventsPage } from '#app/domain/event/event.server.ts'
import type { SchoolEvent } from '#app/domain/event/event.ts'
import { API_TIME_DESCRIPTION as TIME_DESCRIPTION, apiTime, isApiTime, wallClock } from '../api-time.server.ts'
import { PUBLISH_STATUSES } from '#db/tables/content.ts'
import { PUBLICATION_MESSAGES } from '#app/domain/publishing/publication.ts'
import { defineCollection } from '../collection.ts'
import { timestamp } from '../fields.ts'

const STATUS_DESCRIPTION = 'draft (seen only by staff) or published (on the site).'

const item = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(PUBLISH_STATUSES).meta({ description: STATUS_DESCRIPTION }),
  description: z.string().nullable(),
  start_date: timestamp('When the event starts.'),
  end_date: z.string().nullable().meta({ format: 'date-time', description: 'When the event ends, or null.' }),
  image_url: z.string().nullable().meta({ description: 'Address of the event\'s image (/files/…), or null.' }),
})

const input = z.object({
  status: z.enum(PUBLISH_STATUSES, { error: PUBLICATION_MESSAGES.invalidState }).optional().meta({ description: `${STATUS_DESCRIPTION} A new one is published when left out.` }),
  title: eventSchema.shape.title,
  description: z.union([eventSchema.shape.description, z.null()]).meta({ description: 'Up to 2000 characters; empty or null for none.' }),
  start_date: apiTime('Start date is required', 'Start date must be a valid date and time').meta({ description: TIME_DESCRIPTION }),
  end_date: z
    .union([z.string().trim().refine((value) => !value || isApiTime(value), 'End date must be a valid date and time'), z.null()])
    .optional()
    .meta({ description: `${TIME_DESCRIPTION} Not before the start; empty or null for none.` }),
  image_url: z.union([z.file(), z.null(), eventSchema.shape.imageUrl]).optional().meta({
    description:
      'A new image: an image file in a multipart/form-data body (JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB), or the address of an image on this site (/files/gallery/…). null removes it; leaving it out keeps it.',
  }),
})

function toItem(event: SchoolEvent): z.output<typeof item> {
  return { id: event.id, title: event.title, status: event.status, description: event.description, start_date: event.startDate, end_date: event.endDate, image_url: event.imageUrl }
}

/** The API's input as the event form gives it to the domain: wall-clock times, and a file that wins over a link. */
function toSubmission(values: z.output<typeof input>) {
  const image = values.image_url
  return {
    publication: values.status,
    title: values.title,
    description: values.description ?? null,
    startDate: wallClock(values.start_date),
    endDate: values.end_date ? wallClock(values.end_date) : null,
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
  domainFieldNames: { startDate: 'start_date', endDate: 'end_date', imageUrl: 'image_url', imageFile: 'image_url' },
  editable: (event) => ({ status: event.status, title: event.title, description: event.description, start_date: event.start_date, end_date: event.end_date, image_url: event.image_url }),
  async list({ limit, offset, filters }) {
    const page = await listEventsPage({ limit, offset, endingSince: filters.ending_since ? new Date(filters.ending_since) : undefined })
    return { items: page.events.map(toItem), total: page.total }
  },
  async read(id) {
    const event = await getEvent(id)
    return event ? toItem(event) : null
  },
  create: async (values) => toItem(await createEvent(toSubmission(values))),
  update: async (id, values) => toItem(await updateEvent(id, toSubmission(values))),
  remove: (id) => deleteEvent(id),
})
