import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { Insertable } from 'kysely'
import { describe, expect, test } from 'vitest'
import { createBlogPost } from '#app/domain/blog/blog-admin.server.ts'
import { listBlogPostsForAdmin } from '#app/domain/blog/blog-admin-list.server.ts'
import { listContactMessages } from '#app/domain/contact/contact-messages.server.ts'
import { createEvent, deleteEvent, updateEvent, type EventSubmission } from '#app/domain/event/event-admin.server.ts'
import { listEventsEndingSince, listNextEvents, listOccurrencesBetween, listUpcomingEvents } from '#app/domain/event/event.server.ts'
import { getGalleryFolder, getPublicAlbum, getPublicGallery, listGalleryFoldersPage } from '#app/domain/gallery/gallery.server.ts'
import { rebuildSearchIndex } from '#app/domain/search/search-index.server.ts'
import { searchSite } from '#app/domain/search/search.server.ts'
import { SEARCH_LIMITS } from '#app/domain/search/search.ts'
import { LIST_PAGE_SIZE } from '#app/lib/list-params.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { loader as rssLoader } from '#app/routes/feeds/blog-rss.ts'
import { loader as sitemapFileLoader } from '#app/routes/feeds/sitemap-file.ts'
import { loader as sitemapLoader } from '#app/routes/feeds/sitemap.ts'
import { loader as calendarLoader } from '#app/routes/site/calendar.tsx'
import { BLOG_FEED_POSTS, sitemapEntries, sitemapFileEntries, sitemapFilePaths } from '#app/services/feeds/feed-sources.server.ts'
import type { Database } from '#db/database.ts'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { parseFeedXml } from '#tests/setup/feed-xml.ts'

const database = prepareTestDatabase()

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const indexParser = new XMLParser({ isArray: (name) => name === 'sitemap' })

/** `count` published posts, `step` ms apart, the newest `ago` ms ago; created through the domain, as staff would. */
async function publishPosts(label: string, count: number, ago = DAY, step = DAY) {
  const posts = []
  for (let n = 0; n < count; n += 1) {
    const publishAt = new Date(Date.now() - ago - n * step).toISOString().slice(0, 16)
    posts.push(await createBlogPost({ title: `${label} ${n}`, slug: `${label}-${n}-${newId().slice(0, 6)}`, excerpt: null, content: '<p>News.</p>', removeCover: false, coverFile: null, coverAlt: '', publication: { state: 'published', publishAt } }))
  }
  return posts
}

