import { beforeAll, describe, expect, test } from 'vitest'
import { rebuildSearchIndex } from '#app/domain/search/search-index.server.ts'
import { searchSite } from '#app/domain/search/search.server.ts'
import { SEARCH_LIMITS, type SearchResult } from '#app/domain/search/search.ts'
import { db } from '#app/lib/db.server.ts'
import { DEMO_PAGES } from '#app/services/seed/demo-pages.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { newId } from '#db/portable.ts'
import type { SearchableTable } from '#db/tables/search.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

const HOUR = 3_600_000
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString()

type Status = 'draft' | 'published'
const PUBLISHED: Status = 'published'

async function addPost(title: string, content: string, { status = PUBLISHED, publishedAt = ago(24), slug = `post-${newId()}` } = {}) {
  const id = newId()
  await writeTransaction(async (tx) => {
    await tx.db.insertInto('blogs').values({ id, slug, title, content, excerpt: null, cover_image: null, cover_decorative: false, status, published_at: publishedAt, updated_at: ago(0) }).execute()
    tx.publish({ table: 'blogs', type: 'insert', id })
  })
  return id
}

/** As the page operations will: a row and its change, through the transaction helper. */
async function addPage(title: string, content: string, { slug = `page-${newId()}`, parentId = null as string | null, status = PUBLISHED, publishedAt = ago(24) } = {}) {
  const id = newId()
  await writeTransaction(async (tx) => {
    await tx.db.insertInto('pages').values({ id, title, slug, parent_id: parentId, content, seo_description: null, cover_image: null, cover_decorative: false, status, published_at: publishedAt }).execute()
    tx.publish({ table: 'pages', type: 'insert', id })
  })
  return id
}

async function addEvent(title: string, description: string, { status = PUBLISHED, startDate = new Date(Date.now() + 48 * HOUR).toISOString() } = {}) {
  const id = newId()
  await writeTransaction(async (tx) => {
    await tx.db.insertInto('events').values({ id, title, description, start_date: startDate, end_date: null, image_url: null, status }).execute()
    tx.publish({ table: 'events', type: 'insert', id })
  })
  return id
}

async function addPolicy(title: string, description: string, { status = PUBLISHED } = {}) {
  const id = newId()
  await writeTransaction(async (tx) => {
    await tx.db.insertInto('policies').values({ id, slug: id, title, description, file_url: null, status }).execute()
    tx.publish({ table: 'policies', type: 'insert', id })
  })
  return id
}

async function update(table: SearchableTable, id: string, values: { title?: string; slug?: string; status?: Status }) {
  await writeTransaction(async (tx) => {
    await tx.db.updateTable(table).set(values).where('id', '=', id).execute()
    tx.publish({ table, type: 'update', id })
  })
}

async function remove(table: SearchableTable, id: string) {
  await writeTransaction(async (tx) => {
    await tx.db.deleteFrom(table).where('id', '=', id).execute()
    tx.publish({ table, type: 'delete', id })
  })
}

const ids = (results: SearchResult[]) => results.map((result) => result.id)
const found = async (query: string) => ids((await searchSite({ query })).results)

/**
 * The fixture both engines rank: the word `uniform` in two titles (the policy,
 * whose title begins with it, then the post, with it three times in its text
 * too), then in two bodies (the page twice, the event once).
 */
const corpus = { post: '', policy: '', page: '', event: '' }

