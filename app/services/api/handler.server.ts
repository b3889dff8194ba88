import { DomainError, isDomainError } from '#app/lib/errors/domain-error.ts'
import { ApiError, API_MESSAGES, responseForError } from './api-error.server.ts'
import { authorizedCaller } from './authenticate.server.ts'
import { collectionMethods, itemMethods, type Collection } from './collection.ts'
import { findCollection } from './collections.server.ts'
import { changedFields, checkedInput, listQuery, readBody } from './request.server.ts'

export const NO_STORE = { 'Cache-Control': 'no-store' }

/** Runs one API request; whatever it throws becomes the API's error answer. */
export async function answerApi(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work()
  } catch (error) {
    return responseForError(error)
  }
}

function collectionNamed(name: string | undefined): Collection {
  const collection = name ? findCollection(name) : undefined
  if (!collection) throw new ApiError('not_found', API_MESSAGES.notFound)
  return collection
}

export function methodNotAllowed(method: string, allowed: string[]): never {
  throw new ApiError('method_not_allowed', `The method ${method} is not allowed here. Allowed: ${allowed.join(', ')}.`, { Allow: allowed.join(', ') })
}

/** A domain refusal names the domain's fields (`coverFile`); the API answers with its own (`cover_image`). */
async function withApiFieldNames<T>(collection: Collection, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation()
  } catch (error) {
    const names = collection.domainFieldNames
    if (!isDomainError(error) || !names) throw error
    const apiName = typeof names === 'function' ? names : (field: string) => names[field] ?? field
    const fields = Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [apiName(field), message]))
    throw new DomainError(error.code, error.message, fields, error.retryAfterSeconds)
  }
}

/** Items leave through the collection's item schema: the answer has exactly the documented fields. */
function itemOf(collection: Collection, item: unknown) {
  return collection.item.parse(item)
}

async function storedItem(collection: Collection, id: string) {
  const item = await collection.read(id)
  if (!item) throw DomainError.notFound(`No item of ${collection.name} has the ${collection.itemKey?.name ?? 'id'} ${id}.`)
  return item
}

/** `/api/v1/{collection}`: GET lists a page, POST creates (201 with the stored item). */
export function answerCollection(request: Request, name: string | undefined): Promise<Response> {
  return answerApi(async () => {
    const collection = collectionNamed(name)
    if (request.method === 'GET' || request.method === 'HEAD') {
      await authorizedCaller(request, collection)
      const { page, perPage, filters } = listQuery(new URL(request.url), collection)
      const result = await collection.list({ limit: perPage, offset: (page - 1) * perPage, filters })
      return Response.json({ data: result.items.map((item) => itemOf(collection, item)), page, per_page: perPage, total: result.total }, { headers: NO_STORE })
    }
    const create = collection.create
    if (request.method === 'POST' && create) {
      const caller = await authorizedCaller(request, collection)
      const values = checkedInput(collection, changedFields(await readBody(request, collection), collection))
      const created = await withApiFieldNames(collection, () => create(values, caller))
      return Response.json(itemOf(collection, created), { status: 201, headers: NO_STORE })
    }
    return methodNotAllowed(request.method, collectionMethods(collection))
  })
}

/** `/api/v1/{collection}/{id}`: GET reads, PATCH changes the fields sent (200 with the stored item), DELETE removes (204). */
export function answerItem(request: Request, name: string | undefined, id: string): Promise<Response> {
  return answerApi(async () => {
    const collection = collectionNamed(name)
    if (request.method === 'GET' || request.method === 'HEAD') {
      await authorizedCaller(request, collection)
      return Response.json(itemOf(collection, await storedItem(collection, id)), { headers: NO_STORE })
    }
    const { update, remove } = collection
    if (request.method === 'PATCH' && update) {
      const caller = await authorizedCaller(request, collection)
      const body = await readBody(request, collection)
      const stored = await storedItem(collection, id)
      const values = checkedInput(collection, { ...collection.editable(stored), ...changedFields(body, collection, stored) })
      const updated = await withApiFieldNames(collection, () => update(id, values, caller))
      return Response.json(itemOf(collection, updated), { headers: NO_STORE })
    }
    if (request.method === 'DELETE' && remove) {
      const caller = await authorizedCaller(request, collection)
      await withApiFieldNames(collection, () => remove(id, caller))
      return new Response(null, { status: 204, headers: NO_STORE })
    }
    return methodNotAllowed(request.method, itemMethods(collection))
  })
}

/** Any other path under `/api/v1`. */
export function answerUnknownPath(): Response {
  return responseForError(new ApiError('not_found', API_MESSAGES.notFound))
}
