import type { Browser, Page } from '@playwright/test'
import { demoRow, demoRows, onDemoDatabase } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { DEMO_SITE_URL, E2E_ADMIN } from './sites.ts'
import { createStaffAccount, expectRefusedWithoutRole, signIn, staffSession } from './staff.ts'

const storedUser = (email: string) =>
  demoRow<{ id: string; full_name: string | null; status: string; role: string }>(
    'select u.id, p.full_name, p.status, r.role from user u join profiles p on p.id = u.id left join user_roles r on r.user_id = u.id where u.email = ?',
    email,
  )

async function openUsers(page: Page) {
  await signIn(page, E2E_ADMIN)
  await page.locator('aside').getByRole('link', { name: 'Users' }).click()
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible()
  await waitForHydration(page, 'main')
}

function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ hasText: email })
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Another person's browser, signed in as the account. */
async function signedInElsewhere(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, account)
  return { page, close: () => context.close() }
}

/** A screenshot once the dialogs have finished fading in. */
async function settledScreenshot(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
  await screenshot(page, name)
}

function sidebarLinks(page: Page) {
  return page.locator('aside').getByRole('navigation', { name: 'Admin' }).getByRole('link')
}

test('an admin sees the table of users and adds one, with each form message', async ({ page, expectedFailedUrls }) => {
  // The second account with the same address is refused with 409, as the test asks.
  expectedFailedUrls.push('/admin/users.data')
  await page.setViewportSize({ width: 1280, height: 900 })
  await openUsers(page)
  await expect(page.getByRole('columnheader')).toHaveText(['Email', 'Full Name', 'Status', 'Roles', 'Created', 'Actions'])
  // The list pages at 25, newest first: other tests' accounts may push the admin's own past the first page.
  await page.getByRole('searchbox', { name: 'Search users by name or e-mail' }).fill(E2E_ADMIN.email)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const ownRow = userRow(page, E2E_ADMIN.email)
  await expect(ownRow.getByRole('cell').nth(2)).toHaveText('approved')
  await expect(ownRow.getByRole('cell').nth(3)).toHaveText('admin')
  // Nobody deletes their own account from here.
  await expect(ownRow.getByRole('button', { name: /^Delete/ })).toHaveCount(0)
  await page.getByRole('link', { name: 'Clear search' }).click()
  await expect(page).toHaveURL(/\/admin\/users$/)
  await screenshot(page, 'admin-users-1280')

  await page.getByRole('button', { name: 'Add User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add User' })
  await expect(dialog.getByLabel('Role')).toHaveText('user')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Email is required')).toBeVisible()
  await expect(dialog.getByText('Password is required')).toBeVisible()
  await expect(dialog.getByText('Full name is required')).toBeVisible()
  await dialog.getByLabel('Email').fill('not-an-email')
  await dialog.getByLabel('Password').fill('12345')
  await expect(dialog.getByText('Invalid email address')).toBeVisible()
  await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible()
  await settledScreenshot(page, 'admin-user-add-errors-1280')

  const email = `teacher-${Date.now()}@example.org`
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password').fill('teacher-password')
  await dialog.getByLabel('Full Name').fill('Grace Hopper')
  await choose(page, 'Role', 'editor')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'User created successfully')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  expect(storedUser(email)).toMatchObject({ full_name: 'Grace Hopper', status: 'approved', role: 'editor' })
  await expect(userRow(page, email)).toContainText('Grace Hopper')

  // The same address twice is refused with the server's message.
  await page.getByRole('button', { name: 'Add User' }).click()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password').fill('another-password')
  await dialog.getByLabel('Full Name').fill('Someone Else')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'A user with this email already exists')).toContainText('Error')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  // What was typed is thrown away only when the question is answered.
  await page.getByRole('alertdialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click()

  const teacher = await signedInElsewhere(page.context().browser()!, { email, password: 'teacher-password' })
  await expect(sidebarLinks(teacher.page)).toContainText(['Sections', 'Blogs'])
  await teacher.close()

  await page.setViewportSize({ width: 390, height: 844 })
  // On a phone each account is a card: its buttons are on the screen, with nothing to scroll sideways to.
  const row = userRow(page, email)
  for (const button of [row.getByRole('button', { name: /^Edit/ }), row.getByRole('button', { name: /^Delete/ })]) {
    const box = await button.boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
  }
  expect(await page.locator('[data-slot="table-container"]').first().evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0)
  await screenshot(page, 'admin-users-390')
  await page.getByRole('button', { name: 'Add User' }).click()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Email is required')).toBeVisible()
  await settledScreenshot(page, 'admin-user-add-errors-390')
  // Nothing typed: Cancel closes at once.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await userRow(page, email).getByRole('button', { name: /^Edit/ }).click()
  await settledScreenshot(page, 'admin-user-edit-390')
})

