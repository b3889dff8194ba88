import { z } from 'zod'

export const TIME_ZONE_MESSAGES = {
  saved: 'Time zone saved',
  invalid: 'Choose a time zone from the list, such as Europe/London',
} as const

/**
 * The zones an admin can choose: the runtime's IANA list, with UTC, which
 * the list leaves out but a server left at UTC reports as its zone.
 */
export function timeZoneChoices(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')]
}

export const timeZoneSchema = z.object({
  timeZone: z
    .string({ error: TIME_ZONE_MESSAGES.invalid })
    .trim()
    .refine((zone) => timeZoneChoices().includes(zone), TIME_ZONE_MESSAGES.invalid),
})

export type TimeZoneInput = z.infer<typeof timeZoneSchema>
