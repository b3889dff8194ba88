import { z } from 'zod'

/** A stored date and time as the API gives it: ISO 8601 in UTC, e.g. 2026-11-23T20:15:00.000Z. */
export function timestamp(description: string) {
  return z.string().meta({ format: 'date-time', description })
}

const switchValue = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], { error: 'Must be true or false' })

/** A switch as JSON gives it, or as a multipart form's text ('true', 'false'); `whenLeftOut` when it is not sent. */
export function switchField(description: string, whenLeftOut: boolean) {
  return switchValue.default(whenLeftOut).meta({ description: `${description} ${whenLeftOut} when left out on creation.` })
}

/** A switch that may be left out, keeping what is stored. */
export function optionalSwitchField(description: string) {
  return switchValue.optional().meta({ description })
}
