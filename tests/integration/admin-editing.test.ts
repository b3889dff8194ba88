import { describe, expect, test } from 'vitest'
import { createBlogPost, deleteBlogPost, updateBlogPost, type BlogSubmission } from '#app/domain/blog/blog-admin.server.ts'
import { BLOG_MESSAGES } from '#app/domain/blog/blog.schema.ts'
import { PAGE_MESSAGES } from '#app/domain/page/page.schema.ts'
import { excerptOf } from '#app/domain/blog/blog.ts'
import { createPage, deletePage, updatePage, type PageSubmission } from '#app/domain/page/page-admin.server.ts'
import { loader as blogEditingLoader } from '#app/routes/admin/blog-editing.ts'
import { loader as blogRevisionsLoader } from '#app/routes/admin/blog-revisions.ts'
import { loader as blogsLoader } from '#app/routes/admin/blogs.tsx'
import { loader as pageEditingLoader } from '#app/routes/admin/page-editing.ts'
import { loader as pageRevisionsLoader } from '#app/routes/admin/page-revisions.ts'
import { loader as pagesLoader } from '#app/routes/admin/pages.tsx'
import { newId } from '#db/portable.ts'
import { adminScreen } from '#tests/setup/admin-screen.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

/** A long post's text: a real school's letter home runs to pages. */
const LONG_TEXT = `<p>${'Dear parents, the trip leaves at eight from the front gate. '.repeat(400)}</p><p>Signed, the head teacher ZEBRA-MARK.</p>`

function post(overrides: Partial<BlogSubmission> = {}): BlogSubmission {
  return {
    title: 'Year 6 trip letter',
    slug: `trip-letter-${newId().slice(0, 8)}`,
    excerpt: null,
    content: LONG_TEXT,
    removeCover: false,
    coverFile: null,
    publication: { state: 'published' },
    ...overrides,
  }
}

type Listed = Awaited<ReturnType<typeof blogsLoader>>
type Refused = { data: { id: string; error: string }; init: { status: number } }

describe(`editing a listed item on ${database.engine}`, () => {
  test('the blog list carries each card\'s words but not the posts\' text; the editing route gives one whole post to editors', async () => {
    const editor = await createSignedInUser('editor')
    const written = await createBlogPost(post())
    const withExcerpt = await createBlogPost(post({ title: 'Sports day', excerpt: 'Races on the field.' }))

    const list = (await adminScreen(blogsLoader, editor.cookie, '/admin/blogs')) as Listed
    const listed = list.posts.find((item) => item.id === written.id)!
    expect(listed).not.toHaveProperty('content')
    expect(listed.cardText).toBe(excerptOf(written))
    expect(listed.cardText).toHaveLength(153)
    expect(list.posts.find((item) => item.id === withExcerpt.id)!.cardText).toBe('Races on the field.')
    expect(JSON.stringify(list)).not.toContain('ZEBRA-MARK')
    expect(JSON.stringify(list).length).toBeLessThan(LONG_TEXT.length / 4)

    const opened = await adminScreen(blogEditingLoader, editor.cookie, `/admin/blogs/${written.id}`, undefined, { id: written.id })
    expect(opened).toEqual({ id: written.id, item: written })

    await deleteBlogPost(written.id)
    const gone = (await adminScreen(blogEditingLoader, editor.cookie, `/admin/blogs/${written.id}`, undefined, { id: written.id })) as Refused
    expect([gone.data, gone.init.status]).toEqual([{ id: written.id, error: BLOG_MESSAGES.notFound }, 404])
    expect(BLOG_MESSAGES.notFound).toBe('Blog post not found')

    const user = await createSignedInUser('user')
    expect(await adminScreen(blogEditingLoader, user.cookie, `/admin/blogs/${withExcerpt.id}`, undefined, { id: withExcerpt.id })).toBe('redirect /admin')
  })

  test('the page list carries no page\'s text; the editing route gives one whole page to editors', async () => {
    const editor = await createSignedInUser('editor')
    const submission: PageSubmission = {
      title: 'Admissions',
      slug: `admissions-${newId().slice(0, 8)}`,
      seoDescription: 'How to apply',
      content: LONG_TEXT,
      parentId: null,
      removeCover: false,
      coverFile: null,
      publication: { state: 'published' },
    }
    const page = await createPage(submission)
    const list = (await adminScreen(pagesLoader, editor.cookie, '/admin/pages')) as Awaited<ReturnType<typeof pagesLoader>>
    const listed = list.branches.find((branch) => branch.page.id === page.id)!.page
    expect(listed).toMatchObject({ title: 'Admissions', seoDescription: 'How to apply', address: `/${submission.slug}` })
    expect(listed).not.toHaveProperty('content')
    expect(JSON.stringify(list)).not.toContain('ZEBRA-MARK')

    expect(await adminScreen(pageEditingLoader, editor.cookie, `/admin/pages/${page.id}`, undefined, { id: page.id })).toEqual({ id: page.id, item: page })
    await deletePage(page.id)
    const gone = (await adminScreen(pageEditingLoader, editor.cookie, `/admin/pages/${page.id}`, undefined, { id: page.id })) as Refused
    expect([gone.data, gone.init.status]).toEqual([{ id: page.id, error: PAGE_MESSAGES.notFound }, 404])
  })

  test('a history names the item\'s words as they are now beside its revisions, for posts and pages', async () => {
    const editor = await createSignedInUser('editor')
    const written = await createBlogPost(post({ title: 'Sports day', content: '<p>Races at ten.</p>' }))
    await updateBlogPost(written.id, post({ slug: written.slug, title: 'Sports day moved', content: '<p>Races at two.</p>' }))
    const history = (await adminScreen(blogRevisionsLoader, editor.cookie, `/admin/blogs/${written.id}/revisions`, undefined, { id: written.id })) as {
      revisions: unknown[]
      current: unknown
    }
    expect(history.revisions).toHaveLength(2)
    expect(history.current).toEqual({ title: 'Sports day moved', slug: written.slug, excerpt: null, content: '<p>Races at two.</p>' })

    const submission: PageSubmission = {
      title: 'Uniform',
      slug: `uniform-${newId().slice(0, 8)}`,
      seoDescription: null,
      content: '<p>Blue jumpers.</p>',
      parentId: null,
      removeCover: false,
      coverFile: null,
      publication: { state: 'published' },
    }
    const page = await createPage(submission)
    await updatePage(page.id, { ...submission, content: '<p>Green jumpers.</p>' })
    const pageHistory = (await adminScreen(pageRevisionsLoader, editor.cookie, `/admin/pages/${page.id}/revisions`, undefined, { id: page.id })) as { current: unknown }
    expect(pageHistory.current).toEqual({ title: 'Uniform', slug: submission.slug, seoDescription: null, content: '<p>Green jumpers.</p>' })
  })
})
