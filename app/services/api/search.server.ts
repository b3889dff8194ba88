import { z } from 'zod'
import { searchSite } from '#app/domain/search/search.server.ts'
import { SEARCH_LIMITS } from '#app/domain/search/search.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { ApiError, API_MESSAGES } from './api-error.server.ts'
import { verifyApiKey } from './api-keys.server.ts'
import { bearerKey } from './authenticate.server.ts'
import { timestamp } from './fields.ts'
import { answerApi, methodNotAllowed, NO_STORE } from './handler.server.ts'

const PAGE_MESSAGE = 'page must be a whole number from 1'

/** `?q` (any text: cut to 200 characters, never an error) and `?page`; nothing else. */
const searchParameters = z.strictObject({
  q: z.string().default(''),
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(1000, 'page must be at most 1000').default(1),
})

/** One result of `/api/v1/search`. */
export const searchResultItem = z.object({
  type: z.enum(['post', 'page', 'event', 'policy']).meta({ description: 'What the result is.' }),
  id: z.string().meta({ description: "The item's id in its collection (posts, events, policies); pages have no collection yet." }),
  title: z.string(),
  url: z.string().meta({ description: 'Where a visitor reads it on the site, a path: /blogs/{slug}, /{page}, /calendar or /policies.' }),
  published_at: timestamp('A post\'s or page\'s publication, an event\'s start; null for a policy.').nullable(),
  snippet: z
    .array(z.object({ text: z.string(), highlighted: z.boolean() }))
    .meta({ description: 'Words of the text around the matches, in parts: the highlighted parts are the matched words. Plain text, never HTML.' }),
})

export const searchResponse = z.object({
  query: z.string().meta({ description: 'The query as searched: trimmed and cut to 200 characters.' }),
  data: z.array(searchResultItem),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int().meta({ description: 'Results in all pages.' }),
  more: z.boolean().meta({ description: `True when more documents match than are ranked: a search ranks at most its ${SEARCH_LIMITS.ranked.toLocaleString('en')} newest matches (and its ${SEARCH_LIMITS.titled} newest with every word in the title), and total is then ${SEARCH_LIMITS.ranked.toLocaleString('en')}.` }),
})

const TYPE_NAMES = { blogs: 'post', pages: 'page', events: 'event', policies: 'policy' } as const

/**
 * `/api/v1/search`: the site search of /search, with any valid key. It finds
 * what a visitor finds, published content only, whatever the key's role.
 */
export function answerSearch(request: Request): Promise<Response> {
  return answerApi(async () => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(request.method, ['GET'])
    const key = bearerKey(request.headers)
    if (!key) throw new ApiError('unauthorized', API_MESSAGES.keyRequired, { 'WWW-Authenticate': 'Bearer' })
    await verifyApiKey(key)
    const parsed = searchParameters.safeParse(Object.fromEntries(new URL(request.url).searchParams))
    if (!parsed.success) {
      const fields: Record<string, string> = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String).join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'query')
        fields[field] ??= issue.code === 'unrecognized_keys' ? `${issue.keys.join(', ')}: no such parameter (use q and page)` : issue.message
      }
      throw DomainError.invalid(Object.values(fields)[0] ?? 'Invalid query', fields)
    }
    const search = await searchSite({ query: parsed.data.q, page: parsed.data.page })
    const body = searchResponse.parse({
      query: search.query,
      data: search.results.map((result) => ({ type: TYPE_NAMES[result.type], id: result.id, title: result.title, url: result.url, published_at: result.date, snippet: result.snippet })),
      page: search.page,
      per_page: SEARCH_LIMITS.perPage,
      total: search.total,
      more: search.more,
    })
    return Response.json(body, { headers: NO_STORE })
  })
}
