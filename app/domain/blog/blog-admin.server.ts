import { db } from '#app/lib/db.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { removeFileOnceUnused, writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { isUniqueViolation, newId, now, readBool, readTimestamp } from '#db/portable.ts'
import { announce } from '../outbox/announce.server.ts'
import { publicationState, type PublicationChange } from '../publishing/publication.ts'
import { publicationToStore, type StoredPublication } from '../publishing/publication.server.ts'
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
import type { FocalPoint, ImageDescription } from '../media/media.schema.ts'
import { BLOG_MESSAGES, blogSchema, blogSnapshotSchema, type BlogInput, type BlogSnapshot } from './blog.schema.ts'
import { getBlogPost, toBlogPost } from './blog.server.ts'
import type { BlogPost } from './blog.ts'

export { publicationFromForm } from '../publishing/publishable-item.server.ts'

const BLOG_COVER_URL_PREFIX = '/files/blogs/'

/**
 * What the form (or the content API) gives: the checked fields, an uploaded
 * cover that replaces the current one, and how the post's publication
 * changes (left out: a new post is published now, a stored one keeps its own).
 */
export type BlogSubmission = Omit<BlogInput, 'coverFile' | 'publication' | 'publishAt' | 'coverAlt' | 'coverDecorative' | 'coverFocalX' | 'coverFocalY'> &
  CoverSubmission & {
    publication?: PublicationChange
  }

const notFound = () => DomainError.notFound(BLOG_MESSAGES.notFound)
const slugTaken = () => DomainError.conflict(BLOG_MESSAGES.slugTaken, { slug: BLOG_MESSAGES.slugTaken })

/** The content as stored: sanitised, then checked again against the post's rules. */
function storedContent(html: string): string {
  return storedRichText(html, (content) => {
    const checked = blogSchema.shape.content.safeParse(content)
    return checked.success ? null : (checked.error.issues[0]?.message ?? BLOG_MESSAGES.contentRequired)
  })
}

const storedCover = (value: unknown) => storedCoverImage(value, 'blogs')

async function assertSlugFree(tx: WriteTransaction, slug: string, id: string) {
  const other = await tx.db.selectFrom('blogs').select('id').where('slug', '=', slug).where('id', '<>', id).executeTakeFirst()
  if (other) throw slugTaken()
}

/** The slug the editor proposes for a post with this title: its own when free, else numbered past the posts that have it (`exceptId`: the post being edited). */
export function suggestBlogPostSlug(title: string, exceptId?: string): Promise<string | null> {
  return freeSlugForTitle(db, 'blogs', title, { exceptId })
}

/** Another editor can take the slug between the check and the write: the constraint then answers like the check. */
function slugRace(error: unknown): never {
  throw isUniqueViolation(error) ? slugTaken() : error
}

/** The words a revision keeps. */
function snapshotOf(post: BlogPost): BlogSnapshot {
  return { title: post.title, slug: post.slug, excerpt: post.excerpt, content: post.content }
}

