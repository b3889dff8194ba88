import { describe, expect, test } from 'vitest'
import { createPage, deletePage, listPageRevisions, movePage, restorePageRevision, suggestPageSlug, updatePage, type PageSubmission } from '#app/domain/page/page-admin.server.ts'
import { PAGE_MESSAGES } from '#app/domain/page/page.schema.ts'
import { getPublicPageBySlug, listPages, listPublicPages } from '#app/domain/page/page.server.ts'
import { PUBLICATION_MESSAGES } from '#app/domain/publishing/publication.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

/** A title no other test uses, so its slug is free. */
function uniqueTitle(title: string) {
  return `${title} ${newId().slice(0, 8)}`
}

function page(overrides: Partial<PageSubmission> = {}): PageSubmission {
  return { title: uniqueTitle('Admissions'), content: '<p>How to <strong>apply</strong>.</p>', ...overrides }
}

async function recordChanges<T>(tables: ('pages' | 'menu_items')[], work: () => Promise<T>): Promise<{ result: T; changes: Change[] }> {
  const changes: Change[] = []
  const unsubscribe = changeFeed.subscribe(tables, (change) => changes.push(change))
  try {
    return { result: await work(), changes }
  } finally {
    unsubscribe()
  }
}

const storedRow = (id: string) => db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst()

async function loadPublicPage(params: { slug: string; parent?: string }) {
  const { loader } = await import('#app/routes/site/page.tsx')
  const path = params.parent ? `/${params.parent}/${params.slug}` : `/${params.slug}`
  return loader({ request: new Request(`http://localhost${path}`), params, context: {} } as unknown as Parameters<typeof loader>[0])
}

/** The status a loader answered with: a `data(…, { status })` or a thrown or returned Response. */
async function statusOf(answer: Promise<unknown>): Promise<number> {
  try {
    const value = await answer
    if (value instanceof Response) return value.status
    const init = (value as { init?: { status?: number } } | null)?.init
    return init?.status ?? 200
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    throw thrown
  }
}

