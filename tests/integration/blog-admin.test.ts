import sharp from 'sharp'
import { describe, expect, test, vi } from 'vitest'
import { createBlogPost, deleteBlogPost, updateBlogPost, type BlogSubmission } from '#app/domain/blog/blog-admin.server.ts'
import { BLOG_MESSAGES } from '#app/domain/blog/blog.schema.ts'
import { CONTENT_ACCESSIBILITY_MESSAGES } from '#app/domain/publishing/content-accessibility.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { IMAGE_VARIANT_WIDTHS, variantUrl } from '#app/lib/uploads/image-variants.ts'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { isStored } from '#tests/setup/stored-files.ts'

const database = prepareTestDatabase()

async function coverFile(background = '#4488cc') {
  const bytes = await sharp({ create: { width: 800, height: 400, channels: 3, background } }).png().toBuffer()
  return new File([new Uint8Array(bytes)], 'cover.png', { type: 'image/png' })
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
    coverFile: null,
    coverAlt: 'Pupils racing on the field',
    ...overrides,
  }
}

async function storedRow(id: string) {
  return db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The cover and each of its width copies. */
async function coverFilesStored(url: string | null | undefined) {
  if (!url) return []
  return Promise.all([url, ...IMAGE_VARIANT_WIDTHS.map((width) => variantUrl(url, width))].map(isStored))
}

async function created(input: BlogSubmission) {
  return (await createBlogPost(input)).id
}

const slugTaken = { code: 'conflict', message: BLOG_MESSAGES.slugTaken, fields: { slug: BLOG_MESSAGES.slugTaken } }

describe(`blog posts on ${database.engine}`, () => {
  test('a new post is published now, with sanitised content and its cover in the blogs bucket', async () => {
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['blogs'], (change) => changes.push(change))
    const before = Date.now()
    const input = submission({ content: '<p>Hello <a href="javascript:alert(1)">there</a></p><script>alert(1)</script><p></p><p><br></p>', coverFile: await coverFile() })
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
      await expect(createBlogPost(submission({ slug: first.slug, coverFile: await coverFile() }))).rejects.toMatchObject(slugTaken)
      const secondId = await created(submission({ title: 'Second' }))
      await expect(updateBlogPost(secondId, submission({ title: 'Second, renamed', slug: first.slug, coverFile: await coverFile() }))).rejects.toMatchObject(slugTaken)
      // The covers were stored before the check and removed when it refused.
      for (const [bucket, key] of put.mock.calls) expect(await storage.get(bucket, key)).toBeNull()
      expect(await storedRow(secondId)).toMatchObject({ title: 'Second' })
      // A post keeps its own slug on edit.
      expect(await updateBlogPost(firstId, { ...first, title: 'Sports Day 2027' })).toMatchObject({ id: firstId, title: 'Sports Day 2027' })
    } finally {
      put.mockRestore()
    }
    const rows = await db.selectFrom('blogs').select('id').where('slug', '=', first.slug).execute()
    expect(rows).toEqual([{ id: firstId }])
  })

  test('a slug taken while the cover uploads trips the unique constraint: refused, and the stored cover is removed', async () => {
    const input = submission({ coverFile: await coverFile() })
    const originalPut = storage.put.bind(storage)
    const put = vi.spyOn(storage, 'put').mockImplementation(async (...args) => {
      await originalPut(...args)
      // Another editor publishes the same slug between the check and the insert.
      await db.insertInto('blogs').values({ id: newId(), title: 'Faster', slug: input.slug, content: '<p>First!</p>' }).onConflict((conflict) => conflict.doNothing()).execute()
    })
    try {
      await expect(createBlogPost(input)).rejects.toMatchObject(slugTaken)
      expect(put).toHaveBeenCalled()
      for (const [bucket, key] of put.mock.calls) expect(await storage.get(bucket, key)).toBeNull()
    } finally {
      put.mockRestore()
    }
    expect(await db.selectFrom('blogs').select('title').where('slug', '=', input.slug).execute()).toEqual([{ title: 'Faster' }])
  })

  test('replacing the cover removes the old files after the update; keeping it keeps them; Remove clears them', async () => {
    const input = submission({ coverFile: await coverFile() })
    const id = await created(input)
    const first = (await storedRow(id))!

    await expect(updateBlogPost(id, { ...input, coverFile: await coverFile('#cc8844') })).resolves.toMatchObject({ id })
    const second = (await storedRow(id))!
    expect(second.cover_image).not.toBe(first.cover_image)
    expect(await coverFilesStored(first.cover_image)).toEqual([false, false, false])
    expect(await coverFilesStored(second.cover_image)).toEqual([true, true, true])
    expect(new Date(second.published_at).getTime()).toBe(new Date(first.published_at).getTime())
    expect(new Date(second.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(first.updated_at).getTime())

    const withoutNewCover = { ...input, coverFile: null }
    await expect(updateBlogPost(id, { ...withoutNewCover, excerpt: 'A day of races.' })).resolves.toMatchObject({ id })
    expect(await storedRow(id)).toMatchObject({ excerpt: 'A day of races.', cover_image: second.cover_image })
    expect(await coverFilesStored(second.cover_image)).toEqual([true, true, true])

    await expect(updateBlogPost(id, { ...withoutNewCover, removeCover: true })).resolves.toMatchObject({ id })
    expect((await storedRow(id))!.cover_image).toBeNull()
    expect(await coverFilesStored(second.cover_image)).toEqual([false, false, false])
  })

  test('deleting a post removes its cover; an unknown id changes nothing and stores nothing', async () => {
    const id = await created(submission({ coverFile: await coverFile() }))
    const cover = (await storedRow(id))!.cover_image
    await deleteBlogPost(id)
    expect(await storedRow(id)).toBeUndefined()
    expect(await coverFilesStored(cover)).toEqual([false, false, false])

    const put = vi.spyOn(storage, 'put')
    try {
      await expect(updateBlogPost('no-such-id', submission({ coverFile: await coverFile() }))).rejects.toMatchObject({ code: 'not_found', message: BLOG_MESSAGES.notFound })
      for (const [bucket, key] of put.mock.calls) expect(await storage.get(bucket, key)).toBeNull()
    } finally {
      put.mockRestore()
    }
    await expect(deleteBlogPost('no-such-id')).rejects.toMatchObject({ code: 'not_found' })
  })

  test('content that is empty once sanitised is refused before anything is stored', async () => {
    const input = submission({ content: '<p></p><script>alert(1)</script><p> </p>', coverFile: await coverFile() })
    const put = vi.spyOn(storage, 'put')
    try {
      await expect(createBlogPost(input)).rejects.toMatchObject({ code: 'invalid', message: BLOG_MESSAGES.contentRequired, fields: { content: BLOG_MESSAGES.contentRequired } })
      expect(put).not.toHaveBeenCalled()
    } finally {
      put.mockRestore()
    }
    expect(await db.selectFrom('blogs').select('id').where('slug', '=', input.slug).executeTakeFirst()).toBeUndefined()
  })
})

