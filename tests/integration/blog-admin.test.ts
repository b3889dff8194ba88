import sharp from 'sharp'
import { describe, expect, test, vi } from 'vitest'
import { createBlogPost, deleteBlogPost, updateBlogPost, type BlogSubmission } from '#app/domain/blog/blog-admin.server.ts'
import { BLOG_MESSAGES } from '#app/domain/blog/blog.schema.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { IMAGE_VARIANT_WIDTHS, variantUrl } from '#app/lib/uploads/image-variants.ts'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

function coverBytes(background = '#4488cc') {
  return sharp({ create: { width: 800, height: 400, channels: 3, background } }).png().toBuffer()
}

let slugCount = 0
function submission(overrides: Partial<BlogSubmission> = {}): BlogSubmission {
  slugCount += 1
  return {
    title: 'Sports Day',
    slug: `sports-day-${slugCount}-${newId().slice(0, 8)}`,
    excerpt: null,
    content: '<p>Races on the <strong>field</strong>.</p>',
    removeCover: false,
    coverBytes: null,
    ...overrides,
  }
}

async function storedRow(id: string) {
  return db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst()
}

async function isStored(url: string | null | undefined) {
  const location = url ? parsePublicUrl(url) : null
  if (!location) return false
  const object = await storage.get(location.bucket, location.key)
  object?.body.destroy()
  return object !== null
}

/** The cover and each of its width copies. */
async function coverFilesStored(url: string | null | undefined) {
  if (!url) return []
  return Promise.all([url, ...IMAGE_VARIANT_WIDTHS.map((width) => variantUrl(url, width))].map(isStored))
}

async function created(input: BlogSubmission) {
  const result = await createBlogPost(input)
  if (!result.ok) throw new Error(result.error)
  return result.id
}

