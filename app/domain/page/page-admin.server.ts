import type { Kysely } from 'kysely'
import { deleteMenuItemsLinkingTo } from '#app/domain/menu/menu-admin.server.ts'
import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { removeFileOnceUnused, writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import type { Database } from '#db/database.ts'
import { isUniqueViolation, newId, now, readBool, readTimestamp } from '#db/portable.ts'
import type { FocalPoint, ImageDescription } from '../media/media.schema.ts'
import type { PublicationChange } from '../publishing/publication.ts'
import { publicationToStore } from '../publishing/publication.server.ts'
import {
  coverDescription,
  coverFocal,
  publishingClock,
  refuseUnreadableForScreenReaders,
  storedCoverImage,
  storedRichText,
  type CoverSubmission,
} from '../publishing/publishable-item.server.ts'
import { forgetRevisions, listRevisions, recordRevision, type Revision } from '../publishing/revisions.server.ts'
import { freeSlugForTitle } from '../publishing/free-slug.server.ts'
import { slugify } from '../publishing/slug.ts'
import { PAGE_LIMITS, PAGE_MESSAGES, pageSlug, pageSnapshotSchema, type MoveDirection, type PageSnapshot } from './page.schema.ts'
import { isReservedPageSlug } from './page-slugs.ts'
import { getPage, toPage } from './page.server.ts'
import type { Page } from './page.ts'

const PAGE_COVER_URL_PREFIX = '/files/pages/'

/**
 * What the form (or the content API) gives: the checked fields, an uploaded
 * cover that replaces the current one, and how the page's publication
 * changes (left out: a new page is published now, a stored one keeps its own).
 */
export interface PageSubmission extends CoverSubmission {
  title: string
  /** Empty or left out: made from the title. */
  slug?: string
  /** Null or left out: a top-level page. */
  parentId?: string | null
  seoDescription?: string | null
  content?: string
  publication?: PublicationChange
}

/** Who is saving: the signed-in member of staff, or the owner of the API key. */
export interface PageAuthor {
  authorId?: string | null
}

const notFound = () => DomainError.notFound(PAGE_MESSAGES.notFound)

/** The slug typed, well formed and none of the site's own addresses; null when left to the title. */
function typedSlug(input: PageSubmission): string | null {
  const slug = input.slug?.trim()
  if (!slug) {
    if (!slugify(input.title)) throw DomainError.invalidField('slug', PAGE_MESSAGES.slugFromTitle)
    return null
  }
  const checked = pageSlug.safeParse(slug)
  if (!checked.success) throw DomainError.invalidField('slug', checked.error.issues[0]?.message ?? PAGE_MESSAGES.slugFormat)
  return checked.data
}

/** A slug made from a title: its own when free, else numbered past the pages and the site's addresses that have it ('calendar-2'). */
function slugForTitle(executor: Kysely<Database>, title: string, exceptId?: string): Promise<string | null> {
  return freeSlugForTitle(executor, 'pages', title, { exceptId, reserved: isReservedPageSlug })
}

/** The slug the editor proposes for a page with this title (`exceptId`: the page being edited). */
export function suggestPageSlug(title: string, exceptId?: string): Promise<string | null> {
  return slugForTitle(db, title, exceptId)
}

/** The slug to store: the one typed when it is free (else refused), or one made free from the title. */
async function slugToStore(tx: WriteTransaction, input: PageSubmission, typed: string | null, id: string): Promise<string> {
  if (typed === null) return (await slugForTitle(tx.db, input.title, id)) ?? ''
  await assertSlugFree(tx, typed, id)
  return typed
}

function storedContent(html: string | undefined): string {
  return storedRichText(html ?? '', (content) => (content.length > PAGE_LIMITS.content ? PAGE_MESSAGES.contentTooLong(PAGE_LIMITS.content) : null))
}

const slugTaken = (slug: string) => DomainError.conflict(PAGE_MESSAGES.slugTaken(slug), { slug: PAGE_MESSAGES.slugTaken(slug) })

async function assertSlugFree(tx: WriteTransaction, slug: string, id: string) {
  const other = await tx.db.selectFrom('pages').select('id').where('slug', '=', slug).where('id', '<>', id).executeTakeFirst()
  if (other) throw slugTaken(slug)
}

/** Another editor can take the slug between the check and the write: the constraint then answers like the check. */
function slugRace(slug: string) {
  return (error: unknown): never => {
    throw isUniqueViolation(error) ? slugTaken(slug) : error
  }
}

async function childCount(tx: WriteTransaction, id: string): Promise<number> {
  const row = await tx.db.selectFrom('pages').select((eb) => eb.fn.countAll().as('count')).where('parent_id', '=', id).executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * Pages nest one level (docs/product-rules.md#pages): the parent must be
 * another page, itself at the top level, and a page with child pages stays
 * at the top level.
 */
async function assertParentAllowed(tx: WriteTransaction, page: { id: string; title: string }, parentId: string | null) {
  if (parentId === null) return
  if (parentId === page.id) throw DomainError.invalidField('parentId', PAGE_MESSAGES.ownParent)
  const parent = await tx.db.selectFrom('pages').select(['title', 'parent_id']).where('id', '=', parentId).executeTakeFirst()
  if (!parent) throw DomainError.invalidField('parentId', PAGE_MESSAGES.parentNotFound)
  if (parent.parent_id !== null) throw DomainError.invalidField('parentId', PAGE_MESSAGES.parentIsChild(parent.title))
  const children = await childCount(tx, page.id)
  if (children > 0) throw DomainError.invalidField('parentId', PAGE_MESSAGES.hasChildren(page.title, children))
}

/** The pages beside one under `parentId` (null: the top level), in their order. */
function siblings(tx: WriteTransaction, parentId: string | null) {
  return tx.db
    .selectFrom('pages')
    .select(['id', 'sort_order'])
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .orderBy('sort_order')
    .orderBy('title')
    .orderBy('id')
    .execute()
}

/** The place after the last of its new siblings. */
async function lastPlace(tx: WriteTransaction, parentId: string | null, exceptId: string): Promise<number> {
  const rows = (await siblings(tx, parentId)).filter((row) => row.id !== exceptId)
  return rows.length ? Math.max(...rows.map((row) => row.sort_order)) + 1 : 0
}

/** Removes a file uploaded for a row of `pages` after commit, once no page shows it any more. */
function removeIfUnused(tx: WriteTransaction, url: string | null) {
  return removeFileOnceUnused(tx, url, PAGE_COVER_URL_PREFIX, (file) => tx.db.selectFrom('pages').select('id').where('cover_image', '=', file).executeTakeFirst())
}

/** The words a revision keeps. */
function snapshotOf(page: Page): PageSnapshot {
  return { title: page.title, slug: page.slug, seoDescription: page.seoDescription, content: page.content }
}

/** The page as the write left it, kept as a revision by `authorId` (the person saving; null for none). */
async function readBackAndRecord(tx: WriteTransaction, id: string, authorId: string | null): Promise<Page> {
  const page = toPage(await tx.db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
  await recordRevision(tx, 'pages', id, snapshotOf(page), authorId)
  return page
}

/** The columns a save writes, the same for a new page and a changed one. */
function pageColumns(page: {
  input: PageSubmission
  slug: string
  content: string
  cover: string | null
  description: ImageDescription
  focal: FocalPoint
  publication: ReturnType<typeof publicationToStore>
}) {
  return {
    title: page.input.title,
    slug: page.slug,
    parent_id: page.input.parentId ?? null,
    seo_description: page.input.seoDescription?.trim() || null,
    content: page.content,
    cover_image: page.cover,
    cover_alt: page.description.alt,
    cover_decorative: page.description.decorative,
    cover_focal_x: page.focal.x,
    cover_focal_y: page.focal.y,
    status: page.publication.status,
    published_at: page.publication.publishedAt,
  }
}

/** A new page, last among its siblings: published now unless the submission says otherwise. */
export async function createPage(input: PageSubmission, { authorId = null }: PageAuthor = {}): Promise<Page> {
  const typed = typedSlug(input)
  let slug = typed ?? ''
  const content = storedContent(input.content)
  const clock = await publishingClock()
  const publication = publicationToStore(input.publication, null, clock)
  const cover = await storedCoverImage(input.coverFile, 'pages')
  const description = coverDescription(input, cover, { alt: '', decorative: false }, false)
  const focal = coverFocal(input, null)
  const id = newId()
  const parentId = input.parentId ?? null
  return writeTransaction(
    async (tx) => {
      slug = await slugToStore(tx, input, typed, id)
      await assertParentAllowed(tx, { id, title: input.title }, parentId)
      await refuseUnreadableForScreenReaders(tx, publication.status, content, { url: cover, ...description })
      await tx.db
        .insertInto('pages')
        .values({
          id,
          ...pageColumns({ input, slug, content, cover, description, focal, publication }),
          sort_order: await lastPlace(tx, parentId, id),
          created_at: clock.now.toISOString(),
          updated_at: clock.now.toISOString(),
        })
        .execute()
      tx.publish({ table: 'pages', type: 'insert', id })
      return readBackAndRecord(tx, id, authorId)
    },
    { uploads: [cover] },
  ).catch((error: unknown) => slugRace(slug)(error))
}

/**
 * The same fields on an existing page; its status and publication date stay
 * unless the submission changes them, updated_at moves. Moved under another
 * parent (or to the top level), it goes last among its new siblings. A
 * replaced cover goes after the commit.
 */
export async function updatePage(id: string, input: PageSubmission, { authorId = null }: PageAuthor = {}): Promise<Page> {
  const typed = typedSlug(input)
  let slug = typed ?? ''
  const content = storedContent(input.content)
  const clock = await publishingClock()
  const uploadedCover = await storedCoverImage(input.coverFile, 'pages')
  const parentId = input.parentId ?? null
  return writeTransaction(
    async (tx) => {
      const previous = await tx.db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst()
      if (!previous) throw notFound()
      const publication = publicationToStore(input.publication, { status: previous.status, publishedAt: readTimestamp(previous.published_at) }, clock)
      const cover = uploadedCover ?? (input.removeCover ? null : previous.cover_image)
      const keptCover = cover === previous.cover_image
      const description = coverDescription(input, cover, { alt: previous.cover_alt, decorative: readBool(previous.cover_decorative) }, keptCover)
      const focal = coverFocal(input, keptCover ? { x: previous.cover_focal_x, y: previous.cover_focal_y } : null)
      slug = await slugToStore(tx, input, typed, id)
      if (parentId !== previous.parent_id) await assertParentAllowed(tx, { id, title: previous.title }, parentId)
      await refuseUnreadableForScreenReaders(tx, publication.status, content, { url: cover, ...description })
      await tx.db
        .updateTable('pages')
        .set({
          ...pageColumns({ input, slug, content, cover, description, focal, publication }),
          sort_order: parentId === previous.parent_id ? previous.sort_order : await lastPlace(tx, parentId, id),
          updated_at: now(),
        })
        .where('id', '=', id)
        .execute()
      tx.publish({ table: 'pages', type: 'update', id })
      if (previous.cover_image !== cover) await removeIfUnused(tx, previous.cover_image)
      return readBackAndRecord(tx, id, authorId)
    },
    { uploads: [uploadedCover] },
  ).catch((error: unknown) => slugRace(slug)(error))
}

/**
 * Deletes the page with the menu entries that link to it (and the entries
 * under those), refused while it has child pages; its cover goes after the
 * commit.
 */
export async function deletePage(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const previous = await tx.db.selectFrom('pages').select(['title', 'cover_image']).where('id', '=', id).executeTakeFirst()
    if (!previous) throw notFound()
    const children = await childCount(tx, id)
    if (children > 0) throw DomainError.conflict(PAGE_MESSAGES.deleteWithChildren(previous.title, children))
    // Its menu entries (and the entries under them) go with it, in this same write.
    await deleteMenuItemsLinkingTo([id])
    await tx.db.deleteFrom('pages').where('id', '=', id).execute()
    await forgetRevisions(tx, 'pages', id)
    tx.publish({ table: 'pages', type: 'delete', id })
    await removeIfUnused(tx, previous.cover_image)
  })
}

/**
 * Moves a page one place up or down among its siblings (the first stays
 * first, the last stays last). The siblings are numbered 0, 1, 2… again, and
 * each page whose place changed is announced.
 */
export async function movePage(id: string, direction: MoveDirection): Promise<void> {
  await writeTransaction(async (tx) => {
    const page = await tx.db.selectFrom('pages').select('parent_id').where('id', '=', id).executeTakeFirst()
    if (!page) throw notFound()
    const order = await siblings(tx, page.parent_id)
    const from = order.findIndex((row) => row.id === id)
    const to = direction === 'up' ? from - 1 : from + 1
    if (to < 0 || to >= order.length) return
    const ids = order.map((row) => row.id)
    ;[ids[from], ids[to]] = [ids[to]!, ids[from]!]
    const stored = new Map(order.map((row) => [row.id, row.sort_order]))
    for (const [place, sibling] of ids.entries()) {
      if (stored.get(sibling) === place) continue
      await tx.db.updateTable('pages').set({ sort_order: place }).where('id', '=', sibling).execute()
      tx.publish({ table: 'pages', type: 'update', id: sibling })
    }
  })
}

/** A page's revisions, newest first; a page that does not exist has none to show and is refused. */
export async function listPageRevisions(id: string): Promise<Revision<PageSnapshot>[]> {
  const page = await db.selectFrom('pages').select('id').where('id', '=', id).executeTakeFirst()
  if (!page) throw notFound()
  return listRevisions('pages', id, (stored) => pageSnapshotSchema.parse(stored))
}

/** A whole page, for its editor; refuses one that does not exist. */
export async function getPageForEditing(id: string): Promise<Page> {
  const page = await getPage(id)
  if (!page) throw notFound()
  return page
}

/** A page's words as they are now, which its history compares each revision with; refuses a page that does not exist. */
export async function currentPageSnapshot(id: string): Promise<PageSnapshot> {
  return snapshotOf(await getPageForEditing(id))
}

/**
 * Puts a revision's title, slug, SEO description and content back through
 * the ordinary update (so the rules hold and the restore is itself a
 * revision). The cover, the place and the publication stay as they are now.
 */
export async function restorePageRevision(id: string, revisionId: string, author: PageAuthor = {}): Promise<Page> {
  const revision = (await listPageRevisions(id)).find((candidate) => candidate.id === revisionId)
  if (!revision) throw DomainError.notFound(PAGE_MESSAGES.revisionNotFound)
  const current = await db.selectFrom('pages').select('parent_id').where('id', '=', id).executeTakeFirstOrThrow()
  return updatePage(id, { ...revision.snapshot, parentId: current.parent_id, coverFile: null, removeCover: false }, author)
}