describe(`site search on ${database.engine}`, () => {
  beforeAll(async () => {
    corpus.post = await addPost('New uniform supplier', '<p>The uniform shop has moved. Order each uniform item online; uniform prices stay the same.</p>')
    corpus.policy = await addPolicy('Uniform policy', 'What pupils wear at school and on trips, with the colours of each year group.')
    corpus.page = await addPage('Sports kit', '<p>Bring your PE <strong>uniform</strong> on Tuesdays. A spare uniform helps on rainy days too.</p>')
    corpus.event = await addEvent('Open evening', 'Come and see the classrooms: pupils in uniform will show you around the whole school.')
  })

  test('a word only in a page body, a post title, an event description, a policy title each come back', async () => {
    await addPage('About our grounds', '<p>The orchard has <em>quinces</em> and apples.</p>')
    const page = await addPage('Garden club', '<p>We grow marrowfat peas behind the hall.</p>')
    const post = await addPost('Harvest zucchinis festival', '<p>Plenty of vegetables.</p>')
    const event = await addEvent('Concert', 'An evening of bassoon music by year six.')
    const policy = await addPolicy('Safeguarding statement', 'Who to call.')
    expect(await found('marrowfat')).toEqual([page])
    expect(await found('zucchinis')).toEqual([post])
    expect(await found('bassoon')).toEqual([event])
    expect(await found('safeguarding')).toEqual([policy])

    const [result] = (await searchSite({ query: 'bassoon' })).results
    expect(result).toMatchObject({ type: 'events', title: 'Concert', url: `/calendar/${event}` })
    expect(result!.snippet.filter((part) => part.highlighted).map((part) => part.text.toLowerCase())).toEqual(['bassoon'])
    expect(result!.snippet.map((part) => part.text).join('')).toContain('of bassoon music')
  })

  test('titles first, then by relevance: the same order on both engines', async () => {
    const search = await searchSite({ query: 'uniform' })
    expect(search.total).toBe(4)
    expect(ids(search.results)).toEqual([corpus.policy, corpus.post, corpus.page, corpus.event])
    // Stemmed alike on both: the plural finds the same documents, and the last word is also a prefix.
    expect(await found('Uniforms')).toEqual([corpus.policy, corpus.post, corpus.page, corpus.event])
    expect(await found('unifo')).toEqual([corpus.policy, corpus.post, corpus.page, corpus.event])
    // Every word is required.
    expect(await found('uniform rainy')).toEqual([corpus.page])
  })

  test('a title that begins with the words comes before one that only contains them, then the text: the demo’s “term”', async () => {
    const termDates = DEMO_PAGES.find((page) => page.slug === 'term-dates')!
    const page = await addPage(termDates.title, termDates.content)
    const event = await addEvent('Half-Term Break', 'School closed.')
    const post = await addPost('Dates of each term', '<p>Plan ahead.</p>')
    const inText = await addPost('Spring fair', '<p>Held near the end of term.</p>')
    const order = await found('term')
    expect(order[0]).toBe(page)
    // Both contain the word in the title, neither begins with it: by relevance, which the engines may weigh apart.
    expect(new Set(order.slice(1, 3))).toEqual(new Set([event, post]))
    expect(order.slice(3)).toEqual([inText])
    expect(await found('term dat')).toEqual([page, post])
  })

  test('a title match has every word in the title: one in the title and one only in the text ranks after it, however relevant', async () => {
    const titled = await addPost('Marigold trowel sale', `<p>${'Come along on Friday with friends and family. '.repeat(40)}</p>`)
    const halfTitled = await addPost('Trowel', '<p>Marigold and trowel, marigold and trowel.</p>')
    // Both are title matches of one word: the short text full of both words is the more relevant.
    expect(await found('trowel')).toEqual([halfTitled, titled])
    expect(await found('marigold trowel')).toEqual([titled, halfTitled])
    expect(await found('trowel marigold')).toEqual([titled, halfTitled])
  })

  test('a page result links to its address under its parent, which follows the parent’s slug', async () => {
    const parent = await addPage('Admissions', '<p>How to join.</p>', { slug: 'admissions' })
    const child = await addPage('Visiting days', '<p>Tours with the headteacher every Thursday xylophones.</p>', { slug: 'visits', parentId: parent })
    expect((await searchSite({ query: 'xylophones' })).results[0]).toMatchObject({ id: child, type: 'pages', url: '/admissions/visits' })
    await update('pages', parent, { slug: 'joining' })
    expect((await searchSite({ query: 'xylophones' })).results[0]).toMatchObject({ id: child, url: '/joining/visits' })
  })

  test('a published child page is found only while its parent is visible too, following the parent’s publishing', async () => {
    const parent = await addPage('Secret parent', '<p>Not yet.</p>', { slug: 'secret-parent', status: 'draft' })
    const child = await addPage('Child', '<p>Meet our wombats.</p>', { slug: 'child', parentId: parent })
    expect(await found('wombats')).toEqual([])
    await update('pages', parent, { status: 'published' })
    expect((await searchSite({ query: 'wombats' })).results.map(({ id, url }) => ({ id, url }))).toEqual([{ id: child, url: '/secret-parent/child' }])
    await update('pages', parent, { status: 'draft' })
    expect(await found('wombats')).toEqual([])

    const later = new Date(Date.now() + HOUR).toISOString()
    const scheduledParent = await addPage('Soon', '<p>Later.</p>', { publishedAt: later })
    const scheduledChild = await addPage('Child of soon', '<p>Meet our platypuses.</p>', { parentId: scheduledParent })
    expect(await found('platypuses')).toEqual([])
    expect(ids((await searchSite({ query: 'platypuses', now: new Date(Date.now() + 2 * HOUR) })).results)).toEqual([scheduledChild])
    await db.deleteFrom('search_index').execute()
    await rebuildSearchIndex()
    expect(await found('wombats')).toEqual([])
    expect(await found('platypuses')).toEqual([])
  })

  test('drafts, posts scheduled for later and deleted items never come back; a scheduled post appears once its time has come', async () => {
    await addPost('Draft about kangaroos', '<p>kangaroos</p>', { status: 'draft' })
    await addPage('Draft page', '<p>kangaroos</p>', { status: 'draft' })
    await addEvent('Draft event', 'kangaroos', { status: 'draft' })
    await addPolicy('Draft kangaroos policy', '', { status: 'draft' })
    const scheduled = await addPost('Kangaroos visit', '<p>Soon.</p>', { publishedAt: new Date(Date.now() + HOUR).toISOString() })
    const deleted = await addPost('Kangaroos gone', '<p>Removed.</p>')
    await remove('blogs', deleted)
    expect(await found('kangaroos')).toEqual([])
    expect(ids((await searchSite({ query: 'kangaroos', now: new Date(Date.now() + 2 * HOUR) })).results)).toEqual([scheduled])

    const unpublished = await addPolicy('Kangaroos care', '')
    expect(await found('kangaroos care')).toEqual([unpublished])
    await update('policies', unpublished, { status: 'draft' })
    expect(await found('kangaroos care')).toEqual([])
  })

  test('an edited title is found by its new word, not its old one', async () => {
    const id = await addEvent('Pancake breakfast', 'Food for all.')
    expect(await found('pancake')).toEqual([id])
    await update('events', id, { title: 'Waffle breakfast' })
    expect(await found('pancake')).toEqual([])
    expect(await found('waffle')).toEqual([id])
  })

  test('a write that rolls back leaves the index as it was', async () => {
    const id = newId()
    await expect(
      writeTransaction(async (tx) => {
        await tx.db.insertInto('policies').values({ id, slug: id, title: 'Rolled back walrus', description: '', file_url: null, status: 'published' }).execute()
        tx.publish({ table: 'policies', type: 'insert', id })
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await found('walrus')).toEqual([])
    expect(await db.selectFrom('search_index').select('subject_id').where('subject_id', '=', id).execute()).toEqual([])
  })

  test('whatever is typed, no error: syntax alone gives no results, words among it still search', async () => {
    const hostile = ['"', '*', '-', 'NEAR', ':', '"unterminated', 'a AND', 'title:x', '(', ')', '^', 'NOT', 'OR OR', '🎒', '🎒🎒 uniform', "'; drop table search_index; --", '\\', '%_', `${'uniform '.repeat(40)}`, 'x'.repeat(5000)]
    for (const query of hostile) {
      const search = await searchSite({ query })
      expect(search.query.length).toBeLessThanOrEqual(SEARCH_LIMITS.queryLength)
      expect(search.total).toBeGreaterThanOrEqual(0)
    }
    for (const query of ['"', '*', '-', 'NEAR', ':', '(', 'a AND', '🎒', 'the']) expect((await searchSite({ query })).terms).toEqual([])
    expect(await found('"uniform')).toHaveLength(4)
    expect(await found('-uniform*')).toHaveLength(4)
    expect(await found('(uniform) NEAR')).toHaveLength(4)
    // `title:` is no column filter here but a word like any other, which no document has.
    expect(await found('title:uniform')).toEqual([])
  })

  test('ten a page, with the total; a page past the end is empty', async () => {
    for (let index = 0; index < 12; index++) await addPolicy(`Numbered rule ${index} about ocelots`, '')
    const first = await searchSite({ query: 'ocelots' })
    expect(first).toMatchObject({ total: 12, pageCount: 2, page: 1 })
    expect(first.results).toHaveLength(10)
    const second = await searchSite({ query: 'ocelots', page: 2 })
    expect(second.results).toHaveLength(2)
    expect(new Set([...ids(first.results), ...ids(second.results)]).size).toBe(12)
    expect((await searchSite({ query: 'ocelots', page: 9 })).results).toEqual([])
    expect((await searchSite({ query: 'ocelots', page: Number.NaN })).page).toBe(1)
  })

  test('rebuilding the index from the content finds the same', async () => {
    const before = await searchSite({ query: 'uniform' })
    await db.deleteFrom('search_index').execute()
    expect(await found('uniform')).toEqual([])
    await rebuildSearchIndex()
    expect(await searchSite({ query: 'uniform' })).toEqual(before)
  })
})