test.describe('pending sign-ups', () => {
  test('Approve and Reject are offered only while pending, and set the status', async ({ page, request }) => {
    const waiting = await createStaffAccount(request, 'user', 'pending')
    const refused = await createStaffAccount(request, 'user', 'pending')
    await openUsers(page)
    const waitingRow = userRow(page, waiting.email)
    await expect(waitingRow.getByRole('cell').nth(2)).toHaveText('pending')
    await waitingRow.getByRole('button', { name: /^Approve/ }).click()
    await expect(toast(page, 'User status updated successfully')).toBeVisible()
    await expect(waitingRow.getByRole('cell').nth(2)).toHaveText('approved')
    await expect(waitingRow.getByRole('button', { name: /^Approve|^Reject/ })).toHaveCount(0)
    expect(storedUser(waiting.email)).toMatchObject({ status: 'approved', role: 'user' })

    await userRow(page, refused.email).getByRole('button', { name: /^Reject/ }).click()
    await expect(toast(page, 'User status updated successfully')).toHaveCount(2)
    await expect(userRow(page, refused.email).getByRole('cell').nth(2)).toHaveText('rejected')
    expect(storedUser(refused.email)).toMatchObject({ status: 'rejected' })
  })
})

test('a sign-up without a full name is promoted; a refused save says why in a toast as well as beside the field', async ({ page, request }) => {
  // The sign-up form sends no name: such accounts have none until someone gives them one.
  const signUp = await createStaffAccount(request, 'user', 'pending')
  onDemoDatabase((database) => database.prepare('update profiles set full_name = null where id = (select id from user where email = ?)').run(signUp.email))
  await page.setViewportSize({ width: 1280, height: 900 })
  await openUsers(page)
  await userRow(page, signUp.email).getByRole('button', { name: /^Edit/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit User' })
  await expect(dialog.getByLabel('Full Name')).toHaveValue('')
  await dialog.getByLabel('Full Name').fill('x'.repeat(101))
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Full name must be less than 100 characters')).toBeVisible()
  await expect(toast(page, 'Full name must be less than 100 characters')).toContainText('Error')
  await settledScreenshot(page, 'admin-user-edit-refused-1280')
  expect(storedUser(signUp.email)).toMatchObject({ full_name: null, status: 'pending', role: 'user' })

  await dialog.getByLabel('Full Name').fill('')
  await choose(page, 'Status', 'approved')
  await choose(page, 'Role', 'editor')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'User updated successfully')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  expect(storedUser(signUp.email)).toMatchObject({ full_name: null, status: 'approved', role: 'editor' })
  await expect(userRow(page, signUp.email).getByRole('cell').nth(3)).toHaveText('editor')

  await page.setViewportSize({ width: 390, height: 844 })
  await userRow(page, signUp.email).getByRole('button', { name: /^Edit/ }).click()
  await settledScreenshot(page, 'admin-user-edit-no-name-390')
})

test('a role change shows in that person’s sidebar on their next navigation, and a new password replaces the old', async ({ page, request }) => {
  const editor = await createStaffAccount(request, 'editor')
  const person = await signedInElsewhere(page.context().browser()!, editor)
  await expect(sidebarLinks(person.page)).not.toContainText(['Users'])

  await openUsers(page)
  await userRow(page, editor.email).getByRole('button', { name: /^Edit/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit User' })
  await expect(dialog.getByLabel('Email')).toHaveValue(editor.email)
  await expect(dialog.getByLabel('Email')).toBeDisabled()
  await expect(dialog.getByText('Email cannot be changed')).toBeVisible()
  await settledScreenshot(page, 'admin-user-edit-1280')
  await choose(page, 'Role', 'admin')
  await dialog.getByLabel('Full Name').fill('Promoted Teacher')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'User updated successfully')).toBeVisible()
  expect(storedUser(editor.email)).toMatchObject({ role: 'admin', full_name: 'Promoted Teacher', status: 'approved' })

  await person.page.locator('aside').getByRole('link', { name: 'Dashboard' }).click()
  await expect(sidebarLinks(person.page)).toContainText(['Users', 'Theme'])
  await expect(person.page.locator('aside').getByText('Promoted Teacher')).toBeVisible()

  await userRow(page, editor.email).getByRole('button', { name: /^Edit/ }).click()
  await dialog.getByLabel('New Password (optional)').fill('123')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible()
  await dialog.getByLabel('New Password (optional)').fill('reset-by-admin')
  await dialog.getByRole('button', { name: 'Save' }).click()
  // The dialog closes once this save has succeeded; the first save's toast may be gone by now or still showing.
  await expect(dialog).toHaveCount(0)
  await expect(toast(page, 'User updated successfully').last()).toBeVisible()
  await person.close()

  const again = await signedInElsewhere(page.context().browser()!, { email: editor.email, password: 'reset-by-admin' })
  await expect(again.page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await again.close()
})

test('deleting a user asks first, removes the account and ends its session', async ({ page, request }) => {
  const leaving = await createStaffAccount(request, 'editor')
  const person = await signedInElsewhere(page.context().browser()!, leaving)
  await openUsers(page)
  const row = userRow(page, leaving.email)
  await row.getByRole('button', { name: /^Delete/ }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('This action cannot be undone.')
  await settledScreenshot(page, 'admin-user-delete-1280')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  expect(storedUser(leaving.email)).toBeDefined()

  await row.getByRole('button', { name: /^Delete/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'User deleted successfully')).toBeVisible()
  await expect(userRow(page, leaving.email)).toHaveCount(0)
  expect(storedUser(leaving.email)).toBeUndefined()

  await person.page.goto('/admin/blogs')
  await expect(person.page).toHaveURL(/\/auth\?error=access_denied$/)
  await person.close()
})

test('the last approved admin cannot demote themselves, and the screen says why', async ({ page, expectedFailedUrls }) => {
  expectedFailedUrls.push(`/admin/users.data?q=${encodeURIComponent(E2E_ADMIN.email)}`)
  await openUsers(page)
  // Other tests leave admins behind: demote them so the e2e admin is the last one.
  const otherAdmins = demoRows<{ id: string; full_name: string | null }>(
    "select p.id, p.full_name from profiles p join user_roles r on r.user_id = p.id where r.role = 'admin' and p.status = 'approved' and p.email <> ?",
    E2E_ADMIN.email,
  )
  for (const admin of otherAdmins) {
    const demoted = await page.request.post('/admin/users', { form: { intent: 'update', id: admin.id, fullName: admin.full_name ?? 'Former Admin', status: 'approved', role: 'editor' } })
    expect(demoted.status()).toBe(200)
  }
  // The list pages at 25, newest first: accounts other tests made push the e2e admin off the first page.
  await page.goto(`/admin/users?q=${encodeURIComponent(E2E_ADMIN.email)}`)
  await waitForHydration(page, 'main')

  const dialog = page.getByRole('dialog', { name: 'Edit User' })
  await userRow(page, E2E_ADMIN.email).getByRole('button', { name: /^Edit/ }).click()
  await choose(page, 'Role', 'editor')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'The site needs at least one approved admin')).toContainText('Error')
  await choose(page, 'Role', 'admin')
  await choose(page, 'Status', 'pending')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'The site needs at least one approved admin')).toHaveCount(2)
  expect(storedUser(E2E_ADMIN.email)).toMatchObject({ role: 'admin', status: 'approved' })
})

