import { afterEach, describe, expect, test } from 'vitest'
import { createBlogPost, deleteBlogPost, listBlogRevisions, restoreBlogRevision, suggestBlogPostSlug, updateBlogPost, type BlogSubmission } from '#app/domain/blog/blog-admin.server.ts'
import { BLOG_MESSAGES, slugify } from '#app/domain/blog/blog.schema.ts'
import { listBlogPostsForAdmin } from '#app/domain/blog/blog-admin-list.server.ts'
import { getPublicBlogPostBySlug, listPublicBlogPosts, listPublicBlogPostsPage } from '#app/domain/blog/blog.server.ts'
import { createEvent, listEventsForAdmin, updateEvent } from '#app/domain/event/event-admin.server.ts'
import { listUpcomingEvents } from '#app/domain/event/event.server.ts'
import { createPolicy, updatePolicy } from '#app/domain/policy/policy-admin.server.ts'
import { listPoliciesForAdmin } from '#app/domain/policy/policy-admin-list.server.ts'
import { listPublicPolicies } from '#app/domain/policy/policy.server.ts'
import { startGoLiveAnnouncements, type GoLiveAnnouncements } from '#app/domain/publishing/go-live.server.ts'
import { REVISIONS_KEPT } from '#app/domain/publishing/revisions.server.ts'
import { PUBLICATION_MESSAGES } from '#app/domain/publishing/publication.ts'
import { createLocalChangeFeed, type Change } from '#app/lib/change-feed.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { isDomainError } from '#app/lib/errors/domain-error.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import { loader as blogPostLoader } from '#app/routes/site/blog-post.tsx'
import { blogFeedInput, calendarFeedInput, sitemapEntries } from '#app/services/feeds/feed-sources.server.ts'
import { newId } from '#db/portable.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { answerPostRevisions, answerRestorePostRevision } from '#app/services/api/post-revisions.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser, requestWithCookie } from '#tests/setup/users.ts'
import { action as previewAction, loader as previewLoader } from '#app/routes/site/post-preview.tsx'
import { action as pagePreviewAction } from '#app/routes/site/page-preview.tsx'
import { createPage } from '#app/domain/page/page-admin.server.ts'
import { loader as sharedPreviewLoader } from '#app/routes/site/shared-preview.tsx'
import { findPreviewLink, PREVIEW_LINK_DAYS } from '#app/services/publishing/preview-links.server.ts'

const database = prepareTestDatabase()

const HOUR_MS = 60 * 60 * 1000
/** A wall-clock time of the school's zone, as the form and the domain take it. */
const wallClockIn = (ms: number) => utcToZonedTime(new Date(Date.now() + ms).toISOString(), config.timeZone)

function submission(overrides: Partial<BlogSubmission> = {}): BlogSubmission {
  return {
    title: 'Sports Day',
    slug: `sports-day-${newId().slice(0, 8)}`,
    excerpt: null,
    content: '<p>Races on the field.</p>',
    removeCover: false,
    coverFile: null,
    ...overrides,
  }
}

/** Where a visitor could meet the post at `now`: the list, its page, the RSS feed, the sitemap. */
async function publicPlaces(slug: string, now: Date) {
  const [list, page, feed, sitemap] = await Promise.all([listPublicBlogPostsPage(1, now), getPublicBlogPostBySlug(slug, now), blogFeedInput(now), sitemapEntries(now)])
  return {
    list: list.posts.some((post) => post.slug === slug),
    page: page !== null,
    feed: feed.posts.some((post) => post.slug === slug),
    sitemap: sitemap.some((entry) => entry.path === `/blogs/${slug}`),
  }
}

const NOWHERE = { list: false, page: false, feed: false, sitemap: false }
const EVERYWHERE = { list: true, page: true, feed: true, sitemap: true }

