import path from 'node:path'
import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { demoRow, demoRows, onDemoDatabase } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { DEMO_DATABASE_PATH, DEMO_SITE_URL } from './sites.ts'
import { createStaffAccount, expectRefusedWithoutRole, signIn, staffSession } from './staff.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import type { StoredRow } from '#tests/setup/stored-rows.ts'

type BlogRow = StoredRow<'blogs', 'id' | 'slug' | 'title' | 'excerpt' | 'content' | 'cover_image' | 'status' | 'published_at' | 'updated_at'>

const BLOG_FILES = path.join(path.dirname(DEMO_DATABASE_PATH), 'storage', 'blogs')
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif,.heic,.heif'
const NOT_AN_IMAGE = 'Please select an image file'
const SLUG_TAKEN = 'A blog post with this slug already exists'
/** The e2e servers' TIME_ZONE (playwright.config.ts). */
const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' }).format(new Date(iso))

const storedBlogs = () => demoRows<BlogRow>('select * from blogs order by published_at desc, id')

function storedBlog(slug: string) {
  return storedBlogs().find((row) => row.slug === slug)
}

function blogFiles() {
  return fs.existsSync(BLOG_FILES) ? fs.readdirSync(BLOG_FILES).sort() : []
}

async function coverPng() {
  return {
    name: 'sports-day.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 800, height: 400, channels: 3, background: '#4488cc' } }).png().toBuffer(),
  }
}

const textFile = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Not a picture at all.') }

async function accessibilityViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  const results = await (include ? builder.include(include) : builder).analyze()
  return results.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5) }))
}

