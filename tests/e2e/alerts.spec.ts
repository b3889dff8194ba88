import type { Page } from '@playwright/test'
import { expect, test, toast, waitForHydration } from './fixtures.ts'
import { createStaffAccount, signIn } from './staff.ts'

const SHOTS = '.tmp/shots'

async function openAlertsAdmin(page: Page) {
  await page.goto('/admin/alerts')
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible()
  await waitForHydration(page, 'main')
}

/** The public page's alerts region, under the header. */
const banner = (page: Page) => page.getByRole('region', { name: 'Alerts' })

test('an emergency alert made in the admin appears on an open public page without a reload, with its dialog once per visit', async ({ page, browser, request }) => {
  // Two or three browsers on the public site and the admin at once.
  test.setTimeout(240_000)
  const title = `Gas leak ${Date.now()}`
  const visitor = await browser.newPage()
  await visitor.goto('/')
  await waitForHydration(visitor, 'main')
  await expect(banner(visitor)).toHaveCount(0)
  // The visitor is on a link of the menu, by keyboard, when the alert arrives.
  const galleryLink = visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery', exact: true })
  await galleryLink.focus()

  await signIn(page, await createStaffAccount(request, 'editor'))
  await openAlertsAdmin(page)
  await page.getByRole('button', { name: 'New Alert' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Alert' })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Title is required')).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Level' }).click()
  await page.getByRole('option', { name: 'Emergency' }).click()
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Message (optional)').fill('The school hall is closed. Use the north gate.')
  await dialog.getByLabel('Link (optional)').fill('/contact')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Alert created successfully')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Active' }).getByText(title)).toBeVisible()

  // The visitor's page was never reloaded: the change feed brought the alert.
  const row = banner(visitor).getByRole('listitem').filter({ hasText: title })
  await expect(row).toContainText('Emergency:')
  await expect(row).toContainText('The school hall is closed.')
  await expect(row.getByRole('link', { name: `More information about ${title}` })).toHaveAttribute('href', '/contact')
  const emergency = visitor.getByRole('dialog', { name: 'Emergency alert' })
  await expect(emergency).toBeVisible()
  await expect(emergency.getByRole('heading', { name: title })).toBeVisible()
  for (const width of [390, 1280]) {
    await visitor.setViewportSize({ width, height: 800 })
    await visitor.screenshot({ path: `${SHOTS}/public-emergency-${width}.png` })
  }
  await emergency.getByRole('button', { name: 'I have read this' }).press('Enter')
  await expect(emergency).toHaveCount(0)
  // Closing it gives the keyboard back where it was.
  await expect(galleryLink).toBeFocused()
  await visitor.screenshot({ path: `${SHOTS}/public-emergency-banner-1280.png` })

  // Dismissed for this visit only: the next page keeps the banner without the dialog; a new visit asks again.
  await visitor.goto('/calendar')
  await waitForHydration(visitor, 'main')
  await expect(banner(visitor).getByText(title, { exact: true })).toBeVisible()
  await expect(visitor.getByRole('dialog')).toHaveCount(0)
  const nextVisit = await browser.newPage()
  await nextVisit.goto('/blogs')
  const onArrival = nextVisit.getByRole('dialog', { name: 'Emergency alert' })
  await expect(onArrival).toBeVisible()
  // Opened on arrival, before anything had the focus: once closed, the first Tab reaches the page's first link.
  await nextVisit.keyboard.press('Escape')
  await expect(onArrival).toHaveCount(0)
  await nextVisit.keyboard.press('Tab')
  await expect(nextVisit.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await nextVisit.close()

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${SHOTS}/admin-alerts-${width}.png`, fullPage: true })
  }
  await page.getByRole('button', { name: `Delete ${title}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Alert deleted successfully')).toBeVisible()
  // Gone from the open page without a reload too.
  await expect(banner(visitor)).toHaveCount(0)
  await visitor.close()
})

test('school status closed shows the banner on the home page and \'School closed\' on the calendar; open takes the calendar entry away', async ({ page, browser, request }) => {
  test.setTimeout(240_000)
  await signIn(page, await createStaffAccount(request, 'editor'))
  await openAlertsAdmin(page)
  await page.getByRole('button', { name: 'Closed' }).click()
  const dialog = page.getByRole('dialog', { name: 'School is closed today' })
  await expect(dialog.getByLabel('Message')).toHaveValue(/School is closed today/)
  await dialog.getByLabel('Message').fill('Heavy snow: school is closed today. Stay safe.')
  await page.setViewportSize({ width: 390, height: 800 })
  await page.screenshot({ path: `${SHOTS}/admin-status-dialog-390.png` })
  await dialog.getByRole('button', { name: 'Publish status' }).click()
  await expect(toast(page, 'School status for today set to Closed')).toBeVisible()
  await expect(page.getByText("Today's status: Closed")).toBeVisible()

  const visitor = await browser.newPage()
  await visitor.goto('/')
  await expect(banner(visitor).getByRole('listitem')).toContainText(['School is closed today'])
  await expect(banner(visitor)).toContainText('Heavy snow: school is closed today. Stay safe.')
  await visitor.getByRole('dialog', { name: 'Emergency alert' }).getByRole('button', { name: 'I have read this' }).click()
  await visitor.goto('/calendar')
  await expect(visitor.getByRole('main').getByRole('heading', { name: 'School closed' })).toBeVisible()

  await page.getByRole('button', { name: 'Open', exact: true }).click()
  await page.getByRole('dialog', { name: 'School is open today' }).getByRole('button', { name: 'Publish status' }).click()
  await expect(toast(page, 'School status for today set to Open')).toBeVisible()
  await visitor.reload()
  await expect(visitor.getByRole('main').getByRole('heading', { name: 'School closed' })).toHaveCount(0)
  await expect(banner(visitor)).toContainText('School is open today')
  await visitor.close()

  // Leave no status behind for the other tests.
  await page.getByRole('region', { name: 'Active' }).getByRole('button', { name: 'Delete School is open today' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Alert deleted successfully')).toBeVisible()
})
