import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import routes from '#app/routes.ts'
import { RESERVED_PAGE_SLUGS } from '#app/domain/page/page-slugs.ts'
import { pageSchema, PAGE_MESSAGES } from '#app/domain/page/page.schema.ts'

interface RouteEntry {
  path?: string
  children?: RouteEntry[]
}

/** The first segment of every route path that is fixed (not `:param`, not `*`), however deep in layouts it is declared. */
function topLevelSegments(entries: readonly RouteEntry[]): string[] {
  return entries.flatMap((entry) => {
    if (entry.path === undefined) return topLevelSegments(entry.children ?? [])
    const first = entry.path.split('/')[0] ?? ''
    return first && !first.startsWith(':') && first !== '*' ? [first] : []
  })
}

describe('reserved page slugs', () => {
  test('every fixed top-level route segment is reserved', () => {
    const segments = [...new Set(topLevelSegments(routes))]
    expect(segments).toEqual(expect.arrayContaining(['gallery', 'blogs', 'admin', 'api', 'files', 'share-images', 'sitemap.xml', 'robots.txt', 'calendar.ics', 'preview', 'auth']))
    for (const segment of segments) expect(RESERVED_PAGE_SLUGS.has(segment), segment).toBe(true)
  })

  test('every file and folder served from public/, and the built assets, are reserved', () => {
    for (const name of [...readdirSync('public'), 'assets']) expect(RESERVED_PAGE_SLUGS.has(name), name).toBe(true)
  })

  test('the probes the server answers before the app are reserved, and the form refuses them', () => {
    const probes = [...readFileSync('server/health.ts', 'utf8').matchAll(/router\.get\('\/([^'/]+)'/g)].map((match) => match[1]!)
    expect(probes).toEqual(['healthz', 'readyz'])
    for (const probe of probes) {
      expect(RESERVED_PAGE_SLUGS.has(probe), probe).toBe(true)
      expect(pageSchema.safeParse({ title: 'Health', slug: probe }).error?.issues[0]?.message).toBe(PAGE_MESSAGES.reservedSlug(probe))
    }
  })

  test('the form refuses a reserved slug with the clear message, and takes an empty one (made from the title)', () => {
    const refused = pageSchema.safeParse({ title: 'Our gallery', slug: 'gallery' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['The address "/gallery" is already used by the site. Choose another slug.'])
    expect(PAGE_MESSAGES.reservedSlug('gallery')).toBe('The address "/gallery" is already used by the site. Choose another slug.')
    expect(pageSchema.safeParse({ title: 'Open days', slug: '' }).success).toBe(true)
    expect(pageSchema.safeParse({ title: 'Open days', slug: 'Open Days' }).error?.issues[0]?.message).toBe(PAGE_MESSAGES.slugFormat)
  })
})