test('an editor writes, edits and deletes a blog post with rich text and a cover, with validation, a slug conflict and the public pages following', async ({
  page,
  request,
  expectedFailedUrls,
}) => {
  test.slow()
  // The refused slug (409) is an answer the test asks for; so is the public 404 of the deleted post.
  const stamp = Date.now()
  const title = `Sports Day ${stamp}`
  const slug = `sports-day-${stamp}`
  expectedFailedUrls.push('/admin/blogs.data', `/blogs/${slug}`)
  const otherSlug = storedBlogs()[0]!.slug
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.locator('aside').getByRole('link', { name: 'Blogs' }).click()
  await expect(page.getByRole('heading', { name: 'Blogs Management', level: 1 })).toBeVisible()
  await waitForHydration(page, 'main')

  await page.getByRole('button', { name: 'Add Blog' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Blog' })
  const editor = dialog.getByRole('textbox', { name: 'Content' })
  await expect(editor).toBeVisible()
  await expect(dialog.getByLabel('Cover Image (optional)')).toHaveAttribute('accept', IMAGE_ACCEPT)
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(dialog.getByText('Title is required')).toBeVisible()
  await expect(dialog.getByText('Slug is required')).toBeVisible()
  await expect(dialog.getByText('Content is required')).toBeVisible()
  await screenshot(page, 'admin-blog-dialog-errors-1280')

  // The slug follows the title until it is typed by hand.
  await dialog.getByLabel('Title').fill('T'.repeat(201))
  await expect(dialog.getByText('Title must be less than 200 characters')).toBeVisible()
  await dialog.getByLabel('Title').fill(`Sports Day ${stamp}!`)
  await expect(dialog.getByText('Title must be less than 200 characters')).toHaveCount(0)
  await expect(dialog.getByLabel('Slug')).toHaveValue(slug)
  await expect(dialog.getByText('Slug is required')).toHaveCount(0)
  await dialog.getByLabel('Slug').fill('Sports Day!')
  await expect(dialog.getByText('Slug may only contain lowercase letters, numbers and hyphens')).toBeVisible()
  await dialog.getByLabel('Slug').fill(slug)
  await expect(dialog.getByText('Slug may only contain lowercase letters, numbers and hyphens')).toHaveCount(0)
  await dialog.getByLabel('Title').fill(title)
  await expect(dialog.getByLabel('Slug')).toHaveValue(slug)
  await dialog.getByLabel('Excerpt (optional)').fill('Races, relays and a picnic on the field.')

  // Empty paragraphs are no content.
  await editor.click()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('Content is required')).toBeVisible()
  await page.keyboard.press('Backspace')
  await page.keyboard.press('Backspace')
  await dialog.getByRole('button', { name: 'Heading', exact: true }).click()
  await page.keyboard.type('Results')
  await expect(dialog.getByText('Content is required')).toHaveCount(0)
  await page.keyboard.press('Enter')
  await page.keyboard.type('Well done to ')
  await dialog.getByRole('button', { name: 'Bold' }).click()
  await page.keyboard.type('Blue House')
  await dialog.getByRole('button', { name: 'Bold' }).click()
  await page.keyboard.type(' and see the ')
  await page.keyboard.type('photos')
  for (let step = 0; step < 'photos'.length; step++) await page.keyboard.press('Shift+ArrowLeft')
  page.once('dialog', (prompt) => void prompt.accept('https://example.org/sports-photos'))
  await dialog.getByRole('button', { name: 'Link' }).click()
  await expect(editor.getByRole('link', { name: 'photos' })).toBeVisible()

  const cover = dialog.getByLabel('Cover Image (optional)')
  await cover.setInputFiles(textFile)
  await expect(dialog.getByText(NOT_AN_IMAGE)).toBeVisible()
  await cover.setInputFiles(await coverPng())
  await expect(dialog.getByText(NOT_AN_IMAGE)).toHaveCount(0)
  await expect(dialog.getByRole('img', { name: 'Cover preview' })).toHaveAttribute('src', /^data:image\/png;base64,/)
  // A cover needs alt text (or the decorative mark) before the post goes public.
  await dialog.getByRole('button', { name: 'Publish' }).click()
  const needsAlt = 'Add alt text to the cover image before publishing, or mark it decorative. Drafts can be saved without it.'
  await expect(dialog.getByText(needsAlt)).toBeVisible()
  expect(storedBlog(slug)).toBeUndefined()
  await dialog.getByLabel('Cover alt text').fill('Runners crossing the finish line')
  await screenshot(page, 'admin-blog-dialog-1280')
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(toast(page, 'Blog created successfully')).toBeVisible()
  await expect(dialog).toHaveCount(0)

  const created = storedBlog(slug)!
  expect(created).toMatchObject({ title, excerpt: 'Races, relays and a picnic on the field.' })
  expect(created.content).toBe(
    '<h2>Results</h2><p>Well done to <strong>Blue House</strong> and see the <a rel="noopener noreferrer" href="https://example.org/sports-photos">photos</a></p>',
  )
  expect(created.cover_image).toMatch(/^\/files\/blogs\/.+\.webp$/)
  expect(demoRow<{ cover_alt: string }>('select cover_alt from blogs where id = ?', created.id)).toEqual({ cover_alt: 'Runners crossing the finish line' })
  expect(blogFiles()).toContain(path.basename(created.cover_image!))
  expect(created.updated_at).toBe(created.published_at)

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
  await expect(card.locator('time')).toHaveText(longDate(created.published_at))
  await expect(card.getByText('Races, relays and a picnic on the field.')).toBeVisible()
  await expect(card.locator('img')).toHaveAttribute('src', created.cover_image!)
  await screenshot(page, 'admin-blogs-1280')
  expect(await accessibilityViolations(page)).toEqual([])

  const visitor = await page.context().newPage()
  await visitor.goto(`${DEMO_SITE_URL}/blogs`)
  const publicCard = visitor.getByRole('article').filter({ has: visitor.getByRole('heading', { name: title }) })
  await expect(publicCard.getByRole('img', { name: 'Runners crossing the finish line' })).toHaveAttribute('src', created.cover_image!)
  await expect(publicCard.getByText('Races, relays and a picnic on the field.')).toBeVisible()
  await publicCard.getByRole('link', { name: /Read More/ }).click()
  await expect(visitor).toHaveURL(`${DEMO_SITE_URL}/blogs/${slug}`)
  await expect(visitor.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(visitor.getByRole('img', { name: 'Runners crossing the finish line' })).toHaveAttribute('src', created.cover_image!)
  await expect(visitor.getByRole('heading', { name: 'Results', level: 2 })).toBeVisible()
  await expect(visitor.locator('strong', { hasText: 'Blue House' })).toBeVisible()
  await expect(visitor.getByRole('link', { name: 'photos' })).toHaveAttribute('href', 'https://example.org/sports-photos')

  // Edit: everything preloaded, the slug no longer follows the title.
  await card.getByRole('button', { name: `Edit ${title}` }).click()
  const editDialog = page.getByRole('dialog', { name: 'Edit Blog' })
  await expect(editDialog.getByLabel('Title')).toHaveValue(title)
  await expect(editDialog.getByLabel('Slug')).toHaveValue(slug)
  await expect(editDialog.getByLabel('Excerpt (optional)')).toHaveValue('Races, relays and a picnic on the field.')
  await expect(editDialog.getByRole('textbox', { name: 'Content' }).locator('strong')).toHaveText('Blue House')
  await expect(editDialog.getByRole('img', { name: 'Cover preview' })).toHaveAttribute('src', created.cover_image!)
  expect(await accessibilityViolations(page, '[role="dialog"]')).toEqual([])
  const renamed = `${title} results`
  await editDialog.getByLabel('Title').fill(renamed)
  await expect(editDialog.getByLabel('Slug')).toHaveValue(slug)
  await editDialog.getByLabel('Slug').fill(otherSlug)
  await editDialog.getByRole('button', { name: 'Save' }).click()
  await expect(editDialog.getByText(SLUG_TAKEN)).toBeVisible()
  await expect(toast(page, SLUG_TAKEN)).toBeVisible()
  expect(storedBlog(slug)).toEqual(created)

  await editDialog.getByLabel('Slug').fill(slug)
  await editDialog.getByLabel('Excerpt (optional)').fill('')
  await editDialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Blog updated successfully')).toBeVisible()
  await expect(editDialog).toHaveCount(0)
  const updated = storedBlog(slug)!
  expect(updated).toMatchObject({ id: created.id, title: renamed, excerpt: null, content: created.content, cover_image: created.cover_image, published_at: created.published_at })
  expect(new Date(updated.updated_at).getTime()).toBeGreaterThan(new Date(created.published_at).getTime())
  // Without an excerpt the card shows the start of the content.
  const renamedCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: renamed }) })
  await expect(renamedCard.getByText('Results Well done to Blue House and see the photos...')).toBeVisible()

  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'admin-blogs-390')
  await renamedCard.getByRole('button', { name: `Edit ${renamed}` }).click()
  const removeDialog = page.getByRole('dialog', { name: 'Edit Blog' })
  await expect(removeDialog.getByRole('img', { name: 'Cover preview' })).toBeVisible()
  await screenshot(page, 'admin-blog-dialog-390')
  await removeDialog.getByRole('button', { name: 'Remove' }).click()
  await expect(removeDialog.getByRole('img', { name: 'Cover preview' })).toHaveCount(0)
  await removeDialog.getByRole('button', { name: 'Save' }).click()
  // The dialog closes once this save has succeeded; the earlier save's toast may still be showing.
  await expect(removeDialog).toHaveCount(0)
  await expect(toast(page, 'Blog updated successfully').last()).toBeVisible()
  expect(storedBlog(slug)!.cover_image).toBeNull()
  expect(blogFiles()).not.toContain(path.basename(created.cover_image!))
  expect((await request.get(created.cover_image!)).status()).toBe(404)
  await visitor.reload()
  await expect(visitor.getByRole('heading', { name: renamed, level: 1 })).toBeVisible()
  await expect(visitor.getByRole('img', { name: renamed })).toHaveCount(0)

  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Are you sure you want to delete this blog?')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  expect(storedBlog(slug)).toBeDefined()
  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Blog deleted successfully')).toBeVisible()
  await expect(page.getByRole('heading', { name: renamed })).toHaveCount(0)
  expect(storedBlog(slug)).toBeUndefined()

  await visitor.reload()
  await expect(visitor.getByRole('heading', { name: 'Blog post not found', level: 1 })).toBeVisible()
  await visitor.goto(`${DEMO_SITE_URL}/blogs`)
  await expect(visitor.getByRole('heading', { name: 'School Blog', level: 1 })).toBeVisible()
  await expect(visitor.getByRole('heading', { name: renamed })).toHaveCount(0)
  await visitor.close()
})

