import { z } from 'zod'
import { UNKNOWN_ACTION, optionalText, requiredText, rowId } from '#app/lib/schema-helpers.ts'
import { chosenFile, DOCUMENT_ACCEPT, UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { documentLinkOrNull } from '#app/lib/url-rules.ts'
import { publicationButton } from '../publishing/publication.ts'

export const POLICY_MESSAGES = {
  created: 'Policy created successfully',
  updated: 'Policy updated successfully',
  deleted: 'Policy deleted successfully',
  notFound: 'Policy not found',
  confirmDelete: 'Are you sure you want to delete this policy?',
} as const

const DOCUMENT_EXTENSIONS = DOCUMENT_ACCEPT.split(',')

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
  publication: publicationButton,
})

export type PolicyInput = z.infer<typeof policySchema>

export const policyActionSchema = z.discriminatedUnion(
  'intent',
  [
    policySchema.extend({ intent: z.literal('create') }),
    policySchema.extend({ intent: z.literal('update'), id: rowId }),
    z.object({ intent: z.literal('delete'), id: rowId }),
  ],
  { error: UNKNOWN_ACTION },
)
