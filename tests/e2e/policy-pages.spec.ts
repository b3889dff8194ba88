import type { Page } from '@playwright/test'
import { simplePdf } from '#app/services/seed/simple-pdf.ts'
import { expect, test, toast, waitForHydration } from './fixtures.ts'
import { signIn } from './staff.ts'

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/shots/${name}.png`, fullPage: true })
}

test('a replaced policy document: the admin sees both versions, visitors filter by category and download the new one from the stable address', async ({ page, request }) => {
  test.slow()
  await signIn(page)
  await page.goto('/admin/policies')
  await waitForHydration(page, 'main')
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Safeguarding Policy' }) })
  await expect(card.getByText('Safeguarding', { exact: true })).toBeVisible()
  await card.getByRole('button', { name: 'Edit Safeguarding Policy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Policy' })
  const edition = Buffer.from(simplePdf('Safeguarding Policy', [`Edition of ${new Date().toISOString()}`]))
  await dialog.getByLabel('Document File').setInputFiles({ name: 'safeguarding-new-edition.pdf', mimeType: 'application/pdf', buffer: edition })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Policy updated successfully')).toBeVisible()

  await card.getByText(/^Versions \(\d+\)/).click()
  const versions = card.getByRole('listitem')
  await expect(versions.first()).toContainText('safeguarding-new-edition.pdf')
  await expect(versions.first()).toContainText('Current')
  expect(await versions.count()).toBeGreaterThanOrEqual(2)
  await expect(versions.nth(1).getByRole('button', { name: /^Delete version/ })).toBeVisible()
  await expect(page.getByText('Review due')).toBeVisible()
  await shot(page, 'admin-policies-versions-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, 'admin-policies-versions-390')

  await page.goto('/policies')
  const filters = page.getByRole('navigation', { name: 'Policy categories' })
  await expect(filters.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page')
  await shot(page, 'policies-390')
  await page.setViewportSize({ width: 1280, height: 900 })
  await shot(page, 'policies-1280')
  await filters.getByRole('link', { name: /^Safeguarding/ }).click()
  await expect(page).toHaveURL(/\/policies\?category=safeguarding$/)
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Safeguarding Policy'])

  await page.getByRole('link', { name: 'Safeguarding Policy', exact: true }).click()
  await expect(page).toHaveURL(/\/policies\/safeguarding-policy$/)
  await expect(page.getByRole('heading', { name: 'Safeguarding Policy', level: 1 })).toBeVisible()
  await expect(page.getByText('Last updated')).toBeVisible()
  const download = page.getByRole('link', { name: /Download PDF/ })
  await expect(download).toHaveAttribute('href', '/policies/safeguarding-policy/download')
  await shot(page, 'policy-page-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, 'policy-page-390')

  const file = await request.get('/policies/safeguarding-policy/download')
  expect(file.status()).toBe(200)
  expect(file.headers()['content-disposition']).toBe('attachment; filename="Safeguarding Policy.pdf"')
  expect(await file.body()).toEqual(edition)
})