test('the server refuses user management to anyone but an admin, and checks what it is sent', async ({ playwright, request }) => {
  const target = await createStaffAccount(request, 'user', 'pending')
  const { id } = storedUser(target.email)!
  await expectRefusedWithoutRole(playwright, request, '/admin/users', { intent: 'approve', id })
  const editor = await staffSession(playwright, request, 'editor')
  const asEditor = await editor.post('/admin/users', { form: { intent: 'update', id, fullName: 'Hacked', status: 'approved', role: 'admin' }, maxRedirects: 0 })
  expect(asEditor.status()).toBe(302)
  expect(asEditor.headers().location).toBe('/admin')
  const functionCall = await editor.post('/api/functions/delete-user', { data: { userId: id }, headers: { origin: DEMO_SITE_URL } })
  expect(functionCall.status()).toBe(403)
  expect(await functionCall.json()).toEqual({ error: 'Only admins may manage users' })
  await editor.dispose()

  const admin = await staffSession(playwright, request, 'admin')
  const badRole = await admin.post('/admin/users', { form: { intent: 'update', id, fullName: 'Someone', status: 'approved', role: 'owner' }, maxRedirects: 0 })
  expect(badRole.status()).toBe(400)
  expect(await badRole.text()).toContain('Choose a role: user, editor or admin')
  await admin.dispose()
  expect(storedUser(target.email)).toMatchObject({ status: 'pending', role: 'user', full_name: 'Test User' })
})
