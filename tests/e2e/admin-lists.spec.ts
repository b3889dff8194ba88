import { expect, test, waitForHydration } from './fixtures.ts'
import { createStaffAccount, signIn } from './staff.ts'

test('the events list opens on upcoming events and the blog list filters by status, both with a selection toolbar', async ({ page, request }) => {
  // Four screenshots on a machine shared with other runs.
  test.setTimeout(120_000)
  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.goto('/admin/events')
  await waitForHydration(page, 'main')
  const eventFilters = page.getByRole('navigation', { name: 'Show events' })
  await expect(eventFilters.getByRole('link', { name: /^Upcoming \d+$/ })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('navigation', { name: 'Pages of events' })).toContainText(/events?, page 1 of \d+/)
  await page.getByRole('listitem').getByRole('checkbox').first().check()
  await expect(page.getByRole('group', { name: 'Selected events' })).toContainText('1 event selected')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `.tmp/shots/events-list-${width}.png` })
  }

  await page.goto('/admin/blogs?show=published')
  await waitForHydration(page, 'main')
  const blogFilters = page.getByRole('navigation', { name: 'Show posts' })
  await expect(blogFilters.getByRole('link', { name: /^Published \d+$/ })).toHaveAttribute('aria-current', 'page')
  await expect(blogFilters.getByRole('link', { name: /^All \d+$/ })).toHaveAttribute('href', '/admin/blogs')
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
  await expect(page.getByRole('group', { name: 'Selected posts' })).toContainText(/\d+ posts? selected/)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `.tmp/shots/blogs-list-${width}.png` })
  }
})
