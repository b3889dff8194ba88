import { demoRow, onDemoDatabase } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { EMPTY_SITE_URL } from './sites.ts'
import { createStaffAccount, signIn } from './staff.ts'

/** A message as the public form stores it (the form itself is tested in contact.spec.ts). */
function storeMessage(name: string) {
  const id = crypto.randomUUID()
  onDemoDatabase((database) =>
    database
      .prepare('insert into contact_messages (id, name, email, message, read, created_at) values (?, ?, ?, ?, 0, ?)')
      .run(id, name, `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`, `Hello from ${name}.\nSecond line.`, new Date().toISOString()),
  )
  return id
}

const storedMessage = (id: string) => demoRow<{ read: number }>('select read from contact_messages where id = ?', id)
const unreadCount = () => demoRow<{ count: number }>('select count(*) as count from contact_messages where read = 0')!.count

test('an editor reads, marks and deletes contact messages', async ({ page, request }) => {
  const name = `Visitor ${Date.now()}`
  const id = storeMessage(name)
  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.locator('aside').getByRole('link', { name: 'Contact Messages' }).click()
  await expect(page.getByRole('heading', { name: 'Contact Messages', level: 1 })).toBeVisible()
  await waitForHydration(page, 'main')
  await expect(page.getByText(`${unreadCount()} Unread`, { exact: true })).toBeVisible()

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
  await expect(card.getByText('New', { exact: true })).toBeVisible()
  await expect(card.getByRole('link', { name: /@example\.org$/ })).toHaveAttribute('href', /^mailto:/)
  await expect(card.getByText('Second line.')).toBeVisible()
  await screenshot(page, 'admin-contact-messages-1280')

  const unreadBefore = unreadCount()
  await card.getByRole('button', { name: 'Mark Read' }).click()
  await expect(toast(page, 'Message status updated')).toBeVisible()
  await expect(card.getByText('New', { exact: true })).toHaveCount(0)
  await expect(page.getByText(`${unreadBefore - 1} Unread`, { exact: true })).toBeVisible()
  expect(storedMessage(id)).toEqual({ read: 1 })

  await card.getByRole('button', { name: 'Mark Unread' }).click()
  await expect(card.getByText('New', { exact: true })).toBeVisible()
  expect(storedMessage(id)).toEqual({ read: 0 })

  await card.getByRole('button', { name: `Delete the message from ${name}` }).click()
  await expect(page.getByRole('alertdialog')).toContainText('This action cannot be undone.')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Message deleted')).toBeVisible()
  await expect(page.getByRole('heading', { name })).toHaveCount(0)
  expect(storedMessage(id)).toBeUndefined()
})

test.describe('a message deleted meanwhile', () => {
  test.use({ expectedFailedUrls: ['/admin/contact.data'] })

  test('a write for it shows the failure toast', async ({ page, request }) => {
    const name = `Gone ${Date.now()}`
    const id = storeMessage(name)
    await signIn(page, await createStaffAccount(request, 'editor'))
    await page.goto('/admin/contact')
    await waitForHydration(page, 'main')
    onDemoDatabase((database) => database.prepare('delete from contact_messages where id = ?').run(id))
    await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) }).getByRole('button', { name: 'Mark Read' }).click()
    await expect(toast(page, 'Failed to update message status')).toContainText('Error')
  })
})

test.describe('on the empty site', () => {
  test.use({ baseURL: EMPTY_SITE_URL })

  test('no messages: the empty state and 0 Unread', async ({ page }) => {
    await signIn(page)
    await page.goto('/admin/contact')
    await expect(page.getByText('No messages yet')).toBeVisible()
    await expect(page.getByText('0 Unread')).toBeVisible()
  })
})

test('150 messages: a page of 25, filters, and a bulk Mark read that the sidebar count follows', async ({ page, request }) => {
  test.setTimeout(90_000)
  const batch = `Bulk ${Date.now()}`
  const ids = Array.from({ length: 150 }, (_, n) => {
    const id = crypto.randomUUID()
    onDemoDatabase((database) =>
      database
        .prepare('insert into contact_messages (id, name, email, message, read, created_at) values (?, ?, ?, ?, ?, ?)')
        .run(id, `${batch} parent ${n}`, `parent${n}@families.example`, `Question ${n} about the trip.`, n % 4 === 0 ? 1 : 0, new Date(Date.now() - (150 - n) * 1000).toISOString()),
    )
    return id
  })
  try {
    await signIn(page, await createStaffAccount(request, 'editor'))
    await page.goto(`/admin/contact?q=${encodeURIComponent(batch)}`)
    await waitForHydration(page, 'main')
    await expect(page.getByRole('navigation', { name: 'Pages of messages' })).toContainText('150 messages, page 1 of 6')
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^${batch} parent`) }) })).toHaveCount(25)
    const filters = page.getByRole('navigation', { name: 'Show messages' })
    await expect(filters.getByRole('link', { name: 'All 150' })).toHaveAttribute('aria-current', 'page')
    await expect(filters.getByRole('link', { name: 'Unread 112' })).toBeVisible()

    const toolbar = page.getByRole('group', { name: 'Selected messages' })
    for (const n of [149, 147, 146]) await page.getByRole('checkbox', { name: `Select the message from ${batch} parent ${n}` }).check()
    await expect(toolbar).toContainText('3 messages selected')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: '.tmp/shots/contact-messages-390.png', fullPage: true })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: '.tmp/shots/contact-messages-390-top.png' })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.mouse.wheel(0, 1200)
    await page.screenshot({ path: '.tmp/shots/contact-messages-1280.png' })

    const unreadBefore = unreadCount()
    await toolbar.getByRole('button', { name: 'Mark read' }).click()
    await expect(toast(page, '3 messages marked read')).toBeVisible()
    await expect(page.locator('aside').getByTestId('sidebar-count-contact')).toHaveText(`${unreadBefore - 3} unread`)
    expect([149, 147, 146].map((n) => storedMessage(ids[n]!))).toEqual([{ read: 1 }, { read: 1 }, { read: 1 }])
    await expect(toolbar).toContainText('None selected')

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
    await expect(toolbar).toContainText('25 messages selected')
    await toolbar.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('alertdialog')).toContainText('Delete 25 messages?')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete 25 messages' }).click()
    await expect(toast(page, '25 messages deleted')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Pages of messages' })).toContainText('125 messages, page 1 of 5')
    await page.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page).toHaveURL(/q=Bulk/)
  } finally {
    onDemoDatabase((database) => database.prepare(`delete from contact_messages where name like ?`).run(`${batch}%`))
  }
})
