import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import type { FieldErrors } from '#app/lib/action-result.ts'
import { NOT_A_FORM } from '#app/lib/action.server.ts'
import { BODY_LIMITS } from '#app/lib/body-limits.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { FormLimitError, readForm } from '#app/lib/form-data.server.ts'
import type { Collection } from './collection.ts'

export const DEFAULT_PER_PAGE = 20
export const MAX_PER_PAGE = 100

export const REQUEST_MESSAGES = {
  notJson: 'The body is not valid JSON.',
  notAnObject: 'The body must be a JSON object.',
  unsupportedBody: 'Send the body as JSON (Content-Type: application/json) or as multipart/form-data.',
  unknownField: (name: string) => `${name} is not a field of this collection`,
  readOnlyField: (name: string) => `${name} cannot be changed`,
  unknownParameter: (name: string) => `${name} is not a parameter of this list`,
  repeatedField: (name: string) => `${name} may be sent only once`,
} as const

const pagination = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').default(1),
  per_page: z.coerce
    .number({ error: `per_page must be a whole number from 1 to ${MAX_PER_PAGE}` })
    .int(`per_page must be a whole number from 1 to ${MAX_PER_PAGE}`)
    .min(1, `per_page must be a whole number from 1 to ${MAX_PER_PAGE}`)
    .max(MAX_PER_PAGE, `per_page must be a whole number from 1 to ${MAX_PER_PAGE}`)
    .default(DEFAULT_PER_PAGE),
})

function refuseFields(fields: FieldErrors): never {
  throw DomainError.invalid(Object.values(fields)[0] ?? 'Invalid input', fields)
}

function parsed<Schema extends z.ZodType>(schema: Schema, values: unknown): z.output<Schema> {
  const result = schema.safeParse(values)
  if (result.success) return result.data
  const fields: FieldErrors = {}
  for (const issue of result.error.issues) fields[issue.path.map(String).join('.') || 'query'] ??= issue.message
  return refuseFields(fields)
}

/** `?page`, `?per_page` and the collection's filters; an unknown parameter is refused, so a misspelt filter does not list everything. */
export function listQuery(url: URL, collection: Collection) {
  const values = Object.fromEntries(url.searchParams)
  const known = new Set([...Object.keys(pagination.shape), ...Object.keys(collection.filters.shape)])
  const unknown = Object.keys(values).filter((name) => !known.has(name))
  if (unknown.length) refuseFields(Object.fromEntries(unknown.map((name) => [name, REQUEST_MESSAGES.unknownParameter(name)])))
  const { page, per_page } = parsed(pagination, values)
  const filters = parsed(collection.filters, Object.fromEntries(Object.entries(values).filter(([name]) => !(name in pagination.shape))))
  return { page, perPage: per_page, filters }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A write's body as field values: a JSON object, or a multipart form (text fields and files) within the collection's limits. */
export async function readBody(request: Request, collection: Collection): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? ''
  if (/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    let body: unknown
    try {
      body = await request.json()
    } catch {
      throw DomainError.invalid(REQUEST_MESSAGES.notJson)
    }
    if (!isPlainObject(body)) throw DomainError.invalid(REQUEST_MESSAGES.notAnObject)
    return body
  }
  if (/^multipart\/form-data\b/i.test(type)) {
    let form: FormData
    try {
      form = await readForm(request, BODY_LIMITS[collection.bodyLimit ?? 'staffForm'])
    } catch (error) {
      throw DomainError.invalid(error instanceof FormLimitError ? error.message : NOT_A_FORM)
    }
    // Every field holds one value: a second one under the same name would be dropped unseen.
    const repeated = [...new Set([...form.keys()].filter((name) => form.getAll(name).length > 1))]
    if (repeated.length) refuseFields(Object.fromEntries(repeated.map((name) => [name, REQUEST_MESSAGES.repeatedField(name)])))
    return Object.fromEntries(form)
  }
  throw DomainError.invalid(REQUEST_MESSAGES.unsupportedBody)
}

/**
 * The fields a write changes. A field the input does not have is refused:
 * unknown, or read-only (`id`, `published_at`…). For an update, a field
 * sent with the stored value changes nothing and is left out, so an item
 * read, changed and sent back whole is accepted.
 */
export function changedFields(body: Record<string, unknown>, collection: Collection, stored?: Record<string, unknown>): Record<string, unknown> {
  const changes: Record<string, unknown> = {}
  const refused: FieldErrors = {}
  for (const [name, value] of Object.entries(body)) {
    if (stored && Object.hasOwn(stored, name) && isDeepStrictEqual(value, stored[name])) continue
    if (Object.hasOwn(collection.input.shape, name)) changes[name] = value
    else refused[name] = Object.hasOwn(collection.item.shape, name) ? REQUEST_MESSAGES.readOnlyField(name) : REQUEST_MESSAGES.unknownField(name)
  }
  if (Object.keys(refused).length) refuseFields(refused)
  return changes
}

/** Checks a write's values with the collection's input schema (the form's own field rules). */
export function checkedInput(collection: Collection, values: Record<string, unknown>) {
  return parsed(collection.input, values)
}
