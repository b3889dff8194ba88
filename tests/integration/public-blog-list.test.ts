import { beforeAll, describe, expect, test } from 'vitest'
import { PUBLIC_POSTS_PAGE_SIZE } from '#app/domain/blog/blog.server.ts'
import { db } from '#app/lib/db.server.ts'
import { loader as blogsLoader } from '#app/routes/site/blogs.tsx'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

/** 30 published posts a day apart (Post 29 newest), a draft and one scheduled for the far future. */
beforeAll(async () => {
  const start = Date.parse('2026-01-01T09:00:00.000Z')
  const post = (title: string, status: 'published' | 'draft', publishedAt: number) => ({
    id: newId(),
    slug: title.toLowerCase().replaceAll(' ', '-'),
    title,
    content: `<p>${title}</p>`,
    excerpt: '',
    status,
    published_at: new Date(publishedAt).toISOString(),
    updated_at: new Date(publishedAt).toISOString(),
  })
  await db
    .insertInto('blogs')
    .values([
      ...Array.from({ length: 30 }, (_, index) => post(`Post ${index}`, 'published', start + index * 86_400_000)),
      post('Still a draft', 'draft', start + 40 * 86_400_000),
      post('Next year', 'published', Date.parse('2099-01-01T09:00:00.000Z')),
    ])
    .execute()
})

const blogsPage = async (search: string) => await blogsLoader({ request: new Request(`http://localhost/blogs${search}`) } as never)

describe(`the public blog list on ${database.engine}`, () => {
  test('comes 12 posts a page, newest first, without drafts or posts still to come; a page past the end or not a number shows a page', async () => {
    expect(PUBLIC_POSTS_PAGE_SIZE).toBe(12)
    const first = await blogsPage('')
    expect(first.pages).toEqual({ page: 1, pageCount: 3, total: 30, pageSize: 12 })
    expect(first.posts.map((post) => post.title).slice(0, 2)).toEqual(['Post 29', 'Post 28'])
    expect(first.posts).toHaveLength(12)
    const third = await blogsPage('?page=3')
    expect(third.posts.map((post) => post.title)).toEqual(['Post 5', 'Post 4', 'Post 3', 'Post 2', 'Post 1', 'Post 0'])
    expect((await blogsPage('?page=99')).pages.page).toBe(3)
    expect((await blogsPage('?page=x')).pages.page).toBe(1)
  })
})