describe(`content growing for years on ${database.engine}`, () => {
  test('/sitemap.xml is an index of sitemap files; with a small limit per file each address is in exactly one file, and every file answers', async () => {
    await publishPosts('sitemap', 7)
    const perFile = 3
    const paths = await sitemapFilePaths(new Date(), perFile)
    const postFiles = paths.filter((path) => path.startsWith('/sitemaps/posts-'))
    const postCount = Number((await db.selectFrom('blogs').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'published').where('published_at', '<=', new Date().toISOString()).executeTakeFirstOrThrow()).n)
    expect(postFiles).toEqual(Array.from({ length: Math.ceil(postCount / perFile) }, (_, n) => `/sitemaps/posts-${n + 1}.xml`))
    expect(paths[0]).toBe('/sitemaps/screens-1.xml')

    const listed: string[] = []
    for (const path of paths) {
      const entries = await sitemapFileEntries(path.slice('/sitemaps/'.length), new Date(), perFile)
      expect(entries?.length).toBeGreaterThan(0)
      expect(entries!.length).toBeLessThanOrEqual(perFile)
      listed.push(...entries!.map((entry) => entry.path))
    }
    expect(new Set(listed).size).toBe(listed.length)
    expect(listed).toEqual((await sitemapEntries(new Date(), perFile)).map((entry) => entry.path))
    // One past the last file, and names that are no file, are not found.
    expect(await sitemapFileEntries(`posts-${postFiles.length + 1}.xml`, new Date(), perFile)).toBeNull()
    for (const name of ['nothing-1.xml', 'posts-0.xml', 'posts-1', 'constructor-1.xml']) expect(await sitemapFileEntries(name)).toBeNull()

    // The routes: the index names each file by its absolute address, and each file it names answers with its addresses.
    const index = await sitemapLoader()
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const text = await index.text()
    expect(XMLValidator.validate(text)).toBe(true)
    const files = (indexParser.parse(text) as { sitemapindex: { sitemap: { loc: string }[] } }).sitemapindex.sitemap.map((sitemap) => sitemap.loc)
    expect(files).toEqual((await sitemapFilePaths()).map((path) => `${config.publicUrl}${path}`))
    const everyAddress: string[] = []
    for (const file of files) {
      const response = await sitemapFileLoader({ params: { file: file.slice(`${config.publicUrl}/sitemaps/`.length) } } as never)
      everyAddress.push(...(parseFeedXml(await response.text()).urlset.url ?? []).map((url) => url.loc))
    }
    expect(everyAddress).toContain(`${config.publicUrl}/`)
    expect(everyAddress.filter((loc) => loc.includes('/blogs/sitemap-'))).toHaveLength(7)
    await expect(sitemapFileLoader({ params: { file: 'posts-999.xml' } } as never)).rejects.toMatchObject({ status: 404 })
  })

  test(`the blog feeds carry the newest ${BLOG_FEED_POSTS} posts, newest first`, async () => {
    const older = await publishPosts('archive', 3, 400 * DAY)
    // Minutes apart, an hour ago at most: newer than any other post of the run.
    const newest = await publishPosts('recent', BLOG_FEED_POSTS, 2 * 60_000, 2 * 60_000)
    const channel = parseFeedXml(await (await rssLoader()).text()).rss.channel
    const links = (channel.item ?? []).map((item) => item.link)
    expect(links).toEqual(newest.map((post) => `${config.publicUrl}/blogs/${post.slug}`))
    for (const post of older) expect(links).not.toContain(`${config.publicUrl}/blogs/${post.slug}`)
  })

  test('a repeating event is worked out only for the dates shown: a month, the coming year, the next few', async () => {
    const base: EventSubmission = { title: 'Breakfast Club', description: null, startDate: '2030-01-07T08:00', endDate: '2030-01-07T08:45', imageUrl: null, imageFile: null }
    // Daily for 500 days: the longest series the calendar takes.
    const daily = await createEvent({ ...base, recurrence: 'FREQ=DAILY;COUNT=500' }, 'UTC')
    // A weekly club whose dates all ended years before the window.
    const past = await createEvent({ ...base, title: 'Old Club', startDate: '2025-01-07T15:00', endDate: '2025-01-07T16:00', recurrence: 'FREQ=WEEKLY;COUNT=20' }, 'UTC')
    try {
      const march = (await listOccurrencesBetween(new Date('2030-03-01T00:00:00Z'), new Date('2030-04-01T00:00:00Z'), { timeZone: 'UTC' })).filter((event) => event.id === daily.id)
      expect(march).toHaveLength(31)
      expect(march[0]).toMatchObject({ startDate: '2030-03-01T08:00:00.000Z', endDate: '2030-03-01T08:45:00.000Z' })
      expect(march.at(-1)!.startDate).toBe('2030-03-31T08:00:00.000Z')

      const now = new Date('2030-06-15T12:00:00Z')
      const upcoming = (await listUpcomingEvents(now, { timeZone: 'UTC' })).filter((event) => event.id === daily.id)
      // From what has not ended a day before (yesterday's breakfast has) to the series' end.
      expect(upcoming[0]!.startDate).toBe('2030-06-15T08:00:00.000Z')
      expect(upcoming.at(-1)!.startDate).toBe('2031-05-21T08:00:00.000Z')
      expect(upcoming.length).toBe(341)

      const next = (await listNextEvents(3, 'UTC', now)).filter((event) => event.id === daily.id)
      expect(next.map((event) => event.startDate)).toEqual(['2030-06-15T08:00:00.000Z', '2030-06-16T08:00:00.000Z', '2030-06-17T08:00:00.000Z'])

      // The feed carries each current series once (its rule, not its dates), and none that ended before its window.
      const feed = await listEventsEndingSince(new Date('2030-06-01T00:00:00Z'), undefined, 'UTC')
      expect(feed.filter((event) => event.id === daily.id)).toHaveLength(1)
      expect(feed.map((event) => event.id)).not.toContain(past.id)
      expect((await listOccurrencesBetween(new Date('2030-03-01T00:00:00Z'), new Date('2030-04-01T00:00:00Z'))).map((event) => event.id)).not.toContain(past.id)
    } finally {
      for (const event of [daily, past]) await deleteEvent(event.id)
    }
  })

  test('the calendar list shows the next 100 dates and links to the month of the later ones', async () => {
    const start = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)
    const daily = await createEvent({ title: 'Reading Hour', description: null, startDate: `${start}T07:00`, endDate: null, imageUrl: null, imageFile: null, recurrence: 'FREQ=DAILY;COUNT=300' }, 'UTC')
    try {
      const page = await calendarLoader({ request: new Request(`${config.publicUrl}/calendar`), params: {}, context: {} } as never)
      expect(page.events).toHaveLength(100)
      const listed = page.events.filter((event) => event.id === daily.id)
      expect(listed.length).toBeGreaterThan(0)
      // The first date not listed is in the month the link opens.
      const shownUntil = page.events.at(-1)!.startDate
      expect(page.laterMonth).not.toBeNull()
      expect(page.laterMonth! >= shownUntil.slice(0, 7)).toBe(true)
    } finally {
      await deleteEvent(daily.id)
    }
  })

  test("an album's cover is its first photo by its order (position, then newest); an unpublished album has none; a chosen cover wins while it is the album's", async () => {
    const albums = [
      { id: newId(), name: 'Sports Day', slug: 'sports-day-growth', external_use: true, enabled: true },
      { id: newId(), name: 'Staff Party', slug: 'staff-party-growth', external_use: false, enabled: true },
      { id: newId(), name: 'Harvest', slug: 'harvest-growth', external_use: true, enabled: true },
    ]
    await db.insertInto('gallery_folders').values(albums).execute()
    const photo = (folder: string, title: string, position: number, minute: number) => ({
      id: newId(),
      title,
      image_url: `/files/gallery/${title.toLowerCase().replaceAll(' ', '-')}.webp`,
      folder,
      position,
      created_at: new Date(Date.parse('2026-05-01T10:00:00Z') + minute * 60_000).toISOString(),
    })
    const photos = [
      photo('Sports Day', 'Relay', 2, 0),
      photo('Sports Day', 'Start line', 0, 1),
      photo('Sports Day', 'Start line later', 0, 2),
      photo('Sports Day', 'Finish', 1, 3),
      photo('Staff Party', 'Cake', 0, 0),
      photo('Harvest', 'Apples', 1, 0),
      photo('Harvest', 'Pears', 3, 1),
    ]
    await db.insertInto('gallery').values(photos).execute()
    const cardOf = async (name: string) => (await getPublicGallery()).albums.find((album) => album.name === name)
    // Two photos share the first place: the newer one comes first, as on the album's page.
    expect((await cardOf('Sports Day'))?.cover?.title).toBe('Start line later')
    expect((await getPublicAlbum('sports-day-growth'))?.images.map((image) => image.title)).toEqual(['Start line later', 'Start line', 'Finish', 'Relay'])
    expect(await cardOf('Staff Party')).toBeUndefined()
    expect((await cardOf('Harvest'))?.cover?.title).toBe('Apples')

    await db.updateTable('gallery_folders').set({ cover_image_id: photos[6]!.id }).where('id', '=', albums[2]!.id).execute()
    expect((await cardOf('Harvest'))?.cover?.title).toBe('Pears')
    expect((await getPublicAlbum('harvest-growth'))?.album.cover?.title).toBe('Pears')
    // A chosen cover moved to another album no longer covers this one.
    await db.updateTable('gallery').set({ folder: 'Sports Day' }).where('id', '=', photos[6]!.id).execute()
    expect((await cardOf('Harvest'))?.cover?.title).toBe('Apples')
    expect((await cardOf('Sports Day'))?.cover?.title).toBe('Start line later')
  })

  test('a search matching more than a page: the first page in order with its snippets, the total of every match, the next page the rest, a page past the end the total alone', async () => {
    const extra = 3
    const posts = await publishPosts('zebrafinch', SEARCH_LIMITS.perPage + extra)
    // A draft has the word too, and is neither found nor counted.
    await createBlogPost({ title: 'zebrafinch draft', slug: `zebrafinch-draft-${newId().slice(0, 6)}`, excerpt: null, content: '<p>News.</p>', removeCover: false, coverFile: null, coverAlt: '', publication: { state: 'draft' } })
    await rebuildSearchIndex()
    const first = await searchSite({ query: 'zebrafinch' })
    expect(first.total).toBe(posts.length)
    expect(first.pageCount).toBe(2)
    expect(first.results).toHaveLength(SEARCH_LIMITS.perPage)
    // Equal relevance: newest first, as the posts were published.
    expect(first.results.map((result) => result.url)).toEqual(posts.slice(0, SEARCH_LIMITS.perPage).map((post) => `/blogs/${post.slug}`))
    for (const result of first.results) expect(result.snippet.map((part) => part.text).join('')).toContain('News.')
    const second = await searchSite({ query: 'zebrafinch', page: 2 })
    expect(second.total).toBe(posts.length)
    expect(second.results.map((result) => result.url)).toEqual(posts.slice(SEARCH_LIMITS.perPage).map((post) => `/blogs/${post.slug}`))
    const past = await searchSite({ query: 'zebrafinch', page: 9 })
    expect(past).toMatchObject({ total: posts.length, pageCount: 2, results: [] })
    expect((await searchSite({ query: 'nosuchwordanywhere' })).total).toBe(0)
  })

  test('a word in more documents than are ranked: the newest matches and the newest title matches are ranked, title matches first, and the count says there are more', async () => {
    const { ranked, perPage } = SEARCH_LIMITS
    const body = 'Notes from the quokkas walk.'
    // Oldest first, an hour apart, so the newest indexed are also the newest visible on both engines: three old posts
    // with the word in their title, then more posts with it in their text than are ranked. Rows straight into the
    // search index, as the bench's data set writes them: a thousand posts through the domain would add nothing to
    // what this shows but time.
    const documents: Insertable<Database['search_index']>[] = []
    const at = (n: number) => new Date(Date.now() - (ranked + 100 - n) * HOUR).toISOString()
    for (let n = 0; n < 3; n += 1) documents.push({ subject: 'blogs', subject_id: `quokka-title-${n}`, title: `Quokkas ahoy ${n}`, body, status: 'published', visible_from: at(n), url: `/blogs/quokka-title-${n}`, shown_at: at(n) })
    const bodyMatches = ranked + 20
    for (let n = 0; n < bodyMatches; n += 1) {
      const id = `quokka-${String(n).padStart(5, '0')}`
      documents.push({ subject: 'blogs', subject_id: id, title: `Weekly news ${n}`, body, status: 'published', visible_from: at(n + 3), url: `/blogs/${id}`, shown_at: at(n + 3) })
    }
    for (let from = 0; from < documents.length; from += 200) await db.insertInto('search_index').values(documents.slice(from, from + 200)).execute()
    const newestBodyMatches = documents.slice(3).reverse().map((document) => document.subject_id)

    const first = await searchSite({ query: 'quokkas' })
    expect(first).toMatchObject({ total: ranked, more: true, pageCount: ranked / perPage })
    // The title matches are older than every ranked text match, and still come first, newest first; then the newest.
    expect(first.results.map((result) => result.id)).toEqual(['quokka-title-2', 'quokka-title-1', 'quokka-title-0', ...newestBodyMatches.slice(0, perPage - 3)])
    const last = await searchSite({ query: 'quokkas', page: ranked / perPage })
    expect(last).toMatchObject({ total: ranked, more: true })
    expect(last.results.map((result) => result.id)).toEqual(newestBodyMatches.slice(ranked - 3 - perPage, ranked - 3))
    expect(await searchSite({ query: 'quokkas', page: ranked / perPage + 1 })).toMatchObject({ total: ranked, more: true, pageCount: ranked / perPage, results: [] })
    // Under the bound the count is exact.
    expect(await searchSite({ query: 'quokkas ahoy' })).toMatchObject({ total: 3, more: false, pageCount: 1 })
  })

  test('a rebuilt index ranks the newest published posts of a common word, whatever order their rows were written in', async () => {
    const { ranked, perPage } = SEARCH_LIMITS
    // Written newest first, the reverse of their publication, as a restore may write them; straight into the table,
    // as in the test above.
    const posts: Insertable<Database['blogs']>[] = Array.from({ length: ranked + 20 }, (_, n) => {
      const publishedAt = new Date(Date.now() - (n + 1) * HOUR).toISOString()
      return { id: newId(), slug: `wallaby-${n}`, title: `Bulletin ${n}`, content: '<p>The wallabies were fed.</p>', excerpt: null, cover_image: null, cover_decorative: false, status: 'published', published_at: publishedAt, updated_at: publishedAt }
    })
    for (let from = 0; from < posts.length; from += 200) await db.insertInto('blogs').values(posts.slice(from, from + 200)).execute()
    await rebuildSearchIndex()
    const urls = async (page: number) => (await searchSite({ query: 'wallabies', page })).results.map((result) => result.url)
    expect(await searchSite({ query: 'wallabies' })).toMatchObject({ total: ranked, more: true })
    expect(await urls(1)).toEqual(posts.slice(0, perPage).map((post) => `/blogs/${post.slug}`))
    expect(await urls(ranked / perPage)).toEqual(posts.slice(ranked - perPage, ranked).map((post) => `/blogs/${post.slug}`))
  })

  test("each folder's count through the content API: its own photos, and under 'general' also those of an empty or deleted folder", async () => {
    const name = `Growth ${newId().slice(0, 6)}`
    await db.insertInto('gallery_folders').values({ id: newId(), name, slug: name.toLowerCase().replace(' ', '-'), external_use: true, enabled: true }).execute()
    const general = (await db.selectFrom('gallery_folders').select('id').where('name', '=', 'general').executeTakeFirst()) ?? { id: newId() }
    await db.insertInto('gallery_folders').values({ id: general.id, name: 'general', slug: 'general', external_use: true, enabled: true }).onConflict((conflict) => conflict.doNothing()).execute()
    const before = (await getGalleryFolder(general.id))!.count
    const photo = (folder: string) => ({ id: newId(), title: folder, image_url: `/files/gallery/${newId()}.webp`, folder })
    await db.insertInto('gallery').values([photo(name), photo(name), photo(''), photo('Deleted folder'), photo('general')]).execute()
    expect((await getGalleryFolder(general.id))!.count).toBe(before + 3)
    const listed = await listGalleryFoldersPage({ limit: 100, offset: 0 })
    expect(listed.folders.find((folder) => folder.name === name)?.count).toBe(2)
    expect(listed.folders.find((folder) => folder.name === 'general')?.count).toBe(before + 3)
    expect(listed.total).toBe(listed.folders.length)
  })

  test('a month reads only the events that can have a date in it: one starting after the month is not listed, a series begun before it is', async () => {
    const base: EventSubmission = { title: 'Month', description: null, startDate: '2031-03-10T09:00', endDate: '2031-03-10T10:00', imageUrl: null, imageFile: null }
    const inside = await createEvent(base, 'UTC')
    const next = await createEvent({ ...base, title: 'April', startDate: '2031-04-01T00:00', endDate: '2031-04-01T01:00' }, 'UTC')
    const series = await createEvent({ ...base, title: 'Weekly', startDate: '2031-02-03T15:00', endDate: '2031-02-03T16:00', recurrence: 'FREQ=WEEKLY;COUNT=10' }, 'UTC')
    try {
      const march = await listOccurrencesBetween(new Date('2031-03-01T00:00:00Z'), new Date('2031-04-01T00:00:00Z'), { timeZone: 'UTC' })
      const ours = march.filter((event) => [inside.id, next.id, series.id].includes(event.id))
      expect(ours.map((event) => `${event.title} ${event.startDate}`)).toEqual([
        'Weekly 2031-03-03T15:00:00.000Z',
        'Month 2031-03-10T09:00:00.000Z',
        'Weekly 2031-03-10T15:00:00.000Z',
        'Weekly 2031-03-17T15:00:00.000Z',
        'Weekly 2031-03-24T15:00:00.000Z',
        'Weekly 2031-03-31T15:00:00.000Z',
      ])
      // A series' dates are worked out once and kept: a changed rule gives its new dates at once.
      await updateEvent(series.id, { ...base, title: 'Weekly', startDate: '2031-02-03T15:00', endDate: '2031-02-03T16:00', recurrence: 'FREQ=WEEKLY;COUNT=5' }, 'UTC')
      const shorter = await listOccurrencesBetween(new Date('2031-03-01T00:00:00Z'), new Date('2031-04-01T00:00:00Z'), { timeZone: 'UTC' })
      expect(shorter.filter((event) => event.id === series.id).map((event) => event.startDate)).toEqual(['2031-03-03T15:00:00.000Z'])
    } finally {
      for (const event of [inside, next, series]) await deleteEvent(event.id)
    }
  })

  test('the inbox and the blog list on more than a page: the first page newest first, each filter total as its count', async () => {
    const messages = Array.from({ length: LIST_PAGE_SIZE + 5 }, (_, n) => ({
      id: newId(),
      name: `Parent ${n}`,
      email: `parent${n}@example.org`,
      message: 'Hello',
      read: n % 3 === 0,
      created_at: new Date(Date.parse('2026-01-01T00:00:00Z') + n * 60_000).toISOString(),
    }))
    await db.insertInto('contact_messages').values(messages).execute()
    const all = await listContactMessages()
    expect(all.counts).toEqual({ all: messages.length, read: messages.filter((row) => row.read).length, unread: messages.filter((row) => !row.read).length })
    expect(all.pages).toMatchObject({ page: 1, pageCount: 2, total: messages.length })
    expect(all.messages.map((message) => message.name)).toEqual(messages.toReversed().slice(0, LIST_PAGE_SIZE).map((row) => row.name))
    const unread = await listContactMessages({ filter: 'unread', page: 2 })
    expect(unread.pages.total).toBe(all.counts.unread)
    // Page 2 of the unread does not exist: the last one is shown.
    expect(unread.pages.page).toBe(1)
    expect(unread.messages.every((message) => !message.read)).toBe(true)
    const searched = await listContactMessages({ search: 'parent1', filter: 'read' })
    expect(searched.pages.total).toBe(messages.filter((row) => row.read && row.email.startsWith('parent1')).length)
    // The badge's unread count is the whole inbox's, with or without a search.
    expect([all.unread, unread.unread, searched.unread]).toEqual(Array(3).fill(messages.filter((row) => !row.read).length))

    await publishPosts('admin-list', LIST_PAGE_SIZE + 2)
    const posts = await listBlogPostsForAdmin()
    expect(posts.pages.total).toBe(posts.counts.all)
    expect(posts.posts).toHaveLength(LIST_PAGE_SIZE)
    const published = await listBlogPostsForAdmin({ filter: 'published', page: 2 })
    expect(published.pages).toMatchObject({ page: 2, total: posts.counts.published })
    expect(published.posts.length).toBe(Math.min(LIST_PAGE_SIZE, posts.counts.published - LIST_PAGE_SIZE))
  })
})
