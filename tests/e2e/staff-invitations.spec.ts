import type { Page } from '@playwright/test'
import { expect, test, toast, waitForHydration } from './fixtures.ts'
import { linkIn, waitForMail } from './mail.ts'
import { ACCOUNTS_SITE_URL, E2E_ADMIN } from './sites.ts'
import { logout, signIn } from './staff.ts'

const INVALID_LINK = "This invitation link has expired or has already been used. Ask your school's admin to send a new invitation."

test.use({ baseURL: ACCOUNTS_SITE_URL })
// Two sign-ins, a mail and two pages each: longer than one page's test.
test.describe.configure({ timeout: process.env.SHOTS ? 180_000 : 90_000 })

/** Saved under .tmp/shots/, to look at. */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `.tmp/shots/${name}-${width}.png`, fullPage: true })
  }
}

function sidebarLinks(page: Page) {
  return page.locator('aside').getByRole('navigation', { name: 'Admin' }).getByRole('link')
}

test('an admin invites an editor, whose mailed link sets their password once and opens /admin with the editor screens', async ({ page }) => {
  const email = `invited-${crypto.randomUUID().slice(0, 8)}@example.org`
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, E2E_ADMIN)
  await page.goto('/admin/users')
  await waitForHydration(page, 'main')
  await page.getByRole('button', { name: 'Invite user' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite user' })
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Full Name (optional)').fill('Ines Vited')
  await expect(dialog.getByLabel('Role')).toHaveText('editor')
  if (process.env.SHOTS) await shot(page, 'invite-dialog')
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(toast(page, 'Invitation sent')).toBeVisible()
  const row = page.getByRole('region', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: email })
  await expect(row.getByRole('cell').nth(2)).toHaveText('Invited')
  await expect(row.getByRole('button', { name: `Resend the invitation to ${email}` })).toBeVisible()
  await expect(row.getByRole('button', { name: `Cancel the invitation to ${email}` })).toBeVisible()
  if (process.env.SHOTS) await shot(page, 'users-pending-invitation')
  await logout(page)

  const mail = await waitForMail(email, /^You are invited/)
  const link = linkIn(mail, ACCOUNTS_SITE_URL)
  expect(new URL(link).pathname).toMatch(/^\/auth\/invitation\/[A-Za-z0-9_-]{32}$/)
  await page.goto(link)
  await waitForHydration(page, 'main form')
  await expect(page.getByRole('heading', { name: 'Set Up Your Account', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(email)
  if (process.env.SHOTS) await shot(page, 'accept-invitation')
  await page.getByLabel('Password', { exact: true }).fill('invited-password')
  await page.getByLabel('Confirm password').fill('invited-password')
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(page).toHaveURL(`${ACCOUNTS_SITE_URL}/admin`)
  await expect(sidebarLinks(page).filter({ hasText: 'Blogs' })).toHaveCount(1)
  await expect(sidebarLinks(page).filter({ hasText: 'Users' })).toHaveCount(0)
  await logout(page)

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Invitation Link Not Valid', level: 1 })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText(INVALID_LINK)
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0)
  if (process.env.SHOTS) await shot(page, 'invitation-link-used')
})

test('with sign-up closed, /auth offers only Admin Login', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, E2E_ADMIN)
  await page.goto('/admin/users')
  await waitForHydration(page, 'main')
  const setting = page.getByRole('switch', { name: 'Allow anyone to create an account on the sign-in page' })
  await expect(setting).toBeChecked()
  await setting.click()
  await expect(toast(page, 'Sign-up is closed: only invited staff get accounts')).toBeVisible()
  try {
    await logout(page)
    await page.goto('/auth')
    await waitForHydration(page, 'main form')
    await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign up' })).toHaveCount(0)
    if (process.env.SHOTS) await shot(page, 'auth-sign-up-closed')
    const refused = await page.request.post('/api/auth/sign-up/email', {
      data: { email: `closed-${crypto.randomUUID().slice(0, 8)}@example.org`, password: 'parent-password', name: '' },
      headers: { origin: ACCOUNTS_SITE_URL },
    })
    expect(refused.status()).toBe(403)
  } finally {
    await signIn(page, E2E_ADMIN)
    await page.goto('/admin/users')
    await waitForHydration(page, 'main')
    await page.getByRole('switch', { name: 'Allow anyone to create an account on the sign-in page' }).click()
    await expect(toast(page, 'Anyone can now create an account on the sign-in page')).toBeVisible()
  }
})
