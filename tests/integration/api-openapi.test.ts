import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, test } from 'vitest'
import { answerCollection, answerItem } from '#app/services/api/handler.server.ts'
import { COLLECTIONS } from '#app/services/api/collections.server.ts'
import { openApiDocument } from '#app/services/api/openapi.server.ts'
import routes from '#app/routes.ts'
import { loader as openApiRoute } from '#app/routes/api/v1/openapi.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

interface RouteEntry {
  path?: string
  children?: RouteEntry[]
}

/** The API's paths as app/routes.ts registers them, each collection's filled in, in the document's form. */
function registeredApiPaths(): string[] {
  const all = (entries: RouteEntry[]): string[] => entries.flatMap((entry) => [entry.path ?? '', ...all(entry.children ?? [])])
  return all(routes as RouteEntry[])
    .filter((path) => path.startsWith('api/v1/') && !path.endsWith('*'))
    .flatMap((path) => {
      const relative = path.slice('api/v1'.length)
      if (!relative.includes(':collection')) return [relative.replace(/:(\w+)/g, '{$1}')]
      return COLLECTIONS.map((collection) => relative.replace(':collection', collection.name).replace(':id', `{${collection.itemKey?.name ?? 'id'}}`))
    })
    .sort()
}

const METHODS = ['get', 'post', 'patch', 'delete', 'put'] as const

describe(`the OpenAPI document on ${database.engine}`, () => {
  test('is valid OpenAPI 3.1', async () => {
    const document = openApiDocument()
    expect(document.openapi).toBe('3.1.0')
    const result = await validate(structuredClone(document) as unknown as Parameters<typeof validate>[0])
    expect(result.valid ? '' : compileErrors(result)).toBe('')
  })

  test('names every route of the API, with exactly the methods each answers', async () => {
    const document = openApiDocument()
    expect(Object.keys(document.paths).sort()).toEqual(registeredApiPaths())
    for (const collection of COLLECTIONS) {
      for (const [path, answer] of [
        [`/${collection.name}`, (request: Request) => answerCollection(request, collection.name)],
        [`/${collection.name}/{${collection.itemKey?.name ?? 'id'}}`, (request: Request) => answerItem(request, collection.name, 'some-id')],
      ] as const) {
        for (const method of METHODS) {
          const response = await answer(new Request(`http://localhost:3000/api/v1${path.replace(/\{\w+\}/, 'some-id')}`, { method: method.toUpperCase() }))
          // Without a key, a method the API answers asks for one; any other is 405.
          expect([method, response.status]).toEqual([method, method in (document.paths[path] ?? {}) ? 401 : 405])
        }
      }
    }
  })

  test('documents each field with its type and limits, from the form\'s own rules', () => {
    const { schemas } = openApiDocument().components
    expect(schemas.PostsInput).toMatchObject({
      required: ['title', 'slug', 'content'],
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 200 },
        slug: { type: 'string', maxLength: 100, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
        excerpt: { type: ['string', 'null'], maxLength: 500 },
        content: { type: 'string', maxLength: 100_000 },
        cover_image: { type: 'null' },
      },
    })
    expect(schemas.PostsInputForm?.properties?.cover_image?.anyOf).toContainEqual(expect.objectContaining({ format: 'binary' }))
    expect(Object.keys(schemas.Posts?.properties ?? {})).toEqual(['id', 'title', 'slug', 'excerpt', 'content', 'cover_image', 'cover_alt', 'cover_decorative', 'cover_focal_x', 'cover_focal_y', 'status', 'published_at', 'updated_at'])
  })

  test('is served at /api/v1/openapi.json without a key', async () => {
    const response = openApiRoute()
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())))
  })
})
