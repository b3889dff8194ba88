import { z } from 'zod'
import { createPolicy, deletePolicy, updatePolicy } from '#app/domain/policy/policy-admin.server.ts'
import { categoryIdField, policySchema, reviewDateField } from '#app/domain/policy/policy.schema.ts'
import { getPolicy, listPoliciesPage, listPolicyVersions, type Policy, type PolicyVersion } from '#app/domain/policy/policy.server.ts'
import { PUBLISH_STATUSES } from '#db/tables/content.ts'
import { PUBLICATION_MESSAGES } from '#app/domain/publishing/publication.ts'
import { defineCollection } from '../collection.ts'
import { timestamp } from '../fields.ts'

const STATUS_DESCRIPTION = 'draft (seen only by staff) or published (on the site).'

const version = z.object({
  id: z.string(),
  file_url: z.string().meta({ description: 'The file (/files/policies/…, which keeps working) or the link elsewhere.' }),
  file_name: z.string().nullable().meta({ description: 'The name it was uploaded under; null for a link.' }),
  size: z.number().int().nullable().meta({ description: 'Bytes; null when not known.' }),
  content_type: z.string().nullable(),
  created_at: timestamp('When the policy was given this document.'),
  current: z.boolean().meta({ description: 'True for the document the policy shows now.' }),
})

const item = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string().meta({ description: 'The stable address: /policies/{slug}, the current document at /policies/{slug}/download. Made from the title once; read-only.' }),
  status: z.enum(PUBLISH_STATUSES).meta({ description: STATUS_DESCRIPTION }),
  description: z.string().nullable(),
  file_url: z.string().nullable().meta({ description: 'The document: a file stored on this site (/files/policies/…), a link elsewhere, or null.' }),
  category: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable().meta({ description: 'Its category, or null.' }),
  review_date: z.string().nullable().meta({ format: 'date', description: 'When the school means to review it (YYYY-MM-DD), or null. The office is reminded 30 days before.' }),
  versions: z.array(version).meta({ description: 'Every document it was given, newest first; read-only.' }),
  created_at: timestamp('When the policy was added.'),
  updated_at: timestamp('When the policy last changed.'),
})

const input = z.object({
  status: z.enum(PUBLISH_STATUSES, { error: PUBLICATION_MESSAGES.invalidState }).optional().meta({ description: `${STATUS_DESCRIPTION} A new one is published when left out.` }),
  title: policySchema.shape.title,
  description: z.union([policySchema.shape.description, z.null()]).meta({ description: 'Up to 2000 characters; empty or null for none.' }),
  file_url: z.union([z.file(), z.null(), policySchema.shape.fileUrl]).optional().meta({
    description:
      'The document: a PDF or Word file (.pdf, .doc, .docx, up to 20 MB) in a multipart/form-data body, or the address of one (https://…). null or empty removes it; leaving it out keeps it. A new document becomes the newest version; the previous one stays a version.',
  }),
  category_id: categoryIdField.meta({ description: 'The id of a policy category, or null for none; leaving it out keeps it.' }),
  review_date: reviewDateField.meta({ description: 'YYYY-MM-DD, or null for none; leaving it out keeps it.' }),
})

function toVersion(entry: PolicyVersion): z.output<typeof version> {
  return { id: entry.id, file_url: entry.fileUrl, file_name: entry.fileName, size: entry.size, content_type: entry.contentType, created_at: entry.createdAt, current: entry.current }
}

async function toItems(policies: Policy[]): Promise<z.output<typeof item>[]> {
  const versions = await listPolicyVersions(policies)
  return policies.map((policy) => ({
    id: policy.id,
    title: policy.title,
    slug: policy.slug,
    status: policy.status,
    description: policy.description,
    file_url: policy.fileUrl,
    category: policy.category ? { id: policy.category.id, name: policy.category.name, slug: policy.category.slug } : null,
    review_date: policy.reviewDate,
    versions: (versions.get(policy.id) ?? []).map(toVersion),
    created_at: policy.createdAt,
    updated_at: policy.updatedAt,
  }))
}

const toItem = async (policy: Policy) => (await toItems([policy]))[0]!

/** The API's input as the policy form gives it: a file wins over a link, as the form's upload tab over its URL tab. */
function toSubmission(values: z.output<typeof input>) {
  const document = values.file_url
  return {
    publication: values.status,
    title: values.title,
    description: values.description ?? null,
    fileUrl: typeof document === 'string' ? document : null,
    file: document instanceof File ? document : undefined,
    categoryId: values.category_id,
    reviewDate: values.review_date,
  }
}

/** Policies: the school's documents on the public policies page, newest first. */
export const policies = defineCollection({
  name: 'policies',
  title: 'Policies',
  description: 'The school\'s policy documents on the public policies page (/policies), newest first, each with its category, review date and every version of its document.',
  minimumRole: 'editor',
  bodyLimit: 'documentUpload',
  item,
  input,
  filters: z.object({}),
  domainFieldNames: { fileUrl: 'file_url', file: 'file_url', categoryId: 'category_id', reviewDate: 'review_date' },
  editable: (policy) => ({ status: policy.status, title: policy.title, description: policy.description, file_url: policy.file_url, category_id: policy.category?.id ?? null, review_date: policy.review_date }),
  async list({ limit, offset }) {
    const page = await listPoliciesPage({ limit, offset })
    return { items: await toItems(page.policies), total: page.total }
  },
  async read(id) {
    const policy = await getPolicy(id)
    return policy ? toItem(policy) : null
  },
  create: async (values, caller) => toItem(await createPolicy(toSubmission(values), caller)),
  update: async (id, values, caller) => toItem(await updatePolicy(id, toSubmission(values), caller)),
  remove: (id) => deletePolicy(id),
})
