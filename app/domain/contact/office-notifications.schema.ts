import { z } from 'zod'
import { UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'

/** How many office addresses one site may list (docs/product-rules.md#office-notifications). */
export const OFFICE_ADDRESS_LIMIT = 10
/** The longest e-mail address SMTP carries. */
const ADDRESS_MAX = 254
/** The whole field: ten of the longest addresses and their separators. */
const FIELD_MAX = OFFICE_ADDRESS_LIMIT * (ADDRESS_MAX + 2)

/** The texts staff see, as the product rules give them (docs/product-rules.md#office-notifications). */
export const OFFICE_NOTIFICATION_MESSAGES = {
  notAnAddress: (address: string) => `"${address}" is not a valid e-mail address`,
  tooMany: `List at most ${OFFICE_ADDRESS_LIMIT} office addresses`,
  tooLong: `Office addresses must be less than ${FIELD_MAX} characters`,
  saved: 'Office addresses saved',
  cleared: 'Office addresses removed: new messages are e-mailed only to staff who asked for them',
  adminsOnly: 'Only admins may change the office addresses',
  readersOnly: 'Only editors and admins read contact messages, so only they can get them by e-mail',
  notifyOn: 'You will get an e-mail for each new contact message',
  notifyOff: 'You will no longer get e-mails about contact messages',
} as const

const email = z.email()

/** Addresses as typed: one per line, or separated by commas, semicolons or spaces. */
export function splitAddresses(value: string): string[] {
  return value.split(/[\s,;]+/).filter(Boolean)
}

/**
 * The office addresses, from the one text field that lists them: each a valid
 * address, at most OFFICE_ADDRESS_LIMIT of them once repeats (in any case)
 * are dropped; empty clears the list.
 */
export const officeAddressesField = z
  .string()
  .max(FIELD_MAX, OFFICE_NOTIFICATION_MESSAGES.tooLong)
  .transform((value, context) => {
    const unique = new Map<string, string>()
    for (const address of splitAddresses(value)) {
      if (address.length > ADDRESS_MAX || !email.safeParse(address).success) {
        context.addIssue({ code: 'custom', message: OFFICE_NOTIFICATION_MESSAGES.notAnAddress(address) })
        return z.NEVER
      }
      if (!unique.has(address.toLowerCase())) unique.set(address.toLowerCase(), address)
    }
    if (unique.size > OFFICE_ADDRESS_LIMIT) {
      context.addIssue({ code: 'custom', message: OFFICE_NOTIFICATION_MESSAGES.tooMany })
      return z.NEVER
    }
    return [...unique.values()]
  })

/** The admin's form on the Contact Messages screen. */
export const officeAddressesSchema = z.object({
  intent: z.literal('office-addresses', { error: UNKNOWN_ACTION }),
  addresses: officeAddressesField,
})

/** The switch on one's own account page. */
export const contactMessageMailsSchema = z.object({
  intent: z.literal('notify-contact-messages', { error: UNKNOWN_ACTION }),
  enabled: z.enum(['true', 'false'], { error: UNKNOWN_ACTION }).transform((value) => value === 'true'),
})
