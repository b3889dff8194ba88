import { z } from 'zod'
import { UNKNOWN_ACTION, optionalText, requiredText, rowId } from '#app/lib/schema-helpers.ts'
import { chosenFile, DOCUMENT_ACCEPT, UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { documentLinkOrNull } from '#app/lib/url-schemas.ts'
import { publicationButton } from '../publishing/publication.ts'

export const POLICY_MESSAGES = {
  created: 'Policy created successfully',
  updated: 'Policy updated successfully',
  deleted: 'Policy deleted successfully',
  notFound: 'Policy not found',
  confirmDelete: 'Are you sure you want to delete this policy?',
  invalidReviewDate: 'Review date must be a valid date',
  unknownCategory: 'Choose a category from the list',
  versionDeleted: 'Version deleted',
  versionNotFound: 'Version not found',
  currentVersion: 'The current document cannot be deleted: upload a new one first',
  versionsAdminsOnly: 'Only admins may delete old versions',
  confirmDeleteVersion: 'Delete this old version? Links to its file will stop working.',
} as const

export const POLICY_CATEGORY_MESSAGES = {
  created: 'Category created',
  updated: 'Category updated',
  deleted: 'Category deleted',
  moved: 'Category moved',
  notFound: 'Category not found',
  nameTaken: 'A category with this name already exists',
  adminsOnly: 'Only admins may change policy categories',
  tooMany: 'A site can have at most 50 policy categories',
  confirmDelete: 'Delete this category? Its policies stay, without a category.',
} as const

/** Enough to sort a long list of documents; few enough to show every filter at once. */
export const MAX_POLICY_CATEGORIES = 50

const DOCUMENT_EXTENSIONS = DOCUMENT_ACCEPT.split(',')

/** A real calendar day: 2027-02-30 is refused, not rolled over. */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** The date input's value; empty becomes null. */
export const reviewDateField = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((value) => value || null)
  .refine((value) => value === null || isCalendarDay(value), POLICY_MESSAGES.invalidReviewDate)

/** The select's choice for no category (a select option cannot have an empty value). */
export const NO_CATEGORY = 'none'

/** A category's id from the select; empty or 'none' means none. Whether it exists is checked by the write. */
export const categoryIdField = z
  .string()
  .trim()
  .max(64)
  .optional()
  .nullable()
  .transform((value) => (value && value !== NO_CATEGORY ? value : null))

/**
 * Title required; the file URL field is of type url; an uploaded file
 * (`file`, checked by its bytes on the server) overrides the URL.
 */
export const policySchema = z.object({
  title: requiredText('Title', 100),
  description: optionalText('Description', 2000),
  fileUrl: documentLinkOrNull('policies'),
  file: z
    .unknown()
    .optional()
    .refine((value) => {
      const file = chosenFile(value)
      return !file || DOCUMENT_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension))
    }, UPLOAD_MESSAGES.notADocument),
  categoryId: categoryIdField,
  reviewDate: reviewDateField,
  publication: publicationButton,
})

export type PolicyInput = z.infer<typeof policySchema>

export const policyCategorySchema = z.object({
  name: requiredText('Name', 50),
})

const policyActions = [
  policySchema.extend({ intent: z.literal('create') }),
  policySchema.extend({ intent: z.literal('update'), id: rowId }),
  z.object({ intent: z.literal('delete'), id: rowId }),
] as const

/** The policy dialog's and the list's own actions. */
export const policyActionSchema = z.discriminatedUnion('intent', [...policyActions], { error: UNKNOWN_ACTION })

/** Everything the Policies screen posts: the policies' actions, an old version's removal, and the categories'. */
export const policiesScreenActionSchema = z.discriminatedUnion(
  'intent',
  [
    ...policyActions,
    z.object({ intent: z.literal('delete-version'), id: rowId }),
    policyCategorySchema.extend({ intent: z.literal('create-category') }),
    policyCategorySchema.extend({ intent: z.literal('update-category'), id: rowId }),
    z.object({ intent: z.literal('delete-category'), id: rowId }),
    z.object({ intent: z.literal('move-category'), id: rowId, direction: z.enum(['up', 'down'], { error: UNKNOWN_ACTION }) }),
  ],
  { error: UNKNOWN_ACTION },
)
