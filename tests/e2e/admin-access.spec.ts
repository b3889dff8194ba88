import path from 'node:path'
import type { Page } from '@playwright/test'
import { demoRow } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { waitForOutboxLink } from './mail.ts'
import { DEMO_DATABASE_PATH, DEMO_SITE_URL, E2E_ADMIN } from './sites.ts'
import { createStaffAccount, signIn } from './staff.ts'

const ACCESS_DENIED = "Access denied. You don't have admin permissions. Please contact an administrator."
const DASHBOARD_CARDS = ['Sections', 'Blog Posts', 'Events', 'Gallery Images', 'Policies', 'Testimonials']
const CONTENT_LINKS = ['Sections', 'Pages', 'Menus', 'Blogs', 'Events', 'Alerts', 'Gallery', 'Media Library', 'Policies', 'Testimonials', 'Contact Messages', 'Staff Directory']
const ALL_LINKS = ['Dashboard', ...CONTENT_LINKS, 'Users', 'Subscribers', 'Theme', 'API Keys', 'Deliveries', 'Account']
const EDITOR_LINKS = ['Dashboard', ...CONTENT_LINKS, 'Account']

function sidebarLinks(page: Page) {
  return page.locator('aside').getByRole('navigation', { name: 'Admin' }).getByRole('link')
}

const countRows = (table: string) => demoRow<{ count: number }>(`select count(*) as count from ${table}`)!.count

test('without a session every admin page sends the visitor to /auth with the access-denied alert', async ({ page }) => {
  for (const path of ['/admin', '/admin/']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/auth\?error=access_denied$/)
  }
  await expect(page.getByRole('alert')).toHaveText(ACCESS_DENIED)
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
})

test.describe('the sign-in form', () => {
  test.use({ expectedFailedUrls: ['/auth.data'] })

  test('checks its fields in the browser and shows the server refusal as an Error toast', async ({ page }) => {
    await page.goto('/auth')
    await waitForHydration(page, 'main form')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('Email is required')).toBeVisible()
    await expect(page.getByText('Password is required')).toBeVisible()

    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Password').fill('12345')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByText('Invalid email address')).toBeVisible()
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible()

    await page.getByLabel('Email').fill(E2E_ADMIN.email)
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(toast(page, 'Invalid email or password')).toContainText('Error')
    await expect(page).toHaveURL(/\/auth$/)
    await screenshot(page, 'auth-error-1280')
  })
})

