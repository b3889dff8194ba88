import { z } from 'zod'
import { createPolicy, deletePolicy, updatePolicy } from '#app/domain/policy/policy-admin.server.ts'
import { policySchema } from '#app/domain/policy/policy.schema.ts'
import { getPolicy, listPoliciesPage, type Policy } from '#app/domain/policy/policy.server.ts'
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
  file_url: z.string().nullable().meta({ description: 'The document: a file stored on this site (/files/policies/…), a link elsewhere, or null.' }),
  created_at: timestamp('When the policy was added.'),
})

const input = z.object({
  status: z.enum(PUBLISH_STATUSES, { error: PUBLICATION_MESSAGES.invalidState }).optional().meta({ description: `${STATUS_DESCRIPTION} A new one is published when left out.` }),
  title: policySchema.shape.title,
  description: z.union([policySchema.shape.description, z.null()]).meta({ description: 'Up to 2000 characters; empty or null for none.' }),
  file_url: z.union([z.file(), z.null(), policySchema.shape.fileUrl]).optional().meta({
    description:
      'The document: a PDF or Word file (.pdf, .doc, .docx, up to 20 MB) in a multipart/form-data body, or the address of one (https://…). null or empty removes it; leaving it out keeps it.',
  }),
})

function toItem(policy: Policy): z.output<typeof item> {
  return { id: policy.id, title: policy.title, status: policy.status, description: policy.description, file_url: policy.fileUrl, created_at: policy.createdAt }
}

/** The API's input as the policy form gives it: a file wins over a link, as the form's upload tab over its URL tab. */
function toSubmission(values: z.output<typeof input>) {
  const document = values.file_url
  return {
    publication: values.status,
    title: values.title,
    description: values.description ?? null,
    fileUrl: typeof document === 'string' ? document : null,
    file: document instanceof File ? document : undefined,
  }
}

/** Policies: the school's documents on the public policies page, newest first. */
export const policies = defineCollection({
  name: 'policies',
  title: 'Policies',
  description: 'The school\'s policy documents on the public policies page (/policies), newest first.',
  minimumRole: 'editor',
  bodyLimit: 'documentUpload',
  item,
  input,
  filters: z.object({}),
  domainFieldNames: { fileUrl: 'file_url', file: 'file_url' },
  editable: (policy) => ({ status: policy.status, title: policy.title, description: policy.description, file_url: policy.file_url }),
  async list({ limit, offset }) {
    const page = await listPoliciesPage({ limit, offset })
    return { items: page.policies.map(toItem), total: page.total }
  },
  async read(id) {
    const policy = await getPolicy(id)
    return policy ? toItem(policy) : null
  },
  create: async (values) => toItem(await createPolicy(toSubmission(values))),
  update: async (id, values) => toItem(await updatePolicy(id, toSubmission(values))),
  remove: (id) => deletePolicy(id),
})
