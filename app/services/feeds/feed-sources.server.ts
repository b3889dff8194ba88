import { currentAndUpcomingAlerts } from '#app/domain/alert/alert.server.ts'
import { listPublicBlogPosts } from '#app/domain/blog/blog.server.ts'
import { listPublicAlbumSlugs } from '#app/domain/gallery/gallery.server.ts'
import { pageAddress } from '#app/domain/page/page-address.ts'
import { listPublicPages } from '#app/domain/page/page.server.ts'
import { listEventsEndingSince, listPublishedEventSlugs } from '#app/domain/event/event.server.ts'
import { eventPagePath } from '#app/domain/event/event.ts'
import { listPublicPolicies } from '#app/domain/policy/policy.server.ts'
import { policyPath } from '#app/domain/policy/policy.ts'
import { getSiteShell } from '#app/domain/section/site-shell.server.ts'
import { isStaffDirectoryEnabled } from '#app/domain/staff/staff-directory-setting.server.ts'
import { config } from '#app/lib/env.server.ts'
import type { AlertsFeedInput } from './alerts-rss.ts'
import type { CalendarFeedInput } from './icalendar.ts'
import { blogPostPath } from './feed-paths.ts'
import type { BlogFeedInput } from './blog-feeds.ts'
import type { SitemapEntry } from './sitemap.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** Subscribers keep recent history on their phones, not only what is still to come (decision 005). */
const CALENDAR_HISTORY_DAYS = 90

const PUBLIC_PAGE_PATHS = ['/', '/gallery', '/blogs', '/calendar', '/policies', '/contact']

export async function blogFeedInput(now: Date): Promise<BlogFeedInput> {
  const [shell, posts] = await Promise.all([getSiteShell(), listPublicBlogPosts(now)])
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
  const [shell, events] = await Promise.all([
    getSiteShell(),
    listEventsEndingSince(new Date(now.getTime() - CALENDAR_HISTORY_DAYS * DAY_MS), category?.id),
  ])
  const calendarName = category ? `${shell.title}: ${category.name}` : shell.title
  return { siteUrl: config.publicUrl, calendarName, timeZone: config.timeZone, events, now }
}

/** Every public screen (the staff directory only while it is shown), each blog post, each of the school's own pages and each published policy, with the time it last changed. */
export async function sitemapEntries(now: Date = new Date()): Promise<SitemapEntry[]> {
  const [posts, pages, staffDirectory, events, albums, policies] = await Promise.all([listPublicBlogPosts(now), listPublicPages(now), isStaffDirectoryEnabled(), listPublishedEventSlugs(), listPublicAlbumSlugs(), listPublicPolicies()])
  return [
    ...PUBLIC_PAGE_PATHS.map((path) => ({ path })),
    ...(staffDirectory ? [{ path: '/staff' }] : []),
    ...posts.map((post) => ({ path: blogPostPath(post.slug), lastModified: post.updatedAt })),
    ...pages.map((page) => ({ path: pageAddress(page), lastModified: page.updatedAt })),
    ...events.map((event) => ({ path: eventPagePath(event.slug) })),
    ...albums.map((slug) => ({ path: `/gallery/${slug}` })),
    ...policies.map((policy) => ({ path: policyPath(policy.slug), lastModified: policy.updatedAt })),
  ]
}

export async function alertsFeedInput(now: Date): Promise<AlertsFeedInput> {
  const [shell, alerts] = await Promise.all([getSiteShell(), currentAndUpcomingAlerts(now)])
  return { siteUrl: config.publicUrl, schoolName: shell.title, timeZone: config.timeZone, alerts, now }
}