test('an admin signs in, sees every link and the dashboard counts, and /auth then leads back to /admin', async ({ page }) => {
  await signIn(page)
  await expect(toast(page, 'Logged in successfully')).toBeVisible()
  const aside = page.locator('aside')
  await expect(aside.getByText('Admin Panel')).toBeVisible()
  await expect(aside.getByText('Administrator')).toBeVisible()
  await expect(aside.getByText('admin', { exact: true })).toBeVisible()
  await expect(sidebarLinks(page)).toHaveText(ALL_LINKS)
  await expect(aside.getByRole('link', { name: 'View Site' })).toHaveAttribute('href', '/')

  await expect(page.getByRole('heading', { level: 2 })).toHaveText(DASHBOARD_CARDS)
  for (const [key, table] of [
    ['sections', 'sections'],
    ['blogs', 'blogs'],
    ['events', 'events'],
    ['gallery', 'gallery'],
    ['policies', 'policies'],
    ['testimonials', 'testimonials'],
  ]) {
    await expect(page.getByTestId(`count-${key}`)).toHaveText(String(countRows(table!)))
  }
  await screenshot(page, 'admin-dashboard-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.locator('#admin-menu').getByRole('link')).toHaveCount(ALL_LINKS.length + 1)
  await screenshot(page, 'admin-dashboard-menu-390')

  await page.goto('/auth')
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto('/auth?error=access_denied')
  await expect(page.getByRole('alert')).toHaveText(ACCESS_DENIED)
})

test('an editor sees every content link and the account page, named and with the editor role', async ({ page, request }) => {
  const editor = await createStaffAccount(request, 'editor')
  await signIn(page, editor)
  await expect(page.locator('aside').getByText(editor.fullName)).toBeVisible()
  await expect(page.locator('aside').getByText('editor', { exact: true })).toBeVisible()
  await expect(sidebarLinks(page)).toHaveText(EDITOR_LINKS)
})

test('a new sign-up confirms through the mailed link, gets role user and status pending, and sees only the dashboard and the account page', async ({ page }) => {
  const email = `parent-${Date.now()}@example.org`
  await page.goto('/auth')
  await waitForHydration(page, 'main form')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('heading', { name: 'Create Admin Account' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('parent-password')
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(toast(page, 'Account created successfully. Please check your email.')).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/)
  // Without SMTP_URL the mail is an .eml file in DATA_DIR/mail; its link confirms the address and signs in.
  await page.goto(await waitForOutboxLink(path.dirname(DEMO_DATABASE_PATH), email, DEMO_SITE_URL))
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.locator('aside').getByText('user', { exact: true })).toBeVisible()
  await expect(sidebarLinks(page)).toHaveText(['Dashboard', 'Account'])
  await expect(page.getByTestId('count-blogs')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link')).toHaveCount(0)

  expect(demoRow('select r.role, p.status from user u join user_roles r on r.user_id = u.id join profiles p on p.id = u.id where u.email = ?', email)).toEqual({ role: 'user', status: 'pending' })
})

test('Logout says so and goes to /auth; the admin area is closed afterwards', async ({ page }) => {
  await signIn(page)
  await page.locator('aside').getByRole('button', { name: 'Logout' }).click()
  await expect(toast(page, 'Logged out successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/)
  await expect(toast(page, 'Session expired. Please sign in again.')).toHaveCount(0)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/auth\?error=access_denied$/)
})

test.describe('when the sign-out call fails', () => {
  test.use({ expectedFailedUrls: ['/api/auth/sign-out'] })

  test('Logout still says so and goes to /auth', async ({ page }) => {
    await signIn(page)
    await page.route('**/api/auth/sign-out', (route) => route.abort())
    await page.locator('aside').getByRole('button', { name: 'Logout' }).click()
    await expect(toast(page, 'Logged out successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/auth\?logged_out=1$/)
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  })
})

test('a sign-out in another tab sends this tab to /auth with the session-expired message', async ({ page, context }) => {
  await signIn(page)
  const other = await context.newPage()
  await other.goto('/admin')
  await waitForHydration(other, 'aside')
  await other.locator('aside').getByRole('button', { name: 'Logout' }).click()
  await expect(other).toHaveURL(/\/auth$/)

  // The tab the person comes back to re-checks its session.
  await page.bringToFront()
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect(toast(page, 'Session expired. Please sign in again.')).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/)
})

test('an admin opens every screen of the sidebar, each with its own heading', async ({ page }) => {
  // Nineteen screens, each loaded and checked: a limit sized to that, on a machine that also runs Vitest.
  test.setTimeout(ALL_LINKS.length * 8_000)
  await signIn(page)
  const headings: Record<string, RegExp> = {
    Dashboard: /^Dashboard$/,
    Sections: /^Sections Management$/,
    Pages: /^Pages$/,
    Menus: /^Menus$/,
    Blogs: /Blogs/,
    Events: /Events/,
    Alerts: /^Alerts$/,
    Gallery: /Gallery/,
    'Media Library': /^Media Library$/,
    Policies: /^Policies$/,
    Testimonials: /^Testimonials$/,
    'Contact Messages': /^Contact Messages$/,
    'Staff Directory': /^Staff Directory$/,
    Users: /^User Management$/,
    Subscribers: /^Subscribers$/,
    Theme: /^Theme Management$/,
    'API Keys': /^API Keys$/,
    Deliveries: /^Deliveries$/,
    Account: /^Account$/,
  }
  expect(Object.keys(headings)).toEqual(ALL_LINKS)
  for (const [link, heading] of Object.entries(headings)) {
    await page.locator('aside').getByRole('link', { name: link, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page.locator('aside').getByRole('link', { name: link, exact: true })).toHaveAttribute('aria-current', 'page')
  }
})
