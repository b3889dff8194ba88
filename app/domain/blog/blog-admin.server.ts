import { publishChanges } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { sanitizeHtml } from '#app/lib/html-sanitizer.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { removeStoredFiles, storeImage } from '#app/lib/uploads/uploads.server.ts'
import { writeWithUpload } from '#app/lib/uploads/write-with-upload.server.ts'
import { newId, now } from '#db/portable.ts'
import { BLOG_MESSAGES, blogSchema, type BlogInput } from './blog.schema.ts'

const BLOG_COVER_URL_PREFIX = '/files/blogs/'

/** What the form gives, plus the checked bytes of an uploaded cover, which replaces the current one. */
export type BlogSubmission = Omit<BlogInput, 'coverFile'> & { coverBytes?: Uint8Array | null }

/** A refused write names the field at fault; a 404 when the post is gone. */
export type BlogWriteResult = { ok: true; id: string } | { ok: false; status: 400 | 404; error: string; field?: 'slug' | 'content' }

const NOT_FOUND = { ok: false, status: 404, error: BLOG_MESSAGES.notFound } as const
const SLUG_TAKEN = { ok: false, status: 400, error: BLOG_MESSAGES.slugTaken, field: 'slug' } as const

/** The editor keeps an empty paragraph after a final heading or list: it would only add space below the post. */
function withoutTrailingEmptyParagraphs(html: string) {
  return html.replace(/(?:<p>(?:\s|<br\s*\/?>)*<\/p>)+$/, '')
}

async function slugTakenByAnother(slug: string, id: string) {
  const other = await db.selectFrom('blogs').select('id').where('slug', '=', slug).where('id', '<>', id).executeTakeFirst()
  return other !== undefined
}

/** Removes an uploaded cover once no post shows it any more. */
async function removeUnusedCover(url: string | null) {
  if (!url?.startsWith(BLOG_COVER_URL_PREFIX)) return
  const stillShown = await db.selectFrom('blogs').select('id').where('cover_image', '=', url).executeTakeFirst()
  if (!stillShown) await removeStoredFiles(storage, [url])
}

/**
 * The shared path of create and update: sanitise the content, check the slug,
 * store the cover, then run the row write. A slug taken between the check and
 * the write trips the unique constraint: that write is answered like the
 * check, and the cover it had just stored is removed.
 */
async function writeBlog(
  id: string,
  input: BlogSubmission,
  write: (fields: { content: string; uploadedCover: string | null }) => Promise<boolean>,
): Promise<BlogWriteResult> {
  const content = withoutTrailingEmptyParagraphs(sanitizeHtml(input.content))
  // Checked again as stored: unsafe markup alone leaves nothing, and escaping (& → &amp;) can take text past the limit.
  const checked = blogSchema.shape.content.safeParse(content)
  if (!checked.success) return { ok: false, status: 400, error: checked.error.issues[0]?.message ?? BLOG_MESSAGES.contentRequired, field: 'content' }
  if (await slugTakenByAnother(input.slug, id)) return SLUG_TAKEN
  const bytes = input.coverBytes
  const store = bytes ? () => storeImage(storage, 'blogs', bytes) : null
  let slugTaken = false
  const written = await writeWithUpload(store, async (uploadedCover) => {
    try {
      return await write({ content, uploadedCover })
    } catch (error) {
      if (!(await slugTakenByAnother(input.slug, id))) throw error
      slugTaken = true
      return false
    }
  })
  if (slugTaken) return SLUG_TAKEN
  return written ? { ok: true, id } : NOT_FOUND
}

/** Spec §7: insert {title, slug, excerpt, content, cover_image or null}, published now. */
export async function createBlogPost(input: BlogSubmission): Promise<BlogWriteResult> {
  const id = newId()
  const result = await writeBlog(id, input, async ({ content, uploadedCover }) => {
    const publishedAt = now()
    await db
      .insertInto('blogs')
      .values({ id, title: input.title, slug: input.slug, excerpt: input.excerpt, content, cover_image: uploadedCover, published_at: publishedAt, updated_at: publishedAt })
      .execute()
    return true
  })
  if (result.ok) await publishChanges({ table: 'blogs', type: 'insert', id })
  return result
}

/** Spec §7: update by id with the same fields; the publication date stays, updated_at moves. The replaced cover goes after the commit. */
export async function updateBlogPost(id: string, input: BlogSubmission): Promise<BlogWriteResult> {
  const previous = await db.selectFrom('blogs').select('cover_image').where('id', '=', id).executeTakeFirst()
  if (!previous) return NOT_FOUND
  let cover: string | null = null
  const result = await writeBlog(id, input, async ({ content, uploadedCover }) => {
    cover = uploadedCover ?? (input.removeCover ? null : previous.cover_image)
    const updated = await db
      .updateTable('blogs')
      .set({ title: input.title, slug: input.slug, excerpt: input.excerpt, content, cover_image: cover, updated_at: now() })
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(updated.numUpdatedRows) > 0
  })
  if (!result.ok) return result
  await publishChanges({ table: 'blogs', type: 'update', id })
  if (previous.cover_image !== cover) await removeUnusedCover(previous.cover_image)
  return result
}

/** False when no post has that id. Its cover goes once the row is gone. */
export async function deleteBlogPost(id: string): Promise<boolean> {
  const previous = await db.selectFrom('blogs').select('cover_image').where('id', '=', id).executeTakeFirst()
  if (!previous) return false
  const deleted = await db.deleteFrom('blogs').where('id', '=', id).executeTakeFirst()
  if (Number(deleted.numDeletedRows) === 0) return false
  await publishChanges({ table: 'blogs', type: 'delete', id })
  await removeUnusedCover(previous.cover_image)
  return true
}