/** The post as the write left it, kept as a revision by `authorId` (the person saving; null for none). */
async function readBackAndRecord(tx: WriteTransaction, id: string, authorId: string | null): Promise<BlogPost> {
  const post = toBlogPost(await tx.db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
  await recordRevision(tx, 'blogs', id, snapshotOf(post), authorId)
  return post
}

/**
 * A post that becomes public, now or at its scheduled time, is announced to
 * subscribers (docs/product-rules.md#subscriptions); a post already live is
 * not announced again when edited.
 */
async function announceIfGoingLive(tx: WriteTransaction, id: string, previous: StoredPublication | null, publication: StoredPublication, now: Date) {
  if (publication.status !== 'published') return
  if (previous && publicationState(previous, now) === 'published') return
  const goesLiveAt = new Date(publication.publishedAt)
  await announce(tx, { topic: 'news', subjectTable: 'blogs', subjectId: id, deliverAfter: goesLiveAt > now ? goesLiveAt : undefined })
}

/** Who is saving: the signed-in member of staff, or the owner of the API key. */
export interface BlogAuthor {
  authorId?: string | null
}

/** Removes a file uploaded for a row of `blogs` after commit, once no row shows it any more. */
function removeIfUnused(tx: WriteTransaction, url: string | null) {
  return removeFileOnceUnused(tx, url, BLOG_COVER_URL_PREFIX, (file) => tx.db.selectFrom('blogs').select('id').where('cover_image', '=', file).executeTakeFirst())
}

/** The columns a save writes, the same for a new post and a changed one. */
function postColumns(post: {
  input: BlogSubmission
  content: string
  cover: string | null
  description: ImageDescription
  focal: FocalPoint
  publication: ReturnType<typeof publicationToStore>
}) {
  return {
    title: post.input.title,
    slug: post.input.slug,
    excerpt: post.input.excerpt,
    content: post.content,
    cover_image: post.cover,
    cover_alt: post.description.alt,
    cover_decorative: post.description.decorative,
    cover_focal_x: post.focal.x,
    cover_focal_y: post.focal.y,
    status: post.publication.status,
    published_at: post.publication.publishedAt,
  }
}

/** A new post with the given fields: published now unless the submission says otherwise. */
export async function createBlogPost(input: BlogSubmission, { authorId = null }: BlogAuthor = {}): Promise<BlogPost> {
  const content = storedContent(input.content)
  const clock = await publishingClock()
  const publication = publicationToStore(input.publication, null, clock)
  const cover = await storedCover(input.coverFile)
  const description = coverDescription(input, cover, { alt: '', decorative: false }, false)
  const focal = coverFocal(input, null)
  const id = newId()
  return writeTransaction(
    async (tx) => {
      await assertSlugFree(tx, input.slug, id)
      await refuseUnreadableForScreenReaders(tx, publication.status, content, { url: cover, ...description })
      await tx.db
        .insertInto('blogs')
        .values({ id, ...postColumns({ input, content, cover, description, focal, publication }), updated_at: clock.now.toISOString() })
        .execute()
      tx.publish({ table: 'blogs', type: 'insert', id })
      await announceIfGoingLive(tx, id, null, publication, clock.now)
      return readBackAndRecord(tx, id, authorId)
    },
    { uploads: [cover] },
  ).catch(slugRace)
}

/**
 * The same fields on an existing post; its status and publication date stay
 * unless the submission changes them, updated_at moves. A replaced cover goes
 * after the commit.
 */
export async function updateBlogPost(id: string, input: BlogSubmission, { authorId = null }: BlogAuthor = {}): Promise<BlogPost> {
  const content = storedContent(input.content)
  const clock = await publishingClock()
  const uploadedCover = await storedCover(input.coverFile)
  return writeTransaction(
    async (tx) => {
      const previous = await tx.db
        .selectFrom('blogs')
        .select(['cover_image', 'cover_alt', 'cover_decorative', 'cover_focal_x', 'cover_focal_y', 'status', 'published_at'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!previous) throw notFound()
      const stored = { status: previous.status, publishedAt: readTimestamp(previous.published_at) }
      const publication = publicationToStore(input.publication, stored, clock)
      const cover = uploadedCover ?? (input.removeCover ? null : previous.cover_image)
      const keptCover = cover === previous.cover_image
      const description = coverDescription(input, cover, { alt: previous.cover_alt, decorative: readBool(previous.cover_decorative) }, keptCover)
      const focal = coverFocal(input, keptCover ? { x: previous.cover_focal_x, y: previous.cover_focal_y } : null)
      await assertSlugFree(tx, input.slug, id)
      await refuseUnreadableForScreenReaders(tx, publication.status, content, { url: cover, ...description })
      await tx.db
        .updateTable('blogs')
        .set({ ...postColumns({ input, content, cover, description, focal, publication }), updated_at: now() })
        .where('id', '=', id)
        .execute()
      tx.publish({ table: 'blogs', type: 'update', id })
      await announceIfGoingLive(tx, id, stored, publication, clock.now)
      if (previous.cover_image !== cover) await removeIfUnused(tx, previous.cover_image)
      return readBackAndRecord(tx, id, authorId)
    },
    { uploads: [uploadedCover] },
  ).catch(slugRace)
}

/** Deletes the post; its cover goes after the commit. */
export async function deleteBlogPost(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const previous = await tx.db.selectFrom('blogs').select('cover_image').where('id', '=', id).executeTakeFirst()
    if (!previous) throw notFound()
    await tx.db.deleteFrom('blogs').where('id', '=', id).execute()
    await forgetRevisions(tx, 'blogs', id)
    tx.publish({ table: 'blogs', type: 'delete', id })
    await removeIfUnused(tx, previous.cover_image)
  })
}

/** A post's revisions, newest first; a post that does not exist has none to show and is refused. */
export async function listBlogRevisions(id: string): Promise<Revision<BlogSnapshot>[]> {
  const post = await db.selectFrom('blogs').select('id').where('id', '=', id).executeTakeFirst()
  if (!post) throw notFound()
  return listRevisions('blogs', id, (stored) => blogSnapshotSchema.parse(stored))
}

/** A whole post, for its editor; refuses one that does not exist. */
export async function getBlogPostForEditing(id: string): Promise<BlogPost> {
  const post = await getBlogPost(id)
  if (!post) throw notFound()
  return post
}

/** A post's words as they are now, which its history compares each revision with; refuses a post that does not exist. */
export async function currentBlogSnapshot(id: string): Promise<BlogSnapshot> {
  return snapshotOf(await getBlogPostForEditing(id))
}

/**
 * Puts a revision's title, address, excerpt and content back through the
 * ordinary update (so the rules hold, a taken slug is refused, and the
 * restore is itself a new revision). The cover and the publication stay as
 * they are now: an old cover's file may be gone, and restoring words must
 * not publish or hide the post.
 */
export async function restoreBlogRevision(id: string, revisionId: string, author: BlogAuthor = {}): Promise<BlogPost> {
  const revision = (await listBlogRevisions(id)).find((candidate) => candidate.id === revisionId)
  if (!revision) throw DomainError.notFound(BLOG_MESSAGES.revisionNotFound)
  return updateBlogPost(id, { ...revision.snapshot, coverFile: null, removeCover: false }, author)
}
