import { demoRows } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { DEMO_SITE_URL } from './sites.ts'
import { createStaffAccount, expectRefusedWithoutRole, signIn, staffSession } from './staff.ts'
import type { StoredRow } from '#tests/setup/stored-rows.ts'

type TestimonialRow = StoredRow<'testimonials', 'id' | 'parent_name' | 'message' | 'rating'>

const storedTestimonials = () => demoRows<TestimonialRow>('select id, parent_name, message, rating from testimonials order by created_at desc')

test('an editor adds, edits and deletes a testimonial, with validation, confirmation and the home page following', async ({ page, request }) => {
  // Two dialogs, the home page and a delete: on a loaded machine this passes the default 30 s.
  test.slow()
  const name = `Parent ${Date.now()}`
  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.locator('aside').getByRole('link', { name: 'Testimonials' }).click()
  await expect(page.getByRole('heading', { name: 'Testimonials', level: 1 })).toBeVisible()
  await waitForHydration(page, 'main')

  await page.getByRole('button', { name: 'Add Testimonial' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Testimonial' })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Parent name is required')).toBeVisible()
  await expect(dialog.getByText('Message is required')).toBeVisible()
  await expect(dialog.getByLabel('5 stars')).toBeChecked()

  await dialog.getByLabel('Parent Name').fill(name)
  await expect(dialog.getByText('Parent name is required')).toHaveCount(0)
  await dialog.getByLabel('Message').fill('A wonderful first term.')
  await dialog.locator('label', { hasText: '3 stars' }).click()
  await screenshot(page, 'admin-testimonial-dialog-1280')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Testimonial created successfully')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
  await expect(card.getByRole('img', { name: 'Rated 3 out of 5' })).toBeVisible()
  expect(storedTestimonials()[0]).toMatchObject({ parent_name: name, message: 'A wonderful first term.', rating: 3 })

  await card.getByRole('button', { name: `Edit ${name}'s testimonial` }).click()
  const editDialog = page.getByRole('dialog', { name: 'Edit Testimonial' })
  await expect(editDialog.getByLabel('Parent Name')).toHaveValue(name)
  await expect(editDialog.getByLabel('3 stars')).toBeChecked()
  await editDialog.getByLabel('Message').fill('A wonderful first year.')
  await editDialog.locator('label', { hasText: '4 stars' }).click()
  await editDialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Testimonial updated successfully')).toBeVisible()
  await expect(card.getByText('A wonderful first year.')).toBeVisible()
  expect(storedTestimonials()[0]).toMatchObject({ message: 'A wonderful first year.', rating: 4 })
  await screenshot(page, 'admin-testimonials-1280')

  const home = await page.context().newPage()
  await home.goto(DEMO_SITE_URL)
  const quotes = home.getByRole('region', { name: 'What Parents Say' })
  await expect(quotes.getByText(name)).toBeVisible()
  await expect(quotes.getByText('A wonderful first year.')).toBeVisible()
  await home.close()

  const deleteButton = card.getByRole('button', { name: `Delete ${name}'s testimonial` })
  await deleteButton.click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Are you sure you want to delete this testimonial?')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  // Closing the question, by Cancel or Escape, puts the keyboard back on the button that asked it.
  await expect(confirm).toHaveCount(0)
  await expect(deleteButton).toBeFocused()
  await expect(deleteButton).toHaveAttribute('aria-expanded', 'false')
  await page.keyboard.press('Enter')
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(confirm).toHaveCount(0)
  await expect(deleteButton).toBeFocused()
  expect(storedTestimonials().some((row) => row.parent_name === name)).toBe(true)

  await card.getByRole('button', { name: `Delete ${name}'s testimonial` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Testimonial deleted successfully')).toBeVisible()
  await expect(page.getByRole('heading', { name })).toHaveCount(0)
  expect(storedTestimonials().some((row) => row.parent_name === name)).toBe(false)
})

test('the server refuses forged testimonial writes: no session, role user, and invalid values change nothing', async ({ playwright, request }) => {
  const before = storedTestimonials()
  const target = before[0]!
  const form = { intent: 'delete', id: target.id }

  await expectRefusedWithoutRole(playwright, request, '/admin/testimonials', form)
  const editorSession = await staffSession(playwright, request, 'editor')
  for (const [values, message] of [
    [{ intent: 'update', id: target.id, parentName: 'X', message: 'Y', rating: '9' }, 'Rating must be a whole number from 1 to 5'],
    [{ intent: 'update', id: target.id, parentName: ' ', message: 'Y', rating: '4' }, 'Parent name is required'],
    [{ intent: 'create', parentName: 'n'.repeat(101), message: 'Y' }, 'Parent name must be less than 100 characters'],
    [{ intent: 'drop-table' }, 'Unknown action'],
  ] as const) {
    const response = await editorSession.post('/admin/testimonials', { form: values, maxRedirects: 0 })
    expect(response.status(), message).toBe(400)
    expect(await response.text(), message).toContain(message)
  }
  const missing = await editorSession.post('/admin/testimonials', { form: { intent: 'delete', id: 'no-such-id' }, maxRedirects: 0 })
  expect(missing.status()).toBe(404)

  expect(storedTestimonials()).toEqual(before)
  await editorSession.dispose()
})
