import { z } from 'zod'
import { checkedBox, optionalText, requiredText, rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { optionalImageFile } from '#app/lib/uploads/upload-rules.ts'
import { altText, focalCoordinate } from '../media/media.schema.ts'

export const STAFF_LIMITS = { name: 100, jobTitle: 100, department: 60, email: 255, phone: 30, bio: 500 } as const

/** The staff directory's texts (docs/product-rules.md#staff-directory). */
export const STAFF_MESSAGES = {
  created: 'Staff member added successfully',
  updated: 'Staff member updated successfully',
  deleted: 'Staff member deleted successfully',
  moved: 'Staff order saved',
  notFound: 'Staff member not found',
  confirmDelete: 'Are you sure you want to delete this staff member? Their photo is deleted too.',
  invalidEmail: 'Invalid email address',
  phoneCharacters: 'Phone may only contain digits, spaces and + ( ) -',
  phoneDigits: 'Phone must contain at least one digit',
  photoAltRequired: 'Add alt text to the photo, or mark it decorative',
  directoryShown: 'The staff directory is now shown on the site',
  directoryHidden: 'The staff directory is now hidden from the site',
} as const

const PHONE_CHARACTERS = /^[0-9 +()-]*$/

/** A text that may be empty and is stored as '' then (job title, department). */
function plainText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be less than ${max} characters`)
    .default('')
}

/** An optional address; empty (or null, from the content API) becomes null. */
export const staffEmail = z
  .string({ error: STAFF_MESSAGES.invalidEmail })
  .trim()
  .max(STAFF_LIMITS.email, `Email must be less than ${STAFF_LIMITS.email} characters`)
  .pipe(z.union([z.literal(''), z.email(STAFF_MESSAGES.invalidEmail)], { error: STAFF_MESSAGES.invalidEmail }))
  .nullish()
  .transform((value) => value || null)

/** An optional number as people write it: '+44 (0)20 7946 0000'; empty (or null) becomes null. */
export const staffPhone = z
  .string({ error: STAFF_MESSAGES.phoneCharacters })
  .trim()
  .max(STAFF_LIMITS.phone, `Phone must be less than ${STAFF_LIMITS.phone} characters`)
  .regex(PHONE_CHARACTERS, STAFF_MESSAGES.phoneCharacters)
  .refine((value) => value === '' || /\d/.test(value), STAFF_MESSAGES.phoneDigits)
  .nullish()
  .transform((value) => value || null)

/**
 * One person of the directory. Name required; job title, department, e-mail
 * (public only with `showEmail`), phone, bio and photo optional. The photo is
 * an image file checked by its bytes on the server; `removePhoto` drops the
 * current one. A shown photo needs alt text unless it is marked decorative:
 * the form sends `photoAlt` whenever it shows a photo, and the server checks
 * again once it knows whether there is one.
 */
export const staffMemberSchema = z
  .object({
    name: requiredText('Name', STAFF_LIMITS.name),
    jobTitle: plainText('Job title', STAFF_LIMITS.jobTitle),
    department: plainText('Department', STAFF_LIMITS.department),
    email: staffEmail,
    showEmail: checkedBox,
    phone: staffPhone,
    bio: optionalText('Bio', STAFF_LIMITS.bio),
    photoFile: optionalImageFile,
    /** Left out (no photo shown in the form, or a decorative one), the stored description decides. */
    photoAlt: altText.optional(),
    photoDecorative: checkedBox,
    /** The focal point picker's values; left out, the stored point stays (the middle for a new photo). */
    photoFocalX: focalCoordinate.optional(),
    photoFocalY: focalCoordinate.optional(),
    removePhoto: z
      .string()
      .optional()
      .transform((value) => value === 'true'),
  })
  .refine((person) => person.photoAlt !== '' || person.photoDecorative, { path: ['photoAlt'], message: STAFF_MESSAGES.photoAltRequired })

export type StaffMemberInput = z.infer<typeof staffMemberSchema>

export const STAFF_DIRECTIONS = ['up', 'down'] as const
export type StaffDirection = (typeof STAFF_DIRECTIONS)[number]

export const staffActionSchema = z.discriminatedUnion(
  'intent',
  [
    staffMemberSchema.safeExtend({ intent: z.literal('create') }),
    staffMemberSchema.safeExtend({ intent: z.literal('update'), id: rowId }),
    z.object({ intent: z.literal('delete'), id: rowId }),
    z.object({ intent: z.literal('move'), id: rowId, direction: z.enum(STAFF_DIRECTIONS, { error: UNKNOWN_ACTION }) }),
    z.object({ intent: z.literal('set-directory'), enabled: z.enum(['true', 'false'], { error: UNKNOWN_ACTION }).transform((value) => value === 'true') }),
  ],
  { error: UNKNOWN_ACTION },
)
