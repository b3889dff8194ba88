import type { z } from 'zod'
import type { Role } from '#db/tables/people.ts'
import type { BodyLimitName } from '#app/lib/body-limits.ts'

/** Who makes an API request: the key, its owner and the role it acts with. */
export interface ApiCaller {
  keyId: string
  userId: string
  role: Role
}

export interface ListQuery<Filters> {
  limit: number
  offset: number
  filters: Filters
}

export interface Page<Item> {
  items: Item[]
  total: number
}

/**
 * One collection of the content API, `/api/v1/{name}`: its fields in
 * snake_case, as the data model names its columns, and the domain
 * operations behind it. The API adds no rules of its own: writes go through
 * the same domain operations as the admin forms, and `input` is built from
 * the form schema's own field rules, so the messages are the same too.
 */
export interface Collection<
  ItemSchema extends z.ZodObject = z.ZodObject,
  InputSchema extends z.ZodObject = z.ZodObject,
  FilterSchema extends z.ZodObject = z.ZodObject,
> {
  /** The path segment: `/api/v1/posts`. */
  name: string
  /** For the reference: "Blog posts". */
  title: string
  description: string
  /** The smallest role a key must act with, for every operation. */
  minimumRole: Role
  /** The body limit of a write by a key with that role; plain forms without files by default. */
  bodyLimit?: BodyLimitName
  /** A stored item, as every answer gives it. */
  item: ItemSchema
  /** What a write sends: all of it for POST; for PATCH, the fields sent, merged into the stored item's. */
  input: InputSchema
  /** List filters, from the query string. */
  filters: FilterSchema
  /** What names one item in its path, `/api/v1/{name}/{id}`: `id` by default; sections are named by `key`. */
  itemKey?: { name: string; description: string }
  /**
   * The domain's field names that differ from this API's, for field errors:
   * a map (`coverFile` → `cover_image`) or a function (sections name a field
   * by its path in the content, `slides.0.title` → `content.slides.0.title`).
   */
  domainFieldNames?: Record<string, string> | ((field: string) => string)
  /** The stored item's values as input, for merging a partial update into. */
  editable(item: z.output<ItemSchema>): Partial<z.input<InputSchema>>
  list(query: ListQuery<z.output<FilterSchema>>): Promise<Page<z.output<ItemSchema>>>
  read(id: string): Promise<z.output<ItemSchema> | null>
  /** A collection without one of these answers its method with 405 (sections cannot be created or deleted). */
  create?: (input: z.output<InputSchema>, caller: ApiCaller) => Promise<z.output<ItemSchema>>
  update?: (id: string, input: z.output<InputSchema>, caller: ApiCaller) => Promise<z.output<ItemSchema>>
  remove?: (id: string, caller: ApiCaller) => Promise<void>
}

/** Checks a collection's definition against the type, keeping its own schema types for its functions. */
export function defineCollection<ItemSchema extends z.ZodObject, InputSchema extends z.ZodObject, FilterSchema extends z.ZodObject>(
  collection: Collection<ItemSchema, InputSchema, FilterSchema>,
): Collection<ItemSchema, InputSchema, FilterSchema> {
  return collection
}

/** The methods `/api/v1/{collection}` answers. */
export function collectionMethods(collection: Collection): string[] {
  return ['GET', ...(collection.create ? ['POST'] : [])]
}

/** The methods `/api/v1/{collection}/{id}` answers. */
export function itemMethods(collection: Collection): string[] {
  return ['GET', ...(collection.update ? ['PATCH'] : []), ...(collection.remove ? ['DELETE'] : [])]
}
