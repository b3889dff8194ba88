import { z } from 'zod'
import { altTextField, focalCoordinate } from '#app/domain/media/media.schema.ts'
import { createStaffMember, deleteStaffMember, updateStaffMember } from '#app/domain/staff/staff-admin.server.ts'
import { STAFF_LIMITS, staffMemberSchema } from '#app/domain/staff/staff.schema.ts'
import { getStaffMember, listStaffMembersPage } from '#app/domain/staff/staff.server.ts'
import type { StaffMember } from '#app/domain/staff/staff.ts'
import { defineCollection } from '../collection.ts'
import { optionalSwitchField, switchField, timestamp } from '../fields.ts'

const PHOTO_ALT_DESCRIPTION = 'Who the photo shows, for people who cannot see it (up to 250 characters). A photo needs alt text unless it is decorative.'
const PHOTO_DECORATIVE_DESCRIPTION = 'The photo adds nothing a reader needs: the page gives it an empty alt.'
const PHOTO_FOCAL_DESCRIPTION = (edge: string) => `Where the photo's subject is, from its ${edge} edge: 0 to 1 (0.5 is the middle). The round crop keeps it in view.`
const SHOW_EMAIL_DESCRIPTION = 'Whether /staff shows the e-mail address; it is kept but not shown otherwise.'

const item = z.object({
  id: z.string(),
  name: z.string(),
  job_title: z.string().meta({ description: 'Empty for none.' }),
  department: z.string().meta({ description: 'The heading the person is listed under on /staff; empty lists them under Staff (or Other staff).' }),
  email: z.string().nullable(),
  show_email: z.boolean().meta({ description: SHOW_EMAIL_DESCRIPTION }),
  phone: z.string().nullable().meta({ description: 'Shown on /staff.' }),
  bio: z.string().nullable().meta({ description: 'Plain text.' }),
  photo_url: z.string().nullable().meta({ description: 'Address of the photo on this site (/files/uploads/staff/…), or null.' }),
  photo_alt: z.string().meta({ description: PHOTO_ALT_DESCRIPTION }),
  photo_decorative: z.boolean().meta({ description: PHOTO_DECORATIVE_DESCRIPTION }),
  photo_focal_x: z.number().meta({ description: PHOTO_FOCAL_DESCRIPTION('left') }),
  photo_focal_y: z.number().meta({ description: PHOTO_FOCAL_DESCRIPTION('top') }),
  sort_order: z.number().int().meta({ description: 'Place in the directory, smallest first; a new person goes last. Changed only on the admin screen (Move up, Move down).' }),
  created_at: timestamp('When the person was added.'),
})

const shape = staffMemberSchema.shape

const input = z.object({
  name: shape.name,
  job_title: shape.jobTitle.meta({ description: `Up to ${STAFF_LIMITS.jobTitle} characters; empty for none.` }),
  department: shape.department.meta({ description: `Up to ${STAFF_LIMITS.department} characters; empty for none.` }),
  email: shape.email.meta({ description: 'An e-mail address; empty or null for none.' }),
  show_email: switchField(SHOW_EMAIL_DESCRIPTION, false),
  phone: shape.phone.meta({ description: `Digits, spaces and + ( ) - only, up to ${STAFF_LIMITS.phone} characters; empty or null for none.` }),
  bio: z.union([shape.bio, z.null()]).meta({ maxLength: STAFF_LIMITS.bio, description: 'Plain text; empty or null for none.' }),
  photo_url: z.union([z.file(), z.null()]).optional().meta({
    description:
      'A new photo: an image file in a multipart/form-data body (JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB), sent with photo_alt or photo_decorative. null (JSON) removes the photo; leaving it out keeps it.',
  }),
  photo_alt: altTextField.optional().meta({ description: `${PHOTO_ALT_DESCRIPTION} Left out, the stored one stays (none for a new photo).` }),
  photo_decorative: optionalSwitchField(PHOTO_DECORATIVE_DESCRIPTION),
  photo_focal_x: focalCoordinate.optional().meta({ description: `${PHOTO_FOCAL_DESCRIPTION('left')} Send both or neither.` }),
  photo_focal_y: focalCoordinate.optional().meta({ description: `${PHOTO_FOCAL_DESCRIPTION('top')} Send both or neither.` }),
})

function toItem(person: StaffMember): z.output<typeof item> {
  return {
    id: person.id,
    name: person.name,
    job_title: person.jobTitle,
    department: person.department,
    email: person.email,
    show_email: person.showEmail,
    phone: person.phone,
    bio: person.bio,
    photo_url: person.photoUrl,
    photo_alt: person.photoAlt,
    photo_decorative: person.photoDecorative,
    photo_focal_x: person.photoFocal.x,
    photo_focal_y: person.photoFocal.y,
    sort_order: person.sortOrder,
    created_at: person.createdAt,
  }
}

/** The API's input as the staff form gives it to the domain: a file replaces the photo, null removes it. */
function toSubmission(values: z.output<typeof input>) {
  return {
    name: values.name,
    jobTitle: values.job_title,
    department: values.department,
    email: values.email,
    showEmail: values.show_email,
    phone: values.phone,
    bio: values.bio ?? null,
    photoFile: values.photo_url ?? null,
    removePhoto: values.photo_url === null,
    photoAlt: values.photo_alt,
    photoDecorative: values.photo_decorative,
    photoFocalX: values.photo_focal_x,
    photoFocalY: values.photo_focal_y,
  }
}

/**
 * The staff directory's people. Whether /staff shows them is a site setting
 * of the admin screen, not part of this collection (docs/product-rules.md#staff-directory).
 */
export const staff = defineCollection({
  name: 'staff',
  title: 'Staff directory',
  description:
    'The people of the staff directory, in its order (the public page, /staff, groups them by department and is shown only when an editor turns the directory on). People here have no account.',
  minimumRole: 'editor',
  bodyLimit: 'imageUpload',
  item,
  input,
  filters: z.object({}),
  domainFieldNames: {
    jobTitle: 'job_title',
    showEmail: 'show_email',
    photoFile: 'photo_url',
    removePhoto: 'photo_url',
    photoAlt: 'photo_alt',
    photoDecorative: 'photo_decorative',
    photoFocalX: 'photo_focal_x',
    photoFocalY: 'photo_focal_y',
  },
  editable: (person) => ({ name: person.name, job_title: person.job_title, department: person.department, email: person.email, show_email: person.show_email, phone: person.phone, bio: person.bio }),
  async list({ limit, offset }) {
    const page = await listStaffMembersPage({ limit, offset })
    return { items: page.people.map(toItem), total: page.total }
  },
  async read(id) {
    const person = await getStaffMember(id)
    return person ? toItem(person) : null
  },
  create: async (values) => toItem(await createStaffMember(toSubmission(values))),
  update: async (id, values) => toItem(await updateStaffMember(id, toSubmission(values))),
  remove: (id) => deleteStaffMember(id),
})
