import { expect, test, toast, waitForHydration } from './fixtures.ts'
import { demoRow, demoRows, onDemoDatabase } from './site-database.ts'
import { E2E_ADMIN } from './sites.ts'
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

test('the page tree filters drafts and publishes a selection; testimonials are searched and a selection deleted', async ({ page, request }) => {
  // Two lists, two bulk actions and eight screenshots on a machine shared with other runs.
  test.setTimeout(150_000)
  const stamp = Date.now()
  const now = new Date().toISOString()
  onDemoDatabase((database) => {
    const insertPage = database.prepare(
      "insert into pages (id, title, slug, parent_id, content, status, published_at, created_at, updated_at, sort_order) values (?, ?, ?, ?, '<p>Text</p>', ?, ?, ?, ?, 0)",
    )
    insertPage.run(`e2e-clubs-${stamp}`, `Clubs ${stamp}`, `clubs-${stamp}`, null, 'published', now, now, now)
    insertPage.run(`e2e-chess-${stamp}`, `Chess club ${stamp}`, `chess-${stamp}`, `e2e-clubs-${stamp}`, 'draft', now, now, now)
    insertPage.run(`e2e-choir-${stamp}`, `Choir ${stamp}`, `choir-${stamp}`, null, 'draft', now, now, now)
    const insertTestimonial = database.prepare('insert into testimonials (id, parent_name, message, rating, created_at) values (?, ?, ?, 5, ?)')
    for (const n of [1, 2, 3]) insertTestimonial.run(`e2e-quote-${n}-${stamp}`, `Parent ${n} ${stamp}`, `Thank you from family ${stamp}.`, now)
  })
  await signIn(page, await createStaffAccount(request, 'editor'))

  await page.goto(`/admin/pages?show=draft&q=${stamp}`)
  await waitForHydration(page, 'main')
  const pageFilters = page.getByRole('navigation', { name: 'Show pages' })
  await expect(pageFilters.getByRole('link', { name: 'Draft 2' })).toHaveAttribute('aria-current', 'page')
  await expect(pageFilters.getByRole('link', { name: 'All 3' })).toHaveAttribute('href', `/admin/pages?q=${stamp}`)
  // The published parent is shown to place its draft child, without a tick box of its own.
  const pages = page.getByRole('list', { name: 'Pages' })
  await expect(pages.getByText(`Clubs ${stamp}`, { exact: true })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: `Select Clubs ${stamp}` })).toHaveCount(0)
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
  await expect(page.getByRole('group', { name: 'Selected pages' })).toContainText('2 pages selected')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `.tmp/shots/pages-list-${width}.png` })
  }
  await page.getByRole('group', { name: 'Selected pages' }).getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(toast(page, '2 pages published')).toBeVisible()
  await expect(pageFilters.getByRole('link', { name: 'Draft 0' })).toBeVisible()
  expect(demoRows<{ status: string }>('select status from pages where id in (?, ?)', `e2e-chess-${stamp}`, `e2e-choir-${stamp}`)).toEqual([{ status: 'published' }, { status: 'published' }])

  await page.goto(`/admin/testimonials?q=${stamp}`)
  await waitForHydration(page, 'main')
  await expect(page.getByRole('navigation', { name: 'Pages of testimonials' })).toContainText('3 testimonials, page 1 of 1')
  await page.getByRole('checkbox', { name: `Select Parent 1 ${stamp}'s testimonial` }).check()
  await page.getByRole('checkbox', { name: `Select Parent 3 ${stamp}'s testimonial` }).check()
  await expect(page.getByRole('group', { name: 'Selected testimonials' })).toContainText('2 testimonials selected')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `.tmp/shots/testimonials-list-${width}.png` })
  }
  await page.getByRole('group', { name: 'Selected testimonials' }).getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete 2 testimonials' }).click()
  await expect(toast(page, '2 testimonials deleted')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Pages of testimonials' })).toContainText('1 testimonial, page 1 of 1')
  expect(demoRows<{ parent_name: string }>('select parent_name from testimonials where message = ?', `Thank you from family ${stamp}.`)).toEqual([{ parent_name: `Parent 2 ${stamp}` }])
})

