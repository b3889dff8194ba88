import { z } from 'zod'
import { createAlert, deleteAlert, updateAlert } from '#app/domain/alert/alert-admin.server.ts'
import { alertSchema, ALERT_MESSAGES, ALERT_MESSAGE_MAX, ALERT_TITLE_MAX } from '#app/domain/alert/alert.schema.ts'
import { getAlert, listAlertsPage } from '#app/domain/alert/alert.server.ts'
import type { Alert } from '#app/domain/alert/alert.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { ALERT_LEVELS, SCHOOL_STATUSES } from '#db/tables/notifications.ts'
import { API_TIME_DESCRIPTION as TIME_DESCRIPTION, apiTime, isApiTime, wallClock } from '../api-time.server.ts'
import { defineCollection } from '../collection.ts'
import { timestamp } from '../fields.ts'

const LEVEL_DESCRIPTION = 'info, important or emergency. Important and emergency alerts are announced to subscribed families at their start; an emergency one also opens a dialog on the site.'

const item = z.object({
  id: z.string(),
  level: z.enum(ALERT_LEVELS).meta({ description: LEVEL_DESCRIPTION }),
  title: z.string(),
  message: z.string().meta({ description: 'Plain text; empty for none.' }),
  link: z.string().nullable().meta({ description: 'Where the alert points visitors: a path on this site or an http(s) address; null for none.' }),
  starts_at: timestamp('When the alert starts showing.'),
  ends_at: z.string().nullable().meta({ format: 'date-time', description: 'When it stops showing, or null: until deleted.' }),
  school_status: z.enum(SCHOOL_STATUSES).nullable().meta({ description: 'Set on an alert made by the school status buttons of /admin/alerts; null otherwise.' }),
  updated_at: timestamp('When the alert last changed.'),
})

const input = z.object({
  level: alertSchema.shape.level.meta({ description: LEVEL_DESCRIPTION }),
  title: alertSchema.shape.title.meta({ description: `Up to ${ALERT_TITLE_MAX} characters.` }),
  message: z.union([alertSchema.shape.message, z.null()]).optional().meta({ description: `Plain text, up to ${ALERT_MESSAGE_MAX} characters; empty or null for none.` }),
  // null is taken as left out: the link rule's own message then reaches the caller, not a union's 'Invalid input'.
  link: z.preprocess((value) => value ?? undefined, alertSchema.shape.link).meta({ type: ['string', 'null'], description: 'A path on this site (/calendar) or an http(s) address; empty or null for none.' }),
  starts_at: apiTime(ALERT_MESSAGES.startRequired, ALERT_MESSAGES.startInvalid).meta({ description: TIME_DESCRIPTION }),
  ends_at: z
    .union([z.string().trim().refine((value) => !value || isApiTime(value), ALERT_MESSAGES.endInvalid), z.null()])
    .optional()
    .meta({ description: `${TIME_DESCRIPTION} After the start; empty or null: until deleted.` }),
})

function toItem(alert: Alert): z.output<typeof item> {
  return {
    id: alert.id,
    level: alert.level,
    title: alert.title,
    message: alert.message,
    link: alert.link,
    starts_at: alert.startsAt,
    ends_at: alert.endsAt,
    school_status: alert.schoolStatus,
    updated_at: alert.updatedAt,
  }
}

/** The API's input as the alert form gives it to the domain: wall-clock times of the school's zone. */
async function toSubmission(values: z.output<typeof input>) {
  const timeZone = await siteTimeZone()
  return {
    level: values.level,
    title: values.title,
    message: values.message ?? null,
    link: values.link ?? null,
    startsAt: wallClock(values.starts_at, timeZone),
    endsAt: values.ends_at ? wallClock(values.ends_at, timeZone) : null,
  }
}

/** Alerts: the notices on every public page (docs/product-rules.md#alerts). */
export const alerts = defineCollection({
  name: 'alerts',
  title: 'Alerts',
  description: 'Urgent and important notices shown on every public page from their start until their end; listed by start, latest first.',
  minimumRole: 'editor',
  item,
  input,
  filters: z.object({
    not_ended_at: z.iso.datetime({ offset: true, error: 'not_ended_at must be a date and time in ISO 8601 with an offset' }).optional().meta({
      description: 'Only alerts that have not ended at this time (showing then, or still to come): current and upcoming alerts are those not ended now.',
    }),
  }),
  domainFieldNames: { startsAt: 'starts_at', endsAt: 'ends_at' },
  editable: (alert) => ({ level: alert.level, title: alert.title, message: alert.message, link: alert.link, starts_at: alert.starts_at, ends_at: alert.ends_at }),
  async list({ limit, offset, filters }) {
    const page = await listAlertsPage({ limit, offset, notEndedAt: filters.not_ended_at ? new Date(filters.not_ended_at) : undefined })
    return { items: page.alerts.map(toItem), total: page.total }
  },
  async read(id) {
    const alert = await getAlert(id)
    return alert ? toItem(alert) : null
  },
  create: async (values) => toItem(await createAlert(await toSubmission(values))),
  update: async (id, values) => toItem(await updateAlert(id, await toSubmission(values))),
  remove: (id) => deleteAlert(id),
})
