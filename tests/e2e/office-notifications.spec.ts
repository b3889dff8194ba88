import type { Page } from '@playwright/test'
import { demoRow, onDemoDatabase } from './site-database.ts'
import { expect, test, toast, waitForHydration } from './fixtures.ts'
import { createStaffAccount, signIn } from './staff.ts'

const unreadCount = () => demoRow<{ count: number }>('select count(*) as count from contact_messages where read = 0')!.count

/** Screens of this part, at the two widths the site is checked at. */
async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `.tmp/shots/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

const sidebarCount = (page: Page) => page.locator('aside').getByTestId('sidebar-count-contact')

test('the unread count in the sidebar and on the dashboard rises when a parent writes and falls when it is read, without a reload', async ({ page, context }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const editor = await createStaffAccount(context.request, 'editor')
  await signIn(page, editor)
  await waitForHydration(page, 'main')
  const before = unreadCount()
  await expect(page.getByTestId('count-unread-contact-messages')).toHaveText(String(before))
  if (before > 0) await expect(sidebarCount(page)).toHaveText(`${before} unread`)
  await expect(page.locator('aside').getByRole('link', { name: before ? `Contact Messages ${before} unread` : 'Contact Messages' })).toBeVisible()
  // Marks this document: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }))

  // Every request of the suite comes from one address: this message must not wait out another file's 30 s spacing.
  onDemoDatabase((database) => database.prepare('delete from contact_throttle').run())
  const parent = await context.newPage()
  await parent.goto('/contact')
  await waitForHydration(parent, '#contact form')
  const form = parent.getByRole('region', { name: 'Get in Touch' })
  const name = `Parent ${Date.now()}`
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Email').fill('parent@family.example')
  await form.getByLabel('Message').fill('Is the school open on Monday?')
  await parent.waitForTimeout(3_300)
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(toast(parent, "Thank you! We'll get back to you soon.")).toBeVisible()

  await expect(sidebarCount(page)).toHaveText(`${before + 1} unread`)
  await expect(page.getByTestId('count-unread-contact-messages')).toHaveText(String(before + 1))
  await expect(page.getByRole('link', { name: `${before + 1} unread contact ${before + 1 === 1 ? 'message' : 'messages'}` })).toHaveAttribute('href', '/admin/contact')
  await shots(page, 'office-dashboard')
  // On a phone the sidebar is folded away: the header shows the count.
  await page.setViewportSize({ width: 390, height: 900 })
  await expect(page.getByTestId('header-count-contact')).toHaveText(`${before + 1} unread contact ${before + 1 === 1 ? 'message' : 'messages'}`)
  await page.setViewportSize({ width: 1280, height: 900 })

  await parent.goto('/admin/contact')
  await waitForHydration(parent, 'main')
  await parent.getByRole('listitem').filter({ has: parent.getByRole('heading', { name }) }).getByRole('button', { name: 'Mark Read' }).click()
  await expect(toast(parent, 'Message status updated')).toBeVisible()
  // The other tab follows the change feed.
  await expect(page.getByTestId('count-unread-contact-messages')).toHaveText(String(before))
  if (before > 0) await expect(sidebarCount(page)).toHaveText(`${before} unread`)
  else await expect(sidebarCount(page)).toHaveCount(0)
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true)
})

test('an admin lists the office addresses: a bad one is named, a good list is saved', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  await page.goto('/admin/contact')
  await waitForHydration(page, 'main')
  await page.getByRole('button', { name: /^Notifications/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Notifications' })
  const field = dialog.getByLabel('Office addresses')
  await field.fill('office@school.example\nnot-an-address')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('"not-an-address" is not a valid e-mail address')).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await shots(page, 'office-addresses-dialog')

  await field.fill('office@school.example\nHead@School.example\noffice@SCHOOL.example')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Office addresses saved')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  expect(demoRow<{ value: string }>("select value from site_settings where key = 'office_notification_addresses'")).toEqual({
    value: JSON.stringify(['office@school.example', 'Head@School.example']),
  })
  await expect(page.getByRole('button', { name: 'Notifications (2)' })).toBeVisible()
  await shots(page, 'office-contact-screen')
})

test('an editor turns on a mail for each new message in the account; a plain user is not offered it', async ({ page, context, browser }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const editor = await createStaffAccount(context.request, 'editor')
  await signIn(page, editor)
  await page.goto('/admin/account')
  await waitForHydration(page, 'main')
  const choice = page.getByRole('switch', { name: 'E-mail me each new contact message' })
  await expect(choice).not.toBeChecked()
  await choice.click()
  await expect(toast(page, 'You will get an e-mail for each new contact message')).toBeVisible()
  await expect(choice).toBeChecked()
  expect(demoRow('select notify_contact_messages as chosen from profiles where email = ?', editor.email)).toEqual({ chosen: 1 })
  await shots(page, 'office-account')
  await page.reload()
  await expect(page.getByRole('switch', { name: 'E-mail me each new contact message' })).toBeChecked()

  const userPage = await (await browser.newContext()).newPage()
  await signIn(userPage, await createStaffAccount(context.request, 'user'))
  await expect(userPage.getByTestId('count-unread-contact-messages')).toHaveCount(0)
  await userPage.goto('/admin/account')
  await expect(userPage.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible()
  await expect(userPage.getByRole('switch', { name: 'E-mail me each new contact message' })).toHaveCount(0)
})