test('the Users list shows the pending sign-ups and approves the selected ones', async ({ page, request }) => {
  test.setTimeout(120_000)
  const waiting = await createStaffAccount(request, 'user', 'pending')
  await signIn(page, E2E_ADMIN)
  await page.goto('/admin/users?show=pending')
  await waitForHydration(page, 'main')
  await expect(page.getByRole('navigation', { name: 'Show users' }).getByRole('link', { name: /^Pending \d+$/ })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('navigation', { name: 'Pages of users' })).toContainText(/users?, page 1 of \d+/)
  const row = page.getByRole('row').filter({ hasText: waiting.email })
  await row.getByRole('checkbox', { name: `Select ${waiting.fullName}` }).check()
  await expect(page.getByRole('group', { name: 'Selected users' })).toContainText('1 user selected')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `.tmp/shots/users-list-${width}.png` })
  }
  await page.getByRole('group', { name: 'Selected users' }).getByRole('button', { name: 'Approve' }).click()
  await expect(toast(page, '1 user approved')).toBeVisible()
  await expect(row).toHaveCount(0)
  expect(demoRow<{ status: string }>('select status from profiles where email = ?', waiting.email)).toEqual({ status: 'approved' })
})

test('the staff list filters by department and deletes the selected people', async ({ page, request }) => {
  test.setTimeout(120_000)
  const departments = ['Science', 'Maths', 'English', 'Office', 'Pastoral', 'Leadership', 'Music']
  onDemoDatabase((database) => {
    const insert = database.prepare(
      "insert into staff_members (id, name, job_title, department, show_email, photo_alt, photo_decorative, photo_focal_x, photo_focal_y, sort_order, created_at) values (?, ?, ?, ?, 0, '', 0, 0.5, 0.5, ?, ?)",
    )
    for (let n = 1; n <= 40; n++) insert.run(`list-staff-${n}`, `Listed Person ${n}`, n % 4 ? 'Teacher' : 'Teaching Assistant', departments[n % departments.length]!, 1000 + n, new Date().toISOString())
  })
  try {
    await signIn(page, await createStaffAccount(request, 'editor'))
    await page.goto('/admin/staff')
    await waitForHydration(page, 'main')
    await page.getByLabel('Department', { exact: true }).selectOption('Science')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(page).toHaveURL(/department=Science/)
    await expect(page.getByRole('navigation', { name: 'Pages of people' })).toContainText('people, page 1 of 1')
    await page.getByRole('checkbox', { name: 'Select "Listed Person 7"' }).check()
    await page.getByRole('checkbox', { name: 'Select "Listed Person 14"' }).check()
    await expect(page.getByRole('group', { name: 'Selected people' })).toContainText('2 people selected')
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `.tmp/shots/staff-list-${width}.png` })
    }
    await page.getByRole('group', { name: 'Selected people' }).getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('alertdialog', { name: 'Delete 2 people?' }).getByRole('button', { name: 'Delete 2 people' }).click()
    await expect(toast(page, '2 people deleted')).toBeVisible()
    expect(demoRows<{ id: string }>("select id from staff_members where id in ('list-staff-7', 'list-staff-14')")).toEqual([])
  } finally {
    onDemoDatabase((database) => database.prepare("delete from staff_members where id like 'list-staff-%'").run())
  }
})

test('no back-office screen scrolls sideways on a phone', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, E2E_ADMIN)
  const screens = ['/admin', '/admin/sections', '/admin/blogs', '/admin/pages', '/admin/menus', '/admin/staff', '/admin/events', '/admin/gallery', '/admin/policies', '/admin/testimonials', '/admin/contact', '/admin/users', '/admin/theme', '/admin/account', '/admin/api-keys', '/admin/deliveries', '/admin/alerts', '/admin/media', '/admin/subscribers']
  const wider: string[] = []
  for (const screen of screens) {
    await page.goto(screen)
    await waitForHydration(page, 'main')
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    if (width > 390) wider.push(`${screen} ${width}`)
  }
  expect(wider).toEqual([])
})