describe(`alt text before publishing, on ${database.engine}`, () => {
  const undescribed = (names: string[]) => BLOG_MESSAGES.undescribedImages(names)
  const storedSlugs = async () => (await db.selectFrom('blogs').select('slug').execute()).map((row) => row.slug).sort()

  test('a picture in the text without alt text keeps the post from going public, named by its file; alt="" (decorative) or alt text lets it', async () => {
    const before = await storedSlugs()
    const bare = '<p>Our trip</p><img src="/files/uploads/beach-trip.webp">'
    await expect(createBlogPost(submission({ content: bare }))).rejects.toMatchObject({
      code: 'invalid',
      message: undescribed(['the image "beach-trip.webp"']),
      fields: { content: undescribed(['the image "beach-trip.webp"']) },
    })
    expect(await storedSlugs()).toEqual(before)

    // A picture from the media library goes by the name it was uploaded with.
    await db.insertInto('media').values({ id: newId(), url: '/files/uploads/abc.webp', file_name: 'IMG_2041.HEIC', created_by: null }).execute()
    await expect(createBlogPost(submission({ content: '<img src="/files/uploads/abc.webp">' }))).rejects.toMatchObject({ message: undescribed(['the image "IMG_2041.HEIC"']) })

    await expect(createBlogPost(submission({ content: '<p>Our trip</p><img src="/files/uploads/beach-trip.webp" alt="">' }))).resolves.toMatchObject({ status: 'published' })
    await expect(createBlogPost(submission({ content: '<p>Our trip</p><img src="/files/uploads/beach-trip.webp" alt="Pupils on the beach">' }))).resolves.toMatchObject({ status: 'published' })
  })

  test('a heading that skips a level or a link saying "click here" keeps the post from going public; as a draft it is saved', async () => {
    const content = '<p>Menu: <a href="https://example.org/menu">click here</a></p><h3>Results</h3>'
    const expected = BLOG_MESSAGES.inaccessibleText([CONTENT_ACCESSIBILITY_MESSAGES.vagueLink('click here'), CONTENT_ACCESSIBILITY_MESSAGES.skippedHeading('Results', 3, 2)])
    await expect(createBlogPost(submission({ content }))).rejects.toMatchObject({ code: 'invalid', message: expected, fields: { content: expected } })
    await expect(createBlogPost(submission({ content, publication: { state: 'draft' } }))).resolves.toMatchObject({ status: 'draft' })
  })

  test('a draft is saved without descriptions; publishing it asks for each missing one, cover first; describing them publishes it', async () => {
    const draft = await createBlogPost(submission({ content: '<img src="/files/uploads/a.webp">', coverFile: await coverFile(), coverAlt: '', publication: { state: 'draft' } }))
    expect(draft).toMatchObject({ status: 'draft', coverAlt: '', coverDecorative: false })
    const publish = (changes: Partial<BlogSubmission>) => updateBlogPost(draft.id, submission({ slug: draft.slug, publication: { state: 'published' }, ...changes }))
    await expect(publish({ content: '<img src="/files/uploads/a.webp">', coverAlt: '' })).rejects.toMatchObject({
      message: undescribed(['the cover image', 'the image "a.webp"']),
      fields: { coverAlt: undescribed(['the cover image', 'the image "a.webp"']), content: undescribed(['the cover image', 'the image "a.webp"']) },
    })
    expect((await db.selectFrom('blogs').select('status').where('id', '=', draft.id).executeTakeFirstOrThrow()).status).toBe('draft')
    const published = await publish({ content: '<img src="/files/uploads/a.webp" alt="A map of the route">', coverAlt: 'x', coverDecorative: true })
    expect(published).toMatchObject({ status: 'published', coverAlt: '', coverDecorative: true })
    // Saved again without a word about the cover (the content API leaves it out): its description stays.
    const { coverAlt: _, coverDecorative: __, ...withoutDescription } = submission({ slug: draft.slug, content: '<p>Route changed.</p>' })
    await expect(updateBlogPost(draft.id, withoutDescription)).resolves.toMatchObject({ coverDecorative: true })
  })

  test("a cover's focal point is kept until changed, and a new cover starts in the middle", async () => {
    const post = await createBlogPost(submission({ coverFile: await coverFile(), coverFocalX: 0.4, coverFocalY: 0.1 }))
    expect(post.coverFocal).toEqual({ x: 0.4, y: 0.1 })
    const { coverFocalX: _, coverFocalY: __, ...sameCover } = submission({ slug: post.slug })
    await expect(updateBlogPost(post.id, sameCover)).resolves.toMatchObject({ coverFocal: { x: 0.4, y: 0.1 } })
    await expect(updateBlogPost(post.id, submission({ slug: post.slug, coverFile: await coverFile('#123456') }))).resolves.toMatchObject({ coverFocal: { x: 0.5, y: 0.5 } })
  })
})