async function refusal(work: Promise<unknown>) {
  const error: unknown = await work.then(() => null, (thrown: unknown) => thrown)
  return isDomainError(error) ? { code: error.code, fields: error.fields } : error
}

describe(`publishing posts on ${database.engine}`, () => {
  test('a draft is stored and listed for staff, and appears nowhere public; publishing it puts it everywhere at once, dated now', async () => {
    const draft = await createBlogPost(submission({ publication: { state: 'draft' } }))
    expect(draft.status).toBe('draft')
    expect((await listBlogPostsForAdmin({ filter: 'draft', search: draft.title })).posts.map((post) => post.id)).toContain(draft.id)
    expect(await publicPlaces(draft.slug, new Date())).toEqual(NOWHERE)
    const loaded = (await blogPostLoader({ params: { slug: draft.slug } } as never)) as { init?: { status?: number } }
    expect(loaded.init?.status).toBe(404)

    const before = Date.now()
    const published = await updateBlogPost(draft.id, submission({ slug: draft.slug, publication: { state: 'published' } }))
    expect(published.status).toBe('published')
    expect(new Date(published.publishedAt).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(await publicPlaces(draft.slug, new Date())).toEqual(EVERYWHERE)
  })

  test('a scheduled post is invisible everywhere public until its time, and visible everywhere after it', async () => {
    const scheduled = await createBlogPost(submission({ publication: { state: 'scheduled', publishAt: wallClockIn(2 * HOUR_MS) } }))
    expect(scheduled.status).toBe('published')
    const goesLive = new Date(scheduled.publishedAt)
    expect(goesLive.getTime()).toBeGreaterThan(Date.now() + HOUR_MS)
    expect(await publicPlaces(scheduled.slug, new Date())).toEqual(NOWHERE)
    expect(await publicPlaces(scheduled.slug, new Date(goesLive.getTime() - 1000))).toEqual(NOWHERE)
    expect(await publicPlaces(scheduled.slug, goesLive)).toEqual(EVERYWHERE)
    expect(await publicPlaces(scheduled.slug, new Date(goesLive.getTime() + HOUR_MS))).toEqual(EVERYWHERE)
  })

  test('scheduling needs a time ahead; a publish time may be in the past (backdating); an edit without a change keeps both', async () => {
    expect(await refusal(createBlogPost(submission({ publication: { state: 'scheduled', publishAt: wallClockIn(-HOUR_MS) } })))).toEqual({
      code: 'invalid',
      fields: { publishedAt: PUBLICATION_MESSAGES.scheduleInPast },
    })
    expect(await refusal(createBlogPost(submission({ publication: { state: 'scheduled' } })))).toEqual({
      code: 'invalid',
      fields: { publishedAt: PUBLICATION_MESSAGES.scheduleNeedsTime },
    })
    expect(await refusal(createBlogPost(submission({ publication: { state: 'published', publishAt: '2026-02-30T09:00' } })))).toEqual({
      code: 'invalid',
      fields: { publishedAt: PUBLICATION_MESSAGES.invalidTime },
    })

    const backdated = await createBlogPost(submission({ publication: { state: 'published', publishAt: '2025-09-01T08:30' } }))
    expect(utcToZonedTime(backdated.publishedAt, config.timeZone)).toBe('2025-09-01T08:30')
    const edited = await updateBlogPost(backdated.id, submission({ slug: backdated.slug, title: 'Sports Day (results)' }))
    expect(edited).toMatchObject({ status: 'published', publishedAt: backdated.publishedAt, title: 'Sports Day (results)' })
    const list = await listPublicBlogPosts()
    expect(list.findIndex((post) => post.id === backdated.id)).toBeGreaterThan(-1)
  })

  test('an event or a policy saved as a draft is listed for staff only, keeps its status when edited, and shows once published', async () => {
    const event = { title: `Carol Concert ${newId().slice(0, 8)}`, description: null, startDate: wallClockIn(48 * HOUR_MS), endDate: null, imageUrl: null }
    const draftEvent = await createEvent({ ...event, publication: 'draft' })
    expect(draftEvent.status).toBe('draft')
    const publicEvents = async () => {
      const [upcoming, feed] = await Promise.all([listUpcomingEvents(), calendarFeedInput(new Date())])
      return { upcoming: upcoming.some((item) => item.id === draftEvent.id), feed: feed.events.some((item) => item.id === draftEvent.id) }
    }
    expect((await listEventsForAdmin()).map((item) => item.id)).toContain(draftEvent.id)
    expect(await publicEvents()).toEqual({ upcoming: false, feed: false })
    expect(await updateEvent(draftEvent.id, { ...event, title: `${event.title} (choir)` })).toMatchObject({ status: 'draft' })
    expect(await publicEvents()).toEqual({ upcoming: false, feed: false })
    expect(await updateEvent(draftEvent.id, { ...event, publication: 'published' })).toMatchObject({ status: 'published' })
    expect(await publicEvents()).toEqual({ upcoming: true, feed: true })

    const policy = { title: `Uniform ${newId().slice(0, 8)}`, description: null, fileUrl: null }
    const draftPolicy = await createPolicy({ ...policy, publication: 'draft' })
    expect((await listPoliciesForAdmin({ search: policy.title })).policies.map((item) => item.id)).toContain(draftPolicy.id)
    expect((await listPublicPolicies()).map((item) => item.id)).not.toContain(draftPolicy.id)
    await updatePolicy(draftPolicy.id, { ...policy, publication: 'published' })
    expect((await listPublicPolicies()).map((item) => item.id)).toContain(draftPolicy.id)
    await updatePolicy(draftPolicy.id, { ...policy, publication: 'draft' })
    expect((await listPublicPolicies()).map((item) => item.id)).not.toContain(draftPolicy.id)
  })

  test('each save keeps a revision with its author; the last 20 are kept; a revision restores the old title and content as a new revision', async () => {
    const author = await createSignedInUser('editor')
    const first = await createBlogPost(submission({ title: 'Sports Day', content: '<p>Races at ten.</p>' }), { authorId: author.userId })
    await updateBlogPost(first.id, submission({ slug: first.slug, title: 'Sports Day moved', content: '<p>Races at two.</p>' }), { authorId: author.userId })
    const revisions = await listBlogRevisions(first.id)
    expect(revisions.map((revision) => revision.snapshot)).toEqual([
      { title: 'Sports Day moved', slug: first.slug, excerpt: null, content: '<p>Races at two.</p>' },
      { title: 'Sports Day', slug: first.slug, excerpt: null, content: '<p>Races at ten.</p>' },
    ])
    expect(revisions[0]!.author).toBe('Test editor')

    const restored = await restoreBlogRevision(first.id, revisions[1]!.id, { authorId: author.userId })
    expect(restored).toMatchObject({ title: 'Sports Day', content: '<p>Races at ten.</p>', status: 'published', publishedAt: first.publishedAt })
    const afterRestore = await listBlogRevisions(first.id)
    expect(afterRestore).toHaveLength(3)
    expect(afterRestore[0]!.snapshot.title).toBe('Sports Day')

    for (let edit = 0; edit < REVISIONS_KEPT + 2; edit++) await updateBlogPost(first.id, submission({ slug: first.slug, title: `Edit ${edit}` }))
    const kept = await listBlogRevisions(first.id)
    expect(kept).toHaveLength(REVISIONS_KEPT)
    expect(kept[0]!).toMatchObject({ author: null, snapshot: { title: `Edit ${REVISIONS_KEPT + 1}` } })

    expect(await refusal(restoreBlogRevision(first.id, 'no-such-revision'))).toEqual({ code: 'not_found', fields: {} })
    const other = await createBlogPost(submission())
    expect(await refusal(restoreBlogRevision(other.id, kept[1]!.id))).toEqual({ code: 'not_found', fields: {} })
    await deleteBlogPost(first.id)
    expect(await db.selectFrom('revisions').select('id').where('subject_id', '=', first.id).execute()).toEqual([])
    expect(await refusal(listBlogRevisions(first.id))).toEqual({ code: 'not_found', fields: {} })
    expect(BLOG_MESSAGES.revisionNotFound).toBe('Revision not found')
  })

  test('a draft\'s preview is for signed-in staff; a shared link shows it to anyone until it expires, and leads to the page once the post is public', async () => {
    const draft = await createBlogPost(submission({ title: 'Head teacher, please approve', publication: { state: 'draft' } }))
    const editor = await createSignedInUser('editor')
    const user = await createSignedInUser('user')
    const previewArgs = (cookie?: string, method = 'GET') =>
      ({ request: requestWithCookie(`/preview/posts/${draft.id}`, cookie, method === 'POST' ? { method, body: new URLSearchParams({ intent: 'share' }) } : { method }), params: { id: draft.id }, context: undefined as never }) as never
    const loaded = (await previewLoader(previewArgs(editor.cookie))) as { post: { title: string }; state: string }
    expect(loaded).toMatchObject({ post: { title: 'Head teacher, please approve' }, state: 'draft' })
    for (const cookie of [undefined, user.cookie]) {
      const refused = await previewLoader(previewArgs(cookie)).then(() => null, (thrown: unknown) => thrown)
      expect(refused instanceof Response && [refused.status, refused.headers.get('location')]).toEqual([302, cookie ? '/admin' : '/auth?error=access_denied'])
    }
    const refusedShare = await previewAction(previewArgs(undefined, 'POST')).then(() => null, (thrown: unknown) => thrown)
    expect(refusedShare instanceof Response && refusedShare.status).toBe(302)

    const shared = (await previewAction(previewArgs(editor.cookie, 'POST'))) as unknown as { ok: true; url: string; expiresAt: string }
    expect(shared).toMatchObject({ ok: true, message: PUBLICATION_MESSAGES.previewLinkCreated, url: expect.stringMatching(/\/preview\/[A-Za-z0-9]{32}$/) })
    const token = shared.url.split('/').pop()!
    expect(new Date(shared.expiresAt).getTime() - Date.now()).toBeGreaterThan((PREVIEW_LINK_DAYS - 0.01) * 24 * HOUR_MS)
    // Only a hash of the token is stored.
    expect(await db.selectFrom('verification').select('id').where('identifier', 'like', `%${token}%`).execute()).toEqual([])

    const sharedArgs = (value: string) => ({ params: { token: value }, request: new Request(`http://localhost:3000/preview/${value}`), context: undefined as never }) as never
    expect(await sharedPreviewLoader(sharedArgs(token))).toMatchObject({ preview: { post: { title: 'Head teacher, please approve' }, state: 'draft' } })
    expect(await findPreviewLink(token, new Date(Date.now() + (PREVIEW_LINK_DAYS + 1) * 24 * HOUR_MS))).toBeNull()
    const unknown = (await sharedPreviewLoader(sharedArgs('A'.repeat(32)))) as { init?: { status?: number } }
    expect(unknown.init?.status).toBe(404)

    await updateBlogPost(draft.id, submission({ slug: draft.slug, publication: { state: 'published' } }))
    const live = await sharedPreviewLoader(sharedArgs(token)).then(() => null, (thrown: unknown) => thrown)
    expect(live instanceof Response && [live.status, live.headers.get('location')]).toEqual([302, `/blogs/${draft.slug}`])

    const expiring = (await previewAction(previewArgs(editor.cookie, 'POST'))) as unknown as { url: string }
    await db.updateTable('verification').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('value', 'like', `%${draft.id}%`).execute()
    const expired = (await sharedPreviewLoader(sharedArgs(expiring.url.split('/').pop()!))) as { init?: { status?: number } }
    expect(expired.init?.status).toBe(404)
  })

  test('the slug proposed for a new post\'s title is one no other post has', async () => {
    const title = `Sports Day ${newId().slice(0, 8)}`
    const base = slugify(title)
    expect(await suggestBlogPostSlug(title)).toBe(base)
    const first = await createBlogPost(submission({ title, slug: base }))
    expect(await suggestBlogPostSlug(title)).toBe(`${base}-2`)
    await createBlogPost(submission({ title, slug: `${base}-2` }))
    expect(await suggestBlogPostSlug(title)).toBe(`${base}-3`)
    // The post being edited does not count against itself.
    expect(await suggestBlogPostSlug(title, first.id)).toBe(base)
    // Posts live under /blogs/: a title that is a site address keeps its slug.
    expect(await suggestBlogPostSlug('Calendar')).toBe('calendar')
  })

  test('Revoke links: every link shared for a post or a page stops working before it expires, and only theirs', async () => {
    const editor = await createSignedInUser('editor')
    const draft = await createBlogPost(submission({ title: 'Sent to the wrong parent', publication: { state: 'draft' } }))
    const other = await createBlogPost(submission({ title: 'Another draft', publication: { state: 'draft' } }))
    const draftPage = await createPage({ title: `Draft page ${newId().slice(0, 8)}`, content: '<p>Soon.</p>', publication: { state: 'draft' } })
    const post = (id: string, intent: string, route: typeof previewAction | typeof pagePreviewAction = previewAction, kind = 'posts') =>
      route({ request: requestWithCookie(`/preview/${kind}/${id}`, editor.cookie, { method: 'POST', body: new URLSearchParams({ intent }) }), params: { id }, context: undefined as never } as never) as Promise<unknown>
    const tokenOf = (answer: unknown) => (answer as { url: string }).url.split('/').pop()!
    const opens = async (token: string) => {
      const answer = (await sharedPreviewLoader({ params: { token }, request: new Request(`http://localhost:3000/preview/${token}`), context: undefined as never } as never)) as { preview?: unknown; init?: { status: number } }
      return answer.init?.status !== 404 && Boolean(answer.preview)
    }
    const staffPreview = async () => (await previewLoader({ request: requestWithCookie(`/preview/posts/${draft.id}`, editor.cookie), params: { id: draft.id }, context: undefined as never } as never)) as { sharedLinks: number }

    expect((await staffPreview()).sharedLinks).toBe(0)
    const first = tokenOf(await post(draft.id, 'share'))
    const second = tokenOf(await post(draft.id, 'share'))
    const kept = tokenOf(await post(other.id, 'share'))
    const pageLink = tokenOf(await post(draftPage.id, 'share', pagePreviewAction, 'pages'))
    expect((await staffPreview()).sharedLinks).toBe(2)
    expect([await opens(first), await opens(second), await opens(pageLink)]).toEqual([true, true, true])

    expect(await post(draft.id, 'revoke')).toEqual({ ok: true, message: PUBLICATION_MESSAGES.previewLinksRevoked })
    expect([await opens(first), await opens(second), await opens(kept)]).toEqual([false, false, true])
    expect((await staffPreview()).sharedLinks).toBe(0)
    // A link shared after revoking works.
    expect(await opens(tokenOf(await post(draft.id, 'share')))).toBe(true)

    expect(await post(draftPage.id, 'revoke', pagePreviewAction, 'pages')).toEqual({ ok: true, message: PUBLICATION_MESSAGES.previewLinksRevoked })
    expect(await opens(pageLink)).toBe(false)

    const unknownIntent = (await post(draft.id, 'delete')) as { init: { status: number }; data: { error: string } }
    expect([unknownIntent.init.status, unknownIntent.data.error]).toEqual([400, PUBLICATION_MESSAGES.previewIntent])
    const refused = await previewAction({ request: requestWithCookie(`/preview/posts/${draft.id}`, undefined, { method: 'POST', body: new URLSearchParams({ intent: 'revoke' }) }), params: { id: draft.id }, context: undefined as never } as never).then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect(refused instanceof Response && refused.status).toBe(302)
  })

  describe('going live', () => {
    let announcements: GoLiveAnnouncements | undefined
    afterEach(() => announcements?.stop())

    test('when a scheduled post\'s time passes, the instance announces it to its own subscribers', async () => {
      const feed = createLocalChangeFeed()
      const heard: Change[] = []
      feed.subscribe(['blogs'], (change) => heard.push(change))
      const id = newId()
      const at = new Date(Date.now() + 400).toISOString()
      await db
        .insertInto('blogs')
        .values({ id, slug: `soon-${id.slice(0, 8)}`, title: 'Soon', content: '<p>Soon</p>', excerpt: null, cover_image: null, status: 'published', published_at: at, updated_at: at })
        .execute()
      announcements = startGoLiveAnnouncements({ feed })
      await expect.poll(() => heard, { timeout: 5000 }).toContainEqual({ table: 'blogs', type: 'update', id })
      expect(heard.filter((change) => change.id === id)).toHaveLength(1)
    })
  })

  describe('in the content API', () => {
    test('status and published_at: draft, scheduled, published, and the refusals by field', async () => {
      const { key } = await apiKeyFor('editor')
      const slug = `api-${newId().slice(0, 8)}`
      const draft = await callApi('POST', '/posts', { key, body: { title: 'Draft', slug, content: '<p>Soon</p>', status: 'draft' } })
      expect(draft).toMatchObject({ status: 201, body: { status: 'draft' } })
      expect(await getPublicBlogPostBySlug(slug)).toBeNull()

      const ahead = new Date(Date.now() + 3 * HOUR_MS)
      const scheduled = await callApi('PATCH', `/posts/${draft.body!.id as string}`, { key, body: { status: 'scheduled', published_at: ahead.toISOString() } })
      expect(scheduled).toMatchObject({ status: 200, body: { status: 'scheduled' } })
      expect(Math.abs(new Date(scheduled.body!.published_at as string).getTime() - ahead.getTime())).toBeLessThan(60_000)
      expect(await getPublicBlogPostBySlug(slug)).toBeNull()

      const retitled = await callApi('PATCH', `/posts/${draft.body!.id as string}`, { key, body: { title: 'Sports Day' } })
      expect(retitled).toMatchObject({ status: 200, body: { status: 'scheduled', published_at: scheduled.body!.published_at } })

      const published = await callApi('PATCH', `/posts/${draft.body!.id as string}`, { key, body: { status: 'published' } })
      expect(published).toMatchObject({ status: 200, body: { status: 'published' } })
      expect(await getPublicBlogPostBySlug(slug)).not.toBeNull()

      expect(await callApi('POST', '/posts', { key, body: { title: 'Late', slug: `late-${slug}`, content: '<p>x</p>', status: 'scheduled', published_at: '2020-01-01T09:00:00Z' } })).toMatchObject({
        status: 400,
        body: { error: { fields: { published_at: PUBLICATION_MESSAGES.scheduleInPast } } },
      })
      expect(await callApi('POST', '/posts', { key, body: { title: 'Odd', slug: `odd-${slug}`, content: '<p>x</p>', status: 'hidden' } })).toMatchObject({
        status: 400,
        body: { error: { fields: { status: PUBLICATION_MESSAGES.invalidState } } },
      })
      expect(await callApi('POST', '/posts', { key, body: { title: 'Odd', slug: `odd-${slug}`, content: '<p>x</p>', published_at: 'next monday' } })).toMatchObject({
        status: 400,
        body: { error: { fields: { published_at: PUBLICATION_MESSAGES.invalidTime } } },
      })
      expect(await db.selectFrom('blogs').select('id').where('slug', 'in', [`late-${slug}`, `odd-${slug}`]).execute()).toEqual([])
    })

    test('a post\'s revisions are listed, newest first with their author, and one restores the old title and content', async () => {
      const { key } = await apiKeyFor('editor')
      const call = async (response: Promise<Response>) => {
        const answer = await response
        return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
      }
      const request = (path: string, method = 'GET', withKey: string | null = key) =>
        new Request(`http://localhost:3000/api/v1${path}`, { method, headers: withKey ? { authorization: `Bearer ${withKey}` } : {} })
      const created = await callApi('POST', '/posts', { key, body: { title: 'Choir', slug: `choir-${newId().slice(0, 8)}`, content: '<p>Tuesdays.</p>' } })
      const id = created.body!.id as string
      await callApi('PATCH', `/posts/${id}`, { key, body: { title: 'Choir moved', content: '<p>Thursdays.</p>' } })

      const listed = await call(answerPostRevisions(request(`/posts/${id}/revisions`), id))
      expect(listed.status).toBe(200)
      const versions = listed.body.data as { id: string; title: string; content: string; author: string | null }[]
      expect(versions.map(({ title, content, author }) => ({ title, content, author }))).toEqual([
        { title: 'Choir moved', content: '<p>Thursdays.</p>', author: 'Test admin' },
        { title: 'Choir', content: '<p>Tuesdays.</p>', author: 'Test admin' },
      ])

      const restored = await call(answerRestorePostRevision(request(`/posts/${id}/revisions/${versions[1]!.id}/restore`, 'POST'), id, versions[1]!.id))
      expect(restored).toMatchObject({ status: 200, body: { id, title: 'Choir', content: '<p>Tuesdays.</p>', status: 'published' } })
      expect((await call(answerPostRevisions(request(`/posts/${id}/revisions`), id))).body.data).toHaveLength(3)

      expect(await call(answerRestorePostRevision(request(`/posts/${id}/revisions/nope/restore`, 'POST'), id, 'nope'))).toMatchObject({
        status: 404,
        body: { error: { code: 'not_found', message: BLOG_MESSAGES.revisionNotFound } },
      })
      expect((await call(answerPostRevisions(request(`/posts/${id}/revisions`, 'GET', null), id))).status).toBe(401)
      expect((await answerPostRevisions(request(`/posts/${id}/revisions`, 'DELETE'), id)).status).toBe(405)
      expect((await answerRestorePostRevision(request(`/posts/${id}/revisions/x/restore`), id, 'x')).status).toBe(405)
      expect((await call(answerPostRevisions(request('/posts/no-such-post/revisions'), 'no-such-post'))).status).toBe(404)
    })

    test('events and policies carry status draft or published', async () => {
      const { key } = await apiKeyFor('editor')
      const event = await callApi('POST', '/events', { key, body: { title: 'Sports Day', start_date: '2030-06-01T09:00:00Z', status: 'draft' } })
      expect(event).toMatchObject({ status: 201, body: { status: 'draft' } })
      expect((await listUpcomingEvents()).map((item) => item.id)).not.toContain(event.body!.id)
      expect(await callApi('PATCH', `/events/${event.body!.id as string}`, { key, body: { status: 'published' } })).toMatchObject({ status: 200, body: { status: 'published' } })
      expect((await listUpcomingEvents()).map((item) => item.id)).toContain(event.body!.id)

      const policy = await callApi('POST', '/policies', { key, body: { title: 'Uniform', description: null } })
      expect(policy).toMatchObject({ status: 201, body: { status: 'published' } })
      expect(await callApi('PATCH', `/policies/${policy.body!.id as string}`, { key, body: { status: 'scheduled' } })).toMatchObject({
        status: 400,
        body: { error: { fields: { status: PUBLICATION_MESSAGES.invalidState } } },
      })
    })
  })
})
