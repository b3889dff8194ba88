import { demoRow } from './site-database.ts'
import { expect, screenshot, test, waitForHydration } from './fixtures.ts'
import { DEMO_SITE_URL } from './sites.ts'
import { createStaffAccount, signIn } from './staff.ts'

test('publishing a post whose picture has no alt text is refused naming the picture; describing it in the editor publishes it', async ({ page, request, expectedFailedUrls }) => {
  expectedFailedUrls.push('/admin/blogs.data')
  const stamp = Date.now()
  const slug = `spring-fair-${stamp}`
  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.goto('/admin/blogs')
  await waitForHydration(page, 'main')
  await page.getByRole('button', { name: 'Add Blog' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Blog' })
  await dialog.getByLabel('Title').fill(`Spring Fair ${stamp}`)
  const editor = dialog.getByRole('textbox', { name: 'Content' })
  await editor.click()
  await page.keyboard.type('Thank you to everyone who came.')
  await page.keyboard.press('Enter')

  // A gallery photo has no alt text of its own yet: the picture goes in without one.
  await dialog.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image', exact: true }).click()
  const picker = page.getByRole('dialog', { name: 'Select or Upload Image' })
  await picker.getByRole('tab', { name: 'Gallery' }).click()
  await picker.getByRole('button', { name: 'Choose Spring Fair' }).click()
  const picture = editor.locator('img')
  await expect(picture).toHaveCount(1)
  expect(await picture.getAttribute('alt')).toBeNull()

  await dialog.getByRole('button', { name: 'Publish' }).click()
  const refusal = 'Add alt text to the image "Spring Fair" before publishing, or mark it decorative. Drafts can be saved without it.'
  await expect(dialog.getByText(refusal)).toBeVisible()
  await screenshot(page, 'admin-blog-alt-refused-1280')
  expect(demoRow('select id from blogs where slug = ?', slug)).toBeUndefined()

  // Select the picture, then describe it.
  await picture.click()
  page.once('dialog', (prompt) => void prompt.accept('Stalls and bunting on the school field'))
  await dialog.getByRole('button', { name: 'Image alt text' }).click()
  await expect(picture).toHaveAttribute('alt', 'Stalls and bunting on the school field')
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(dialog).toHaveCount(0)
  const stored = demoRow<{ content: string; status: string }>('select content, status from blogs where slug = ?', slug)!
  expect(stored.status).toBe('published')
  expect(stored.content).toMatch(/<img src="\/files\/gallery\/[^"]+\.webp" alt="Stalls and bunting on the school field"\s*\/?>/)

  const visitor = await page.context().newPage()
  await visitor.goto(`${DEMO_SITE_URL}/blogs/${slug}`)
  await expect(visitor.getByRole('img', { name: 'Stalls and bunting on the school field' })).toBeVisible()
  await visitor.close()
})