test('a post saved as a draft stays off the site; a publish date ahead schedules it; publishing puts it on', async ({ page, request, expectedFailedUrls }) => {
  test.slow()
  const stamp = Date.now()
  const title = `Harvest Festival ${stamp}`
  const slug = `harvest-festival-${stamp}`
  // The visitor's look at the post while it is a draft or scheduled is a 404 the test asks for.
  expectedFailedUrls.push(`/blogs/${slug}`)
  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.goto('/admin/blogs')
  await waitForHydration(page, 'main')

  await page.getByRole('button', { name: 'Add Blog' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Blog' })
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.type('Bring a tin for the food bank.')
  await expect(dialog.getByRole('button', { name: 'Publish' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Save draft' }).click()
  await expect(toast(page, 'Blog created successfully')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  expect(storedBlog(slug)).toMatchObject({ title, status: 'draft' })
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
  await expect(card.getByText('Draft', { exact: true })).toBeVisible()
  expect((await request.get(`/blogs/${slug}`)).status()).toBe(404)
  expect(await (await request.get('/blogs')).text()).not.toContain(title)
  expect(await (await request.get('/blogs/rss.xml')).text()).not.toContain(title)

  // Staff preview it as visitors will see it, and share a link the head teacher can open without an account.
  const [preview] = await Promise.all([page.waitForEvent('popup'), card.getByRole('link', { name: `Preview ${title} (opens in a new tab)` }).click()])
  await expect(preview.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(preview.getByRole('complementary', { name: 'Preview' })).toContainText('This post is a draft: visitors cannot see it.')
  await waitForHydration(preview, 'aside')
  await preview.getByRole('button', { name: 'Share a preview link' }).click()
  const sharedUrl = await preview.getByLabel(/Link to share/).inputValue()
  expect(sharedUrl).toMatch(new RegExp(`^${DEMO_SITE_URL}/preview/[A-Za-z0-9]{32}$`))
  await expect(preview.getByRole('button', { name: 'Revoke links' })).toBeVisible()
  await screenshot(preview, 'blog-preview-staff-1280')
  await preview.setViewportSize({ width: 390, height: 844 })
  await screenshot(preview, 'blog-preview-staff-390')
  const stranger = await page.context().browser()!.newContext()
  const headTeacher = await stranger.newPage()
  const shared = await headTeacher.goto(sharedUrl)
  expect(shared!.headers()['cache-control']).toBe('private, no-store')
  await expect(headTeacher.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(headTeacher.getByRole('complementary', { name: 'Preview' })).toContainText('This link works until')
  await expect(headTeacher.getByRole('button', { name: 'Share a preview link' })).toHaveCount(0)
  await expect(headTeacher.getByRole('button', { name: 'Revoke links' })).toHaveCount(0)
  await screenshot(headTeacher, 'blog-preview-shared-1280')

  // A link sent to the wrong person is revoked before it expires.
  await preview.getByRole('button', { name: 'Revoke links' }).click()
  await expect(preview.getByRole('status')).toHaveText('Preview links revoked: the links shared so far no longer work.')
  await expect(preview.getByRole('button', { name: 'Revoke links' })).toHaveCount(0)
  await expect(preview.getByRole('button', { name: 'Share a preview link' })).toBeVisible()
  await screenshot(preview, 'blog-preview-revoked-390')
  await preview.close()
  const revoked = await headTeacher.reload()
  expect(revoked!.status()).toBe(404)
  await expect(headTeacher.getByRole('heading', { name: 'This preview link has expired or does not exist.' })).toBeVisible()
  await stranger.close()

  // A date ahead on the school's clocks turns 'Publish' into 'Schedule'.
  await card.getByRole('button', { name: `Edit ${title}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Blog' })
  const tomorrow = `${utcToZonedTime(new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(), 'America/New_York').slice(0, 10)}T09:00`
  await edit.getByLabel('Publish date (optional)').fill(tomorrow)
  await expect(edit.getByRole('button', { name: 'Publish' })).toHaveCount(0)
  await screenshot(page, 'admin-blog-dialog-schedule-1280')
  await edit.getByRole('button', { name: 'Schedule' }).click()
  await expect(edit).toHaveCount(0)
  await expect(toast(page, 'Blog updated successfully')).toBeVisible()
  expect(storedBlog(slug)).toMatchObject({ status: 'published' })
  expect(utcToZonedTime(storedBlog(slug)!.published_at, 'America/New_York')).toBe(tomorrow)
  await expect(card.getByText('Scheduled', { exact: true })).toBeVisible()
  expect((await request.get(`/blogs/${slug}`)).status()).toBe(404)

  // Emptied, the date is now: the post goes live, and its editor then offers 'Save' and 'Switch to draft'.
  await card.getByRole('button', { name: `Edit ${title}` }).click()
  await edit.getByLabel('Publish date (optional)').fill('')
  await edit.getByRole('button', { name: 'Publish' }).click()
  await expect(edit).toHaveCount(0)
  await expect(card.getByText('Scheduled', { exact: true })).toHaveCount(0)
  expect(new Date(storedBlog(slug)!.published_at).getTime()).toBeLessThanOrEqual(Date.now())
  const visitor = await request.get(`/blogs/${slug}`)
  expect(visitor.status()).toBe(200)
  expect(await visitor.text()).toContain('Bring a tin for the food bank.')
  await card.getByRole('button', { name: `Edit ${title}` }).click()
  await expect(edit.getByRole('button', { name: 'Save', exact: true })).toBeVisible()
  await expect(edit.getByRole('button', { name: 'Switch to draft' })).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'admin-blog-dialog-published-390')
})

/** Signed in as a new editor, publishes a post with `title` and one paragraph of `text` from the Add Blog dialog; its card. */
async function publishedPost(page: Page, request: APIRequestContext, title: string, text: string) {
  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.goto('/admin/blogs')
  await waitForHydration(page, 'main')
  await page.getByRole('button', { name: 'Add Blog' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Blog' })
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.type(text)
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(toast(page, 'Blog created successfully')).toBeVisible()
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
}

test('the history of a post shows what changed since a saved version, word by word, and restores its words', async ({ page, request }) => {
  const stamp = Date.now()
  const title = `Book Fair ${stamp}`
  const slug = `book-fair-${stamp}`
  const card = await publishedPost(page, request, title, 'Books for every reader on Friday.')

  await card.getByRole('button', { name: `Edit ${title}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Blog' })
  await edit.getByLabel('Title').fill(`${title} postponed`)
  await edit.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Books for every reader next Monday.')
  await edit.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(edit).toHaveCount(0)
  const renamedCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${title} postponed` }) })

  await renamedCard.getByRole('button', { name: `History of ${title} postponed` }).click()
  const history = page.getByRole('dialog', { name: `History of ${title} postponed` })
  const versions = history.getByRole('list', { name: 'Saved versions' }).getByRole('button')
  await expect(versions).toHaveCount(2)
  await expect(versions.first()).toContainText('(current version)')
  await expect(versions.first()).toContainText('by Test Editor')
  await versions.nth(1).click()
  const changes = history.getByRole('region', { name: 'Changes' })
  await expect(changes.locator('del', { hasText: 'Friday' })).toBeVisible()
  await expect(changes.locator('ins', { hasText: 'next Monday' })).toBeVisible()
  await expect(changes.locator('ins', { hasText: 'postponed' })).toBeVisible()
  await screenshot(page, 'admin-blog-history-1280')
  await history.getByRole('button', { name: 'Restore this version' }).click()
  await expect(toast(page, 'Revision restored')).toBeVisible()
  await expect(history).toHaveCount(0)
  await expect(card).toBeVisible()
  expect(storedBlog(slug)).toMatchObject({ title, content: '<p>Books for every reader on Friday.</p>', status: 'published' })
  await page.setViewportSize({ width: 390, height: 844 })
  await card.getByRole('button', { name: `History of ${title}` }).click()
  await expect(page.getByRole('dialog', { name: `History of ${title}` }).getByRole('list', { name: 'Saved versions' }).getByRole('button')).toHaveCount(3)
  await screenshot(page, 'admin-blog-history-390')
})

test('a post\'s editor loads its text as it opens, its Edit button busy meanwhile; a post deleted meanwhile says so', async ({ page, request, expectedFailedUrls }) => {
  const stamp = Date.now()
  const title = `Trip letter ${stamp}`
  const card = await publishedPost(page, request, title, 'Coaches leave at eight from the front gate.')
  const post = storedBlog(`trip-letter-${stamp}`)!
  await expect(card.getByText('Coaches leave at eight from the front gate....')).toBeVisible()

  // The post's text is loaded when its editor opens, on a slow connection too: the button says it is busy, and a second press opens nothing more.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const loads: string[] = []
  await page.route(`**/admin/blogs/${post.id}.data*`, async (route) => {
    loads.push(route.request().url())
    await held
    await route.continue()
  })
  const editButton = card.getByRole('button', { name: `Edit ${title}` })
  await editButton.click()
  await expect(editButton).toHaveAttribute('aria-busy', 'true')
  await editButton.click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  release()
  const edit = page.getByRole('dialog', { name: 'Edit Blog' })
  await expect(edit.getByRole('textbox', { name: 'Content' })).toHaveText('Coaches leave at eight from the front gate.')
  await expect(edit.getByLabel('Title')).toHaveValue(title)
  await expect(page.getByRole('dialog')).toHaveCount(1)
  expect(loads).toHaveLength(1)
  await edit.getByRole('button', { name: 'Cancel' }).click()
  await expect(edit).toHaveCount(0)
  await expect(editButton).not.toHaveAttribute('aria-busy')
  await expect(editButton).toBeFocused()

  // Another editor deletes it while this list is open.
  onDemoDatabase((database) => database.prepare('delete from blogs where id = ?').run(post.id))
  expectedFailedUrls.push(loads[0]!.slice(loads[0]!.indexOf('/admin/')))
  await editButton.click()
  await expect(toast(page, 'Blog post not found')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(editButton).not.toHaveAttribute('aria-busy')
})

test('never lose work: Escape on a changed dialog asks first, and a reloaded page offers back what was typed', async ({ page, request }) => {
  const stamp = Date.now()
  const title = `Nativity Play ${stamp}`
  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.goto('/admin/blogs')
  await waitForHydration(page, 'main')
  await page.getByRole('button', { name: 'Add Blog' }).click()
  let dialog = page.getByRole('dialog', { name: 'Add Blog' })
  // Untouched, it closes at once.
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  await page.getByRole('button', { name: 'Add Blog' }).click()
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.type('Tickets from the office.')
  await page.keyboard.press('Escape')
  const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' })
  await expect(ask).toContainText('What you typed in this form has not been saved.')
  await screenshot(page, 'admin-blog-discard-1280')
  await ask.getByRole('button', { name: 'Keep editing' }).click()
  await expect(dialog.getByLabel('Title')).toHaveValue(title)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Keep editing' }).click()

  // A reload (a closed tab, a crash) keeps what was typed in this browser, once the form has kept it there.
  await expect
    .poll(() => page.evaluate((typed) => Object.keys(localStorage).some((key) => key.startsWith('school-website:draft:') && localStorage.getItem(key)!.includes(typed)), title))
    .toBe(true)
  page.once('dialog', (leave) => void leave.accept())
  await page.reload()
  await waitForHydration(page, 'main')
  await page.getByRole('button', { name: 'Add Blog' }).click()
  dialog = page.getByRole('dialog', { name: 'Add Blog' })
  await expect(dialog.getByRole('status')).toContainText('were kept in this browser')
  await screenshot(page, 'admin-blog-local-draft-1280')
  await dialog.getByRole('button', { name: 'Restore them' }).click()
  await expect(dialog.getByLabel('Title')).toHaveValue(title)
  await expect(dialog.getByLabel('Slug')).toHaveValue(`nativity-play-${stamp}`)
  await expect(dialog.getByRole('textbox', { name: 'Content' })).toHaveText('Tickets from the office.')
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(toast(page, 'Blog created successfully')).toBeVisible()
  expect(storedBlog(`nativity-play-${stamp}`)).toMatchObject({ title, content: '<p>Tickets from the office.</p>' })

  // Saved, it is no longer offered.
  await page.getByRole('button', { name: 'Add Blog' }).click()
  await expect(page.getByRole('dialog', { name: 'Add Blog' }).getByText('were kept in this browser')).toHaveCount(0)
})

test('deleting a post removes its cover files', async ({ page, request }) => {
  const slug = `open-day-${Date.now()}`
  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.goto('/admin/blogs')
  await waitForHydration(page, 'main')
  await page.getByRole('button', { name: 'Add Blog' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Blog' })
  await dialog.getByLabel('Title').fill(`Open Day ${slug}`)
  await expect(dialog.getByLabel('Slug')).toHaveValue(`open-day-${slug}`)
  await dialog.getByLabel('Slug').fill(slug)
  await dialog.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.type('Come and see the school.')
  await dialog.getByLabel('Cover Image (optional)').setInputFiles(await coverPng())
  await dialog.getByLabel('Cover alt text').fill('Visitors at the open day')
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(toast(page, 'Blog created successfully')).toBeVisible()
  const cover = storedBlog(slug)!.cover_image!
  const name = path.basename(cover, '.webp')
  expect(blogFiles().filter((file) => file.startsWith(name))).toHaveLength(3)

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Open Day ${slug}` }) })
  await card.getByRole('button', { name: `Delete Open Day ${slug}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Blog deleted successfully')).toBeVisible()
  expect(storedBlog(slug)).toBeUndefined()
  expect(blogFiles().filter((file) => file.startsWith(name))).toEqual([])
})

test('the server refuses forged blog writes and strips scripts from the content it stores', async ({ playwright, request }) => {
  const before = storedBlogs()
  const filesBefore = blogFiles()
  const target = before[0]!
  await expectRefusedWithoutRole(playwright, request, '/admin/blogs', { intent: 'delete', id: target.id })

  const editorSession = await staffSession(playwright, request, 'editor')
  const valid = { intent: 'create', title: 'Forged', slug: `forged-${Date.now()}`, content: '<p>Text</p>' }
  for (const [values, message] of [
    [{ ...valid, title: ' ' }, 'Title is required'],
    [{ ...valid, title: 't'.repeat(201) }, 'Title must be less than 200 characters'],
    [{ ...valid, slug: '' }, 'Slug is required'],
    [{ ...valid, slug: '../admin' }, 'Slug may only contain lowercase letters, numbers and hyphens'],
    [{ ...valid, content: '<p></p><p> </p>' }, 'Content is required'],
    // Nothing is left once the script is stripped.
    [{ ...valid, content: '<script>alert(1)</script>' }, 'Content is required'],
    [{ ...valid, slug: target.slug }, SLUG_TAKEN],
    [{ intent: 'update', id: before[1]!.id, title: 'Taken', slug: target.slug, content: '<p>Text</p>' }, SLUG_TAKEN],
    [{ intent: 'drop-table' }, 'Unknown action'],
  ] as const) {
    const response = await editorSession.post('/admin/blogs', { form: values, maxRedirects: 0 })
    expect(response.status(), message).toBe(message === SLUG_TAKEN ? 409 : 400)
    expect(await response.text(), message).toContain(message)
  }

  // A text file is no cover, even when it claims to be a PNG.
  for (const file of [textFile, { ...textFile, name: 'cover.png', mimeType: 'image/png' }]) {
    const response = await editorSession.post('/admin/blogs', { multipart: { ...valid, coverFile: file }, maxRedirects: 0 })
    expect(response.status(), file.name).toBe(400)
    expect(await response.text(), file.name).toContain(NOT_AN_IMAGE)
  }
  const missing = await editorSession.post('/admin/blogs', { form: { intent: 'delete', id: 'no-such-id' }, maxRedirects: 0 })
  expect(missing.status()).toBe(404)
  expect(storedBlogs()).toEqual(before)
  expect(blogFiles()).toEqual(filesBefore)

  const scripted = await editorSession.post('/admin/blogs', {
    form: { ...valid, content: '<p onclick="alert(1)">Safe <em>text</em></p><script>alert("x")</script><img src="x" onerror="alert(1)">' },
    maxRedirects: 0,
  })
  expect(scripted.status()).toBe(200)
  const stored = storedBlog(valid.slug)!
  expect(stored.content).toBe('<p>Safe <em>text</em></p>')
  const removed = await editorSession.post('/admin/blogs', { form: { intent: 'delete', id: stored.id }, maxRedirects: 0 })
  expect(removed.status()).toBe(200)
  expect(storedBlogs()).toEqual(before)
  await editorSession.dispose()
})
