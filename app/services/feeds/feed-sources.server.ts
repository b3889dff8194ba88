import { currentAndUpcomingAlerts } from '#app/domain/alert/alert.server.ts'
import { countPublicBlogPosts, listNewestPublicBlogPosts, listPublicBlogPostSlugs } from '#app/domain/blog/blog.server.ts'
import { listPublicAlbumSlugs } from '#app/domain/gallery/gallery.server.ts'
import { pageAddress } from '#app/domain/page/page-address.ts'
import { listPublicPages } from '#app/domain/page/page.server.ts'
import { countPublishedEvents, listEventsEndingSince, listPublishedEventSlugs } from '#app/domain/event/event.server.ts'
import { eventPagePath } from '#app/domain/event/event.ts'
import { listPublicPolicies } from '#app/domain/policy/policy.server.ts'
import { policyPath } from '#app/domain/policy/policy.ts'
import { getSiteShell } from '#app/domain/section/site-shell.server.ts'
import { isStaffDirectoryEnabled } from '#app/domain/staff/staff-directory-setting.server.ts'
import { config } from '#app/lib/env.server.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import type { AlertsFeedInput } from './alerts-rss.ts'
import type { CalendarFeedInput } from './icalendar.ts'
import { blogPostPath } from './feed-paths.ts'
import type { BlogFeedInput } from './blog-feeds.ts'
import type { SitemapEntry } from './sitemap.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** Subscribers keep recent history on their phones, not only what is still to come (decision 005). */
const CALENDAR_HISTORY_DAYS = 90

const PUBLIC_PAGE_PATHS = ['/', '/gallery', '/blogs', '/calendar', '/policies', '/contact']

/** The posts a blog feed carries, newest first: readers poll for what is new, not for the archive (docs/product-rules.md#feeds-and-search-engines). */
export const BLOG_FEED_POSTS = 20

export async function blogFeedInput(now: Date): Promise<BlogFeedInput> {
  const [shell, posts] = await Promise.all([getSiteShell(), listNewestPublicBlogPosts(BLOG_FEED_POSTS, now)])
  return {
    siteUrl: config.publicUrl,
    schoolName: shell.title,
    description: shell.description || `News from ${shell.title}`,
    posts,
    now,
  }
}

/** The feed of every category, or of one (`category` named: its name follows the school's). */
export async function calendarFeedInput(now: Date, category?: { id: string; name: string }): Promise<CalendarFeedInput> {
  const timeZone = await siteTimeZone()
  const [shell, events] = await Promise.all([
    getSiteShell(),
    listEventsEndingSince(new Date(now.getTime() - CALENDAR_HISTORY_DAYS * DAY_MS), category?.id, timeZone),
  ])
  const calendarName = category ? `${shell.title}: ${category.name}` : shell.title
  return { siteUrl: config.publicUrl, calendarName, timeZone, events, now }
}

/**
 * The most addresses one sitemap file lists. sitemaps.org allows 50,000; a tenth of that keeps each request's
 * reading and writing small however long the school has been posting.
 */
export const SITEMAP_URLS_PER_FILE = 5_000

/** The sitemap files at /sitemaps/{kind}-{n}.xml, each kind read a file at a time (docs/product-rules.md#feeds-and-search-engines). */
interface SitemapKind {
  count(now: Date): Promise<number>
  entries(now: Date, offset: number, limit: number): Promise<SitemapEntry[]>
}

/** Kinds a school has few of (screens, its own pages, albums, policies): read whole, then cut to the file asked for. */
function smallKind(read: (now: Date) => Promise<SitemapEntry[]>): SitemapKind {
  return {
    count: async (now) => (await read(now)).length,
    entries: async (now, offset, limit) => (await read(now)).slice(offset, offset + limit),
  }
}

const SITEMAP_KINDS = {
  /** Every public screen, the staff directory only while it is shown. */
  screens: smallKind(async () => [...PUBLIC_PAGE_PATHS.map((path) => ({ path })), ...((await isStaffDirectoryEnabled()) ? [{ path: '/staff' }] : [])]),
  /** Each published page of the school's own, with its last change. */
  pages: smallKind(async (now) => (await listPublicPages(now)).map((page) => ({ path: pageAddress(page), lastModified: page.updatedAt }))),
  /** Each post, newest first, with its last change. */
  posts: {
    count: countPublicBlogPosts,
    entries: async (now, offset, limit) => (await listPublicBlogPostSlugs(now, offset, limit)).map((post) => ({ path: blogPostPath(post.slug), lastModified: post.updatedAt })),
  },
  /** Each published event's page. */
  events: {
    count: () => countPublishedEvents(),
    entries: async (_now, offset, limit) => (await listPublishedEventSlugs(offset, limit)).map((event) => ({ path: eventPagePath(event.slug) })),
  },
  /** Each published album with photos. */
  albums: smallKind(async () => (await listPublicAlbumSlugs()).map((slug) => ({ path: `/gallery/${slug}` }))),
  /** Each published policy's page, with its last change. */
  policies: smallKind(async () => (await listPublicPolicies()).map((policy) => ({ path: policyPath(policy.slug), lastModified: policy.updatedAt }))),
} satisfies Record<string, SitemapKind>

type SitemapKindName = keyof typeof SITEMAP_KINDS

const sitemapFilePath = (kind: SitemapKindName, number: number) => `/sitemaps/${kind}-${number}.xml`

/**
 * The paths of the site's sitemap files, for the index at /sitemap.xml: as many files of each kind as its
 * addresses fill (none for a kind without any).
 */
export async function sitemapFilePaths(now: Date = new Date(), perFile = SITEMAP_URLS_PER_FILE): Promise<string[]> {
  const kinds = Object.keys(SITEMAP_KINDS) as SitemapKindName[]
  const counts = await Promise.all(kinds.map((kind) => SITEMAP_KINDS[kind].count(now)))
  return kinds.flatMap((kind, at) => Array.from({ length: Math.ceil(counts[at]! / perFile) }, (_, n) => sitemapFilePath(kind, n + 1)))
}

/** The addresses of one sitemap file, named as in the index ('posts-2.xml'), or null when the site has no such file. */
export async function sitemapFileEntries(file: string, now: Date = new Date(), perFile = SITEMAP_URLS_PER_FILE): Promise<SitemapEntry[] | null> {
  const match = /^([a-z]+)-([1-9][0-9]{0,5})\.xml$/.exec(file)
  if (!match || !Object.hasOwn(SITEMAP_KINDS, match[1]!)) return null
  const entries = await SITEMAP_KINDS[match[1] as SitemapKindName].entries(now, (Number(match[2]) - 1) * perFile, perFile)
  return entries.length ? entries : null
}

/** Every address of every sitemap file, in the index's order. */
export async function sitemapEntries(now: Date = new Date(), perFile = SITEMAP_URLS_PER_FILE): Promise<SitemapEntry[]> {
  const files = await Promise.all((await sitemapFilePaths(now, perFile)).map((path) => sitemapFileEntries(path.slice('/sitemaps/'.length), now, perFile)))
  return files.flatMap((entries) => entries ?? [])
}

export async function alertsFeedInput(now: Date): Promise<AlertsFeedInput> {
  const [shell, alerts, timeZone] = await Promise.all([getSiteShell(), currentAndUpcomingAlerts(now), siteTimeZone()])
  return { siteUrl: config.publicUrl, schoolName: shell.title, timeZone, alerts, now }
}