describe(`blog posts on ${database.engine}`, () => {
  test('a new post is published now, with sanitised content and its cover in the blogs bucket', async () => {
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['blogs'], (change) => changes.push(change))
    const before = Date.now()
    const input = submission({ content: '<p>Hello <a href="javascript:alert(1)">there</a></p><script>alert(1)</script><p></p><p><br></p>', coverBytes: await coverBytes() })
    const id = await created(input)
    unsubscribe()

    const row = (await storedRow(id))!
    expect(row).toMatchObject({ title: 'Sports Day', slug: input.slug, excerpt: null, content: '<p>Hello <a>there</a></p>' })
    expect(row.cover_image).toMatch(/^\/files\/blogs\/.+\.webp$/)
    expect(await coverFilesStored(row.cover_image)).toEqual([true, true, true])
    expect(new Date(row.published_at).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(new Date(row.updated_at).getTime()).toBe(new Date(row.published_at).getTime())
    expect(changes).toEqual([{ table: 'blogs', type: 'insert', id }])
  })

  test('a slug is unique: a second post or an edit taking it is refused and nothing is stored', async () => {
    const first = submission()
    const firstId = await created(first)
    const put = vi.spyOn(storage, 'put')
    try {
      expect(await createBlogPost(submission({ slug: first.slug, coverBytes: await coverBytes() }))).toEqual({
        ok: false,
        status: 400,
        error: BLOG_MESSAGES.slugTaken,
        field: 'slug',
      })
      const secondId = await created(submission({ title: 'Second' }))
      expect(await updateBlogPost(secondId, submission({ title: 'Second, renamed', slug: first.slug, coverBytes: await coverBytes() }))).toMatchObject({
        ok: false,
        error: BLOG_MESSAGES.slugTaken,
      })
      expect(put).not.toHaveBeenCalled()
      expect(await storedRow(secondId)).toMatchObject({ title: 'Second' })
      // A post keeps its own slug on edit.
      expect(await updateBlogPost(firstId, { ...first, title: 'Sports Day 2027' })).toEqual({ ok: true, id: firstId })
    } finally {
      put.mockRestore()
    }
    const rows = await db.selectFrom('blogs').select('id').where('slug', '=', first.slug).execute()
    expect(rows).toEqual([{ id: firstId }])
  })

  test('a slug taken while the cover uploads trips the unique constraint: refused, and the stored cover is removed', async () => {
    const input = submission({ coverBytes: await coverBytes() })
    const originalPut = storage.put.bind(storage)
    const put = vi.spyOn(storage, 'put').mockImplementation(async (...args) => {
      await originalPut(...args)
      // Another editor publishes the same slug between the check and the insert.
      await db.insertInto('blogs').values({ id: newId(), title: 'Faster', slug: input.slug, content: '<p>First!</p>' }).onConflict((conflict) => conflict.doNothing()).execute()
    })
    try {
      expect(await createBlogPost(input)).toMatchObject({ ok: false, error: BLOG_MESSAGES.slugTaken, field: 'slug' })
      expect(put).toHaveBeenCalled()
      for (const [bucket, key] of put.mock.calls) expect(await storage.get(bucket, key)).toBeNull()
    } finally {
      put.mockRestore()
    }
    expect(await db.selectFrom('blogs').select('title').where('slug', '=', input.slug).execute()).toEqual([{ title: 'Faster' }])
  })

  test('replacing the cover removes the old files after the update; keeping it keeps them; Remove clears them', async () => {
    const input = submission({ coverBytes: await coverBytes() })
    const id = await created(input)
    const first = (await storedRow(id))!

    expect(await updateBlogPost(id, { ...input, coverBytes: await coverBytes('#cc8844') })).toMatchObject({ ok: true })
    const second = (await storedRow(id))!
    expect(second.cover_image).not.toBe(first.cover_image)
    expect(await coverFilesStored(first.cover_image)).toEqual([false, false, false])
    expect(await coverFilesStored(second.cover_image)).toEqual([true, true, true])
    expect(new Date(second.published_at).getTime()).toBe(new Date(first.published_at).getTime())
    expect(new Date(second.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(first.updated_at).getTime())

    const withoutNewCover = { ...input, coverBytes: null }
    expect(await updateBlogPost(id, { ...withoutNewCover, excerpt: 'A day of races.' })).toMatchObject({ ok: true })
    expect(await storedRow(id)).toMatchObject({ excerpt: 'A day of races.', cover_image: second.cover_image })
    expect(await coverFilesStored(second.cover_image)).toEqual([true, true, true])

    expect(await updateBlogPost(id, { ...withoutNewCover, removeCover: true })).toMatchObject({ ok: true })
    expect((await storedRow(id))!.cover_image).toBeNull()
    expect(await coverFilesStored(second.cover_image)).toEqual([false, false, false])
  })

  test('deleting a post removes its cover; an unknown id changes nothing and stores nothing', async () => {
    const id = await created(submission({ coverBytes: await coverBytes() }))
    const cover = (await storedRow(id))!.cover_image
    expect(await deleteBlogPost(id)).toBe(true)
    expect(await storedRow(id)).toBeUndefined()
    expect(await coverFilesStored(cover)).toEqual([false, false, false])

    const put = vi.spyOn(storage, 'put')
    try {
      expect(await updateBlogPost('no-such-id', submission({ coverBytes: await coverBytes() }))).toEqual({ ok: false, status: 404, error: BLOG_MESSAGES.notFound })
      expect(put).not.toHaveBeenCalled()
    } finally {
      put.mockRestore()
    }
    expect(await deleteBlogPost('no-such-id')).toBe(false)
  })

  test('content that is empty once sanitised is refused before anything is stored', async () => {
    const input = submission({ content: '<p></p><script>alert(1)</script><p> </p>', coverBytes: await coverBytes() })
    const put = vi.spyOn(storage, 'put')
    try {
      expect(await createBlogPost(input)).toEqual({ ok: false, status: 400, error: BLOG_MESSAGES.contentRequired, field: 'content' })
      expect(put).not.toHaveBeenCalled()
    } finally {
      put.mockRestore()
    }
    expect(await db.selectFrom('blogs').select('id').where('slug', '=', input.slug).executeTakeFirst()).toBeUndefined()
  })
})
