import { demoRow, onDemoDatabase } from './site-database.ts'
import { expect, test, toast, waitForHydration } from './fixtures.ts'
import { DEMO_SITE_URL } from './sites.ts'
import { createStaffAccount, signIn } from './staff.ts'

const run = Date.now().toString(36)
const FAILED = `gone-${run}@family.test`

/** Messages as the outbox holds them after a send: most sent, some skipped, one refused for good, a few waiting for a later time. */
function storeDeliveries() {
  onDemoDatabase((database) => {
    const insert = database.prepare(
      `insert into outbox_messages (id, kind, channel, recipient, dedupe_key, data, status, attempts, deliver_after, last_error, title, created_at, sent_at)
       values (?, 'prepared-mail', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const now = Date.now()
    for (let n = 0; n < 120; n++) {
      const at = new Date(now - (120 - n) * 60_000).toISOString()
      const status = n === 119 ? 'failed' : n % 10 === 3 ? 'skipped' : n % 10 === 7 ? 'pending' : 'sent'
      const recipient = n === 119 ? FAILED : `family${n}-${run}@family.test`
      const channel = n % 15 === 5 ? 'push' : 'mail'
      const subject = channel === 'push' ? 'Sports day moved to Friday' : `School news: the term's ${n}th update`
      insert.run(
        crypto.randomUUID(),
        channel,
        recipient,
        `e2e-deliveries:${run}:${n}`,
        JSON.stringify({ subject, text: 'Sports day is on Friday.', html: '<p>Sports day is on Friday.</p>' }),
        status,
        status === 'failed' ? 8 : 1,
        status === 'pending' ? new Date(now + 24 * 3600_000).toISOString() : at,
        status === 'failed' ? '550 5.1.1 <gone@family.test>: Recipient address rejected: User unknown' : status === 'skipped' ? 'The post was unpublished' : null,
        status === 'pending' ? null : subject,
        at,
        status === 'sent' ? at : null,
      )
    }
  })
}

test('an admin reads the delivery log, narrows it, and sends a failed mail again', async ({ page, request }) => {
  // Two full-page screenshots of a long table on a busy machine.
  test.setTimeout(150_000)
  storeDeliveries()
  await signIn(page, await createStaffAccount(request, 'admin'))
  await page.locator('aside').getByRole('link', { name: 'Deliveries' }).click()
  await expect(page.getByRole('heading', { name: 'Deliveries', level: 1 })).toBeVisible()
  await waitForHydration(page, 'main')

  const filters = page.getByRole('navigation', { name: 'Show deliveries by status' })
  await expect(filters.getByRole('link', { name: /^All \d/ })).toHaveAttribute('aria-current', 'page')
  const failedRow = page.getByRole('row').filter({ hasText: FAILED })
  await expect(failedRow).toContainText('Recipient address rejected: User unknown')
  await expect(failedRow).toContainText('Failed')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: '.tmp/shots/deliveries-1280.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: '.tmp/shots/deliveries-390.png', fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })

  await filters.getByRole('link', { name: /^Failed \d/ }).click()
  await expect(page).toHaveURL(/status=failed/)
  await expect(page.getByRole('row').filter({ hasText: '@family.test' }).first()).toContainText('Failed')

  await page.getByRole('searchbox', { name: 'Search by recipient' }).fill(FAILED)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/status=failed&q=/)
  await expect(page.getByRole('row').filter({ hasText: '@family.test' })).toHaveCount(1)

  await page.getByRole('button', { name: `Retry the message to ${FAILED}` }).click()
  await expect(toast(page, 'The message will be sent again in a moment')).toBeVisible()
  // The worker wakes on the retry and sends it (this site has no SMTP server: it writes the mail to a file).
  await expect.poll(() => demoRow<{ status: string; attempts: number }>('select status, attempts from outbox_messages where recipient = ?', FAILED)).toEqual({ status: 'sent', attempts: 1 })

  await page.goto(`${DEMO_SITE_URL}/admin/deliveries?page=2`)
  await expect(page.getByRole('navigation', { name: 'Pages of deliveries' })).toContainText(/deliveries, page 2 of \d+/)
  await expect(page.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/admin/deliveries')
})

test('an editor is not shown the delivery log', async ({ page, request }) => {
  await signIn(page, await createStaffAccount(request, 'editor'))
  await expect(page.locator('aside').getByRole('link', { name: 'Deliveries' })).toHaveCount(0)
  await page.goto(`${DEMO_SITE_URL}/admin/deliveries`)
  await expect(page).toHaveURL(/\/admin$/)
})
