import { z } from 'zod'
import { config } from '#app/lib/env.server.ts'
import { API_ERROR_STATUS, type ApiErrorCode } from './api-error.ts'
import { API_KEY_RATE_LIMIT } from './api-key-plugin.server.ts'
import type { Collection } from './collection.ts'
import { COLLECTIONS } from './collections.server.ts'
import type { JsonSchema, OpenApiDocument, OpenApiOperation, OpenApiParameter } from './openapi-types.ts'
import { postRevisionItem } from './post-revisions.server.ts'
import { searchResponse } from './search.server.ts'
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './request.server.ts'

export const API_BASE_PATH = '/api/v1'

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema
  return rest
}

const isFileSchema = (schema: JsonSchema) => schema.format === 'binary'

/** The input as a JSON body carries it: file fields can only be null (to remove the file). */
function withoutFiles(schema: JsonSchema): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => {
      if (!property.anyOf?.some(isFileSchema)) return [name, property]
      const { anyOf, ...rest } = property
      const left = anyOf.filter((option) => !isFileSchema(option))
      return [name, left.length === 1 ? { ...rest, ...left[0] } : { ...rest, anyOf: left }]
    }),
  )
  return { ...schema, properties }
}

function hasFiles(schema: JsonSchema) {
  return Object.values(schema.properties ?? {}).some((property) => isFileSchema(property) || Boolean(property.anyOf?.some(isFileSchema)))
}

const partial = ({ required: _, ...schema }: JsonSchema): JsonSchema => schema

const componentName = (collection: Collection) => collection.name.replace(/(^|[-_])(\w)/g, (_, __, letter: string) => letter.toUpperCase())
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })

const ERROR_RESPONSES: Partial<Record<ApiErrorCode, string>> = {
  invalid: 'The input breaks a rule: `fields` names each field at fault.',
  unauthorized: 'No API key, or one that is unknown, revoked or expired.',
  forbidden: "The key's role may not use this collection.",
  not_found: 'No item with this id (or key).',
  conflict: 'The change collides with stored data or a rule that keeps the site whole: a slug already taken, the last admin, the active theme.',
  payload_too_large: 'The body is larger than this collection accepts.',
  rate_limited: 'The key has made too many requests; Retry-After says when to try again.',
}

function errorResponses(...codes: ApiErrorCode[]) {
  return Object.fromEntries(codes.map((code) => [String(API_ERROR_STATUS[code]), { $ref: `#/components/responses/${code}` }]))
}

function requestBody(name: string, json: string, form: string | null) {
  return {
    required: true,
    content: { 'application/json': { schema: ref(json) }, ...(form ? { 'multipart/form-data': { schema: ref(form) } } : {}) },
  }
}

function collectionOperations(collection: Collection, schemas: Record<string, JsonSchema>) {
  const name = componentName(collection)
  const input = jsonSchemaOf(collection.input, 'input')
  const files = hasFiles(input)
  schemas[name] = jsonSchemaOf(collection.item, 'output')
  schemas[`${name}Input`] = withoutFiles(input)
  schemas[`${name}Changes`] = partial(withoutFiles(input))
  if (files) {
    schemas[`${name}InputForm`] = input
    schemas[`${name}ChangesForm`] = partial(input)
  }
  const common = { tags: [collection.name], 'x-minimum-role': collection.minimumRole }
  const key = collection.itemKey ?? { name: 'id', description: 'The item\'s id.' }
  const idParameter: OpenApiParameter = { name: key.name, in: 'path', required: true, description: key.description, schema: { type: 'string' } }
  const filters = jsonSchemaOf(collection.filters, 'input')
  const listParameters: OpenApiParameter[] = [
    { name: 'page', in: 'query', description: 'The page, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
    { name: 'per_page', in: 'query', description: 'Items per page.', schema: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE } },
    ...Object.entries(filters.properties ?? {}).map(([filter, schema]): OpenApiParameter => ({ name: filter, in: 'query', description: schema.description, schema })),
  ]
  const item = { description: `The stored item of ${collection.name}.`, content: { 'application/json': { schema: ref(name) } } }
  const list: OpenApiOperation = {
    ...common,
    operationId: `list_${collection.name}`,
    summary: `List ${collection.title.toLowerCase()}`,
    parameters: listParameters,
    responses: {
      '200': {
        description: 'One page of items and the number of items in all pages.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { data: { type: 'array', items: ref(name) }, page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } },
              required: ['data', 'page', 'per_page', 'total'],
            },
          },
        },
      },
      ...errorResponses('invalid', 'unauthorized', 'forbidden', 'rate_limited'),
    },
  }
  const create: OpenApiOperation = {
    ...common,
    operationId: `create_${collection.name}`,
    summary: `Create one of ${collection.title.toLowerCase()}`,
    requestBody: requestBody(name, `${name}Input`, files ? `${name}InputForm` : null),
    responses: { '201': item, ...errorResponses('invalid', 'unauthorized', 'forbidden', 'conflict', 'payload_too_large', 'rate_limited') },
  }
  const read: OpenApiOperation = {
    ...common,
    operationId: `read_${collection.name}`,
    summary: `Read one of ${collection.title.toLowerCase()}`,
    parameters: [idParameter],
    responses: { '200': item, ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited') },
  }
  const update: OpenApiOperation = {
    ...common,
    operationId: `update_${collection.name}`,
    summary: `Change one of ${collection.title.toLowerCase()}`,
    description: 'Only the fields sent change: they are merged into the stored item, which is then checked as a whole, as the admin form checks it.',
    parameters: [idParameter],
    requestBody: requestBody(name, `${name}Changes`, files ? `${name}ChangesForm` : null),
    responses: { '200': item, ...errorResponses('invalid', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'payload_too_large', 'rate_limited') },
  }
  const remove: OpenApiOperation = {
    ...common,
    operationId: `delete_${collection.name}`,
    summary: `Delete one of ${collection.title.toLowerCase()}`,
    parameters: [idParameter],
    responses: { '204': { description: 'Deleted.' }, ...errorResponses('unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited') },
  }
  return {
    [`/${collection.name}`]: { get: list, ...(collection.create ? { post: create } : {}) },
    [`/${collection.name}/{${key.name}}`]: { get: read, ...(collection.update ? { patch: update } : {}), ...(collection.remove ? { delete: remove } : {}) },
  }
}