describe(`pages on ${database.engine}`, () => {
  test('a page is created with a slug made from its title, sanitised content, and announced; edited and deleted', async () => {
    const title = uniqueTitle('Term Dates')
    const { result: created, changes } = await recordChanges(['pages'], () =>
      createPage({ title, content: '<p>Autumn <a href="javascript:alert(1)">term</a></p><script>alert(1)</script>', seoDescription: 'When each term starts.' }),
    )
    expect(created.slug).toBe(title.toLowerCase().replace(/ /g, '-'))
    expect(created).toMatchObject({ title, parentId: null, content: '<p>Autumn <a>term</a></p>', seoDescription: 'When each term starts.', status: 'published' })
    expect(changes).toEqual([{ table: 'pages', type: 'insert', id: created.id }])

    const { result: updated, changes: updates } = await recordChanges(['pages'], () => updatePage(created.id, { title: 'Term dates 2027', slug: `term-dates-${created.id.slice(0, 8)}`, content: '<p>Spring</p>' }))
    expect(updated).toMatchObject({ title: 'Term dates 2027', slug: `term-dates-${created.id.slice(0, 8)}`, content: '<p>Spring</p>', seoDescription: null })
    expect(updates).toEqual([{ table: 'pages', type: 'update', id: created.id }])

    const { changes: deletes } = await recordChanges(['pages'], () => deletePage(created.id))
    expect(await storedRow(created.id)).toBeUndefined()
    expect(deletes).toEqual([{ table: 'pages', type: 'delete', id: created.id }])
    await expect(deletePage(created.id)).rejects.toMatchObject({ code: 'not_found', message: PAGE_MESSAGES.notFound })
  })

  test('a slug left to the title is made free: a title that is a site address or another page\'s slug gets the next number', async () => {
    const calendar = await createPage(page({ title: 'Calendar' }))
    expect(calendar.slug).toBe('calendar-2')
    expect((await createPage(page({ title: 'Calendar', slug: '' }))).slug).toBe('calendar-3')
    expect((await createPage(page({ title: 'Healthz' }))).slug).toBe('healthz-2')
    const title = uniqueTitle('Uniform')
    const first = await createPage(page({ title }))
    expect((await createPage(page({ title }))).slug).toBe(`${first.slug}-2`)
    // Saved again with the slug left empty, a page keeps the free one it has.
    expect((await updatePage(calendar.id, page({ title: 'Calendar', slug: '' }))).slug).toBe('calendar-2')
    // The editor proposes what the server would store.
    expect(await suggestPageSlug('Calendar')).toBe('calendar-4')
    expect(await suggestPageSlug('Calendar', calendar.id)).toBe('calendar-2')
    expect(await suggestPageSlug('!!!')).toBeNull()
    // A slug typed is never changed: a taken or reserved one is refused (below).
    await expect(createPage(page({ title: 'Calendar', slug: 'calendar-2' }))).rejects.toMatchObject({ code: 'conflict' })
  })

  test('a slug is unique across all pages, and one the site already uses is refused with its message', async () => {
    const first = await createPage(page())
    const taken = PAGE_MESSAGES.slugTaken(first.slug)
    await expect(createPage(page({ slug: first.slug }))).rejects.toMatchObject({ code: 'conflict', message: taken, fields: { slug: taken } })
    const parent = await createPage(page())
    await expect(createPage(page({ slug: first.slug, parentId: parent.id }))).rejects.toMatchObject({ code: 'conflict', message: taken })

    for (const slug of ['gallery', 'admin', 'blogs', 'calendar']) {
      const reserved = PAGE_MESSAGES.reservedSlug(slug)
      expect(reserved).toBe(`The address "/${slug}" is already used by the site. Choose another slug.`)
      await expect(createPage(page({ slug }))).rejects.toMatchObject({ code: 'invalid', message: reserved, fields: { slug: reserved } })
    }
    await expect(createPage(page({ slug: 'Not A Slug' }))).rejects.toMatchObject({ message: PAGE_MESSAGES.slugFormat })
    await expect(createPage(page({ title: '!!!', slug: '' }))).rejects.toMatchObject({ message: PAGE_MESSAGES.slugFromTitle })
    expect(await db.selectFrom('pages').select('id').where('slug', 'in', ['gallery', 'admin', 'blogs', 'calendar']).execute()).toEqual([])
  })

  test('pages nest one level: the parent must be another top-level page, and a page with children stays at the top', async () => {
    const parent = await createPage(page({ title: uniqueTitle('About') }))
    const child = await createPage(page({ title: uniqueTitle('Governors'), parentId: parent.id }))
    expect(child.parentId).toBe(parent.id)

    await expect(createPage(page({ parentId: child.id }))).rejects.toMatchObject({ code: 'invalid', message: PAGE_MESSAGES.parentIsChild(child.title), fields: { parentId: PAGE_MESSAGES.parentIsChild(child.title) } })
    await expect(updatePage(parent.id, { ...parent, parentId: parent.id })).rejects.toMatchObject({ message: PAGE_MESSAGES.ownParent })
    const other = await createPage(page())
    await expect(updatePage(parent.id, { ...parent, parentId: other.id })).rejects.toMatchObject({ message: PAGE_MESSAGES.hasChildren(parent.title, 1) })
    await expect(createPage(page({ parentId: 'no-such-page' }))).rejects.toMatchObject({ message: PAGE_MESSAGES.parentNotFound })

    // A page without children moves under another top-level page, last among its new siblings.
    const moved = await updatePage(other.id, { ...other, parentId: parent.id })
    expect(moved).toMatchObject({ parentId: parent.id, sortOrder: child.sortOrder + 1 })
  })

  test('a page with child pages cannot be deleted; deleting a page removes its menu entries and the entries under them', async () => {
    const parent = await createPage(page({ title: 'Admissions' , slug: `admissions-${newId().slice(0, 8)}` }))
    const children = [await createPage(page({ parentId: parent.id })), await createPage(page({ parentId: parent.id }))]
    await expect(deletePage(parent.id)).rejects.toMatchObject({ code: 'conflict', message: '"Admissions" has 2 child pages. Move or delete them first.' })
    expect(await storedRow(parent.id)).toBeDefined()

    const entry = newId()
    const underEntry = newId()
    const otherEntry = newId()
    await db
      .insertInto('menu_items')
      .values([
        { id: entry, menu: 'header', label: 'Admissions', link_kind: 'page', page_id: parent.id, sort_order: 90 },
        { id: underEntry, menu: 'header', parent_id: entry, label: 'Open days', link_kind: 'url', url: 'https://example.org', sort_order: 0 },
        { id: otherEntry, menu: 'footer', label: 'Apply', link_kind: 'page', page_id: children[0]!.id, sort_order: 90 },
      ])
      .execute()
    const { changes } = await recordChanges(['pages', 'menu_items'], async () => {
      await deletePage(children[0]!.id)
      await deletePage(children[1]!.id)
      await deletePage(parent.id)
    })
    expect(changes).toEqual([
      { table: 'menu_items', type: 'delete', id: otherEntry },
      { table: 'pages', type: 'delete', id: children[0]!.id },
      { table: 'pages', type: 'delete', id: children[1]!.id },
      expect.objectContaining({ table: 'menu_items', type: 'delete' }),
      expect.objectContaining({ table: 'menu_items', type: 'delete' }),
      { table: 'pages', type: 'delete', id: parent.id },
    ])
    expect(changes.filter((change) => change.table === 'menu_items').map((change) => change.id).sort()).toEqual([entry, underEntry, otherEntry].sort())
    expect(await db.selectFrom('menu_items').select('id').where('id', 'in', [entry, underEntry, otherEntry]).execute()).toEqual([])
    // The menus' own entries stay.
    expect((await db.selectFrom('menu_items').select('id').where('link_kind', '=', 'screen').execute()).length).toBeGreaterThan(0)
  })

  test('pages move up and down among their siblings only, each moved page announced', async () => {
    const parent = await createPage(page())
    const [a, b, c] = [await createPage(page({ parentId: parent.id })), await createPage(page({ parentId: parent.id })), await createPage(page({ parentId: parent.id }))]
    const order = async () => (await listPages()).filter((entry) => entry.parentId === parent.id).map((entry) => entry.id)
    expect(await order()).toEqual([a.id, b.id, c.id])

    const { changes } = await recordChanges(['pages'], () => movePage(c.id, 'up'))
    expect(await order()).toEqual([a.id, c.id, b.id])
    expect(changes.map((change) => change.id).sort()).toEqual([b.id, c.id].sort())

    await movePage(a.id, 'down')
    expect(await order()).toEqual([c.id, a.id, b.id])
    const { changes: none } = await recordChanges(['pages'], () => movePage(c.id, 'up'))
    expect(none).toEqual([])
    expect(await order()).toEqual([c.id, a.id, b.id])
    await expect(movePage('no-such-page', 'up')).rejects.toMatchObject({ code: 'not_found' })
  })

  test('drafts, scheduled pages and children of hidden parents are not public, in the reads and at their address', async () => {
    const live = await createPage(page())
    const draft = await createPage(page({ publication: { state: 'draft' } }))
    const scheduled = await createPage(page({ publication: { state: 'scheduled', publishAt: '2099-01-01T09:00' } }))
    const childOfDraft = await createPage(page({ parentId: draft.id }))
    const child = await createPage(page({ parentId: live.id }))
    expect(scheduled.status).toBe('published')

    const publicIds = (await listPublicPages()).map((entry) => entry.id)
    expect(publicIds).toEqual(expect.arrayContaining([live.id, child.id]))
    for (const hidden of [draft, scheduled, childOfDraft]) {
      expect(publicIds).not.toContain(hidden.id)
      expect(await getPublicPageBySlug(hidden.slug)).toBeNull()
    }
    expect((await getPublicPageBySlug(live.slug))?.children.map((entry) => entry.id)).toEqual([child.id])
    expect(await getPublicPageBySlug(scheduled.slug, new Date('2099-01-02T00:00:00Z'))).not.toBeNull()

    expect(await statusOf(loadPublicPage({ slug: live.slug }))).toBe(200)
    expect(await statusOf(loadPublicPage({ parent: live.slug, slug: child.slug }))).toBe(200)
    expect(await statusOf(loadPublicPage({ slug: draft.slug }))).toBe(404)
    expect(await statusOf(loadPublicPage({ slug: scheduled.slug }))).toBe(404)
    expect(await statusOf(loadPublicPage({ parent: draft.slug, slug: childOfDraft.slug }))).toBe(404)
    expect(await statusOf(loadPublicPage({ slug: 'no-such-page-at-all' }))).toBe(404)
    // A child only under its own parent; alone, its address moved to its parent's.
    expect(await statusOf(loadPublicPage({ parent: draft.slug, slug: child.slug }))).toBe(404)
    expect(await statusOf(loadPublicPage({ slug: child.slug }))).toBe(301)
  })

  test('publishing is refused for an undescribed image, and a draft keeps it; every save is a revision that can be restored', async () => {
    const content = '<p>Our hall</p><img src="https://example.org/hall.jpg">'
    const message = PUBLICATION_MESSAGES.undescribedImages(['the image "hall.jpg"'])
    await expect(createPage(page({ content }))).rejects.toMatchObject({ code: 'invalid', message, fields: { content: message } })
    const draft = await createPage(page({ content, publication: { state: 'draft' } }))
    expect(draft.status).toBe('draft')
    await expect(updatePage(draft.id, { ...draft, publication: { state: 'published' } })).rejects.toMatchObject({ message })
    const published = await updatePage(draft.id, { ...draft, content: '<p>Our hall</p><img src="https://example.org/hall.jpg" alt="The school hall">', publication: { state: 'published' } })
    expect(published.status).toBe('published')

    const renamed = await updatePage(draft.id, { ...published, title: 'Our hall, renamed' })

    const revisions = await listPageRevisions(draft.id)
    expect(revisions.map((revision) => revision.snapshot.title)).toEqual([renamed.title, published.title, draft.title])
    expect(revisions[2]!.snapshot.content).toBe(draft.content)
    const restored = await restorePageRevision(draft.id, revisions[1]!.id)
    expect(restored).toMatchObject({ title: published.title, content: published.content, status: 'published' })
    expect(await listPageRevisions(draft.id)).toHaveLength(4)
    // Restoring words that would publish an undescribed image is refused like any save.
    await expect(restorePageRevision(draft.id, revisions[2]!.id)).rejects.toMatchObject({ message })
    await expect(restorePageRevision(draft.id, 'no-such-revision')).rejects.toMatchObject({ message: PAGE_MESSAGES.revisionNotFound })
    await deletePage(draft.id)
    expect(await db.selectFrom('revisions').select('id').where('subject', '=', 'pages').where('subject_id', '=', draft.id).execute()).toEqual([])
  })

  test('a shared preview link shows a draft page to anyone, then leads to its address once it is public', async () => {
    const { createPreviewLink } = await import('#app/services/publishing/preview-links.server.ts')
    const { loader: sharedPreviewLoader } = await import('#app/routes/site/shared-preview.tsx')
    const parent = await createPage(page())
    const draft = await createPage(page({ title: uniqueTitle('Governors'), parentId: parent.id, publication: { state: 'draft' } }))
    const { token } = await createPreviewLink({ subject: 'pages', id: draft.id })
    const args = { params: { token }, request: new Request(`http://localhost/preview/${token}`), context: {} } as unknown as Parameters<typeof sharedPreviewLoader>[0]
    expect(await sharedPreviewLoader(args)).toMatchObject({ preview: { kind: 'page', page: { title: draft.title }, parent: { slug: parent.slug }, state: 'draft' } })
    await updatePage(draft.id, { ...draft, parentId: parent.id, publication: { state: 'published' } })
    const answer = await sharedPreviewLoader(args).catch((thrown: unknown) => thrown)
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).headers.get('Location')).toBe(`/${parent.slug}/${draft.slug}`)
  })
})