/** A post's saved versions and their restore: the one collection with revisions so far. */
function postRevisionOperations(schemas: Record<string, JsonSchema>): OpenApiDocument['paths'] {
  schemas.PostRevision = jsonSchemaOf(postRevisionItem, 'output')
  const common = { tags: ['posts'], 'x-minimum-role': 'editor' }
  const postId: OpenApiParameter = { name: 'id', in: 'path', required: true, description: 'The post\'s id.', schema: { type: 'string' } }
  const revisionId: OpenApiParameter = { name: 'revisionId', in: 'path', required: true, description: 'The revision\'s id, from the list.', schema: { type: 'string' } }
  return {
    '/posts/{id}/revisions': {
      get: {
        ...common,
        operationId: 'list_post_revisions',
        summary: 'List a post\'s saved versions',
        description: 'The last 20 saved versions of the post, newest first (the first is the post as it is now), with who saved each.',
        parameters: [postId],
        responses: {
          '200': {
            description: 'The versions, newest first.',
            content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'array', items: ref('PostRevision') } }, required: ['data'] } } },
          },
          ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
        },
      },
    },
    '/posts/{id}/revisions/{revisionId}/restore': {
      post: {
        ...common,
        operationId: 'restore_post_revision',
        summary: 'Restore a saved version of a post',
        description: 'Puts back the version\'s title, slug, excerpt and content (the cover and the publication stay as they are). The restore is itself a new version.',
        parameters: [postId, revisionId],
        responses: {
          '200': { description: 'The post after the restore.', content: { 'application/json': { schema: ref('Posts') } } },
          ...errorResponses('unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited'),
        },
      },
    },
  }
}

/** The site search: what a visitor finds at /search. */
function searchOperations(schemas: Record<string, JsonSchema>): OpenApiDocument['paths'] {
  schemas.SearchResults = jsonSchemaOf(searchResponse, 'output')
  return {
    '/search': {
      get: {
        operationId: 'search',
        summary: 'Search the site',
        tags: ['search'],
        description: [
          'The published posts, pages, events and policies with every word of `q` (the last word also as the start of a word: `uni` finds `uniform`), those with all the words in the title first, then the most relevant, 10 a page.',
          'Any key may search; every key finds what a visitor finds (no drafts, no posts scheduled for later). Any text is a valid query: characters of search syntax are ignored, a query of none but them finds nothing.',
        ].join('\n\n'),
        parameters: [
          { name: 'q', in: 'query', required: false, description: 'The words to find; cut to 200 characters.', schema: { type: 'string' } },
          { name: 'page', in: 'query', required: false, description: 'Which page of 10 results, from 1 (at most 1000).', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 1 } },
        ],
        responses: {
          '200': { description: 'One page of results, with the total.', content: { 'application/json': { schema: ref('SearchResults') } } },
          ...errorResponses('invalid', 'unauthorized', 'rate_limited'),
        },
      },
    },
  }
}

const errorSchema: JsonSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', enum: Object.keys(API_ERROR_STATUS) },
        message: { type: 'string', description: 'Why, in words a member of staff understands.' },
        fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'The message of each field at fault, by field name.' },
      },
      required: ['code', 'message', 'fields'],
    },
  },
  required: ['error'],
}

/** The content API's OpenAPI 3.1 document: every collection's operations, fields, limits and errors. */
export function openApiDocument(): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { Error: errorSchema }
  const paths: OpenApiDocument['paths'] = {
    '/openapi.json': {
      get: {
        operationId: 'openapi',
        summary: 'This document',
        tags: ['reference'],
        security: [],
        responses: { '200': { description: 'The OpenAPI 3.1 document of this API.', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  }
  for (const collection of COLLECTIONS) Object.assign(paths, collectionOperations(collection, schemas))
  Object.assign(paths, postRevisionOperations(schemas))
  Object.assign(paths, searchOperations(schemas))
  const errorMedia = { 'application/json': { schema: ref('Error') } }
  return {
    openapi: '3.1.0',
    info: {
      title: 'School Website content API',
      version: '1',
      description: [
        'Create, read, change and delete the site\'s content from scripts. Every request carries an API key: `Authorization: Bearer <key>`.',
        'A key acts with a role (editor or admin), never above its owner\'s current role.',
        `Each key may make ${API_KEY_RATE_LIMIT.maxRequests} requests in a row; after that it waits until ${API_KEY_RATE_LIMIT.timeWindowMs / 1000} seconds have passed since its last accepted request (429 with Retry-After).`,
        'Errors are `{ "error": { "code", "message", "fields" } }`.',
      ].join('\n\n'),
    },
    servers: [{ url: `${config.publicUrl}${API_BASE_PATH}` }],
    tags: [
      { name: 'reference', description: 'About this API.' },
      ...COLLECTIONS.map((collection) => ({ name: collection.name, description: collection.description })),
      { name: 'search', description: 'The site search: published content, as visitors find it.' },
    ],
    paths,
    components: {
      schemas,
      responses: Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([code, description]) => [code, { description, content: errorMedia }])),
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key made in the back office (API Keys) or with `npm run api-key -- create`.' } },
    },
    security: [{ apiKey: [] }],
  }
}
