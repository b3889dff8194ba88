import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { onDemoDatabase } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { DEMO_SITE_URL } from './sites.ts'
import { createStaffAccount, signIn } from './staff.ts'

interface StaffRow {
  id: string
  name: string
  department: string
  email: string | null
  show_email: number
  photo_url: string | null
  photo_alt: string
}

const storedPeople = () => onDemoDatabase((database) => database.prepare('select id, name, department, email, show_email, photo_url, photo_alt from staff_members order by sort_order').all() as unknown as StaffRow[])

/** A portrait phone photo, as an editor would choose it. */
async function jpegPhoto() {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: '#7a5230' } }).jpeg({ quality: 80 }).toBuffer()
}

async function openStaffAdmin(page: Page) {
  await page.goto('/admin/staff')
  await expect(page.getByRole('heading', { name: 'Staff Directory', level: 1 })).toBeVisible()
  await waitForHydration(page, 'main')
}

// The directory is not a content table the fixture puts back: the story leaves the demo site as it found it.
test.afterEach(() => {
  onDemoDatabase((database) => {
    database.prepare('delete from staff_members').run()
    database.prepare("delete from site_settings where key = 'staff_directory_enabled'").run()
  })
})

test('an editor turns the staff directory on and adds a person with a photo; visitors see them under their department, the e-mail only once shown', async ({ page, browser, request }) => {
  test.slow()
  const name = 'Mrs Amina Patel'
  // Off on the demo site: /staff is an unknown address.
  const closed = await request.get('/staff')
  expect(closed.status()).toBe(404)
  expect(await closed.text()).toContain('Oops! Page not found')

  await signIn(page, await createStaffAccount(request, 'editor'))
  await openStaffAdmin(page)
  await expect(page.getByText('No people in the staff directory yet.')).toBeVisible()
  const directorySwitch = page.getByRole('switch', { name: 'Show the staff directory on the site' })
  await expect(directorySwitch).not.toBeChecked()
  await directorySwitch.click()
  await expect(toast(page, 'The staff directory is now shown on the site')).toBeVisible()
  await expect(directorySwitch).toBeChecked()
  await expect(page.getByRole('link', { name: /View \/staff/ })).toHaveAttribute('href', '/staff')

  await page.getByRole('button', { name: 'Add Person' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Person' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Job title (optional)').fill('Head of Science')
  await dialog.getByLabel('Department (optional)').fill('Science')
  await dialog.getByLabel('Email (optional)').fill('a.patel@school')
  await dialog.getByLabel('Phone (optional)').fill('+44 20 7946 0000')
  await dialog.getByLabel('Photo (optional)').setInputFiles({ name: 'patel.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() })
  await expect(dialog.getByRole('img', { name: 'Photo preview' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Save' }).click()
  // The alt text is asked for before anything is sent, and so is a whole address.
  await expect(dialog.getByText('Add alt text to the photo, or mark it decorative')).toBeVisible()
  await expect(dialog.getByText('Invalid email address')).toBeVisible()
  await dialog.getByLabel('Email (optional)').fill('a.patel@school.example')
  await dialog.getByLabel('Photo alt text').fill('Mrs Patel smiling in the science lab')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Staff member added successfully')).toBeVisible()
  await expect(dialog).toBeHidden()

  const [stored] = storedPeople()
  expect(stored).toMatchObject({ name, department: 'Science', email: 'a.patel@school.example', show_email: 0, photo_alt: 'Mrs Patel smiling in the science lab' })
  expect(stored!.photo_url).toMatch(/^\/files\/uploads\/staff\/.+\.webp$/)
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
  await expect(row.getByText('Head of Science · Science')).toBeVisible()
  await expect(row.getByRole('button', { name: `Move "${name}" up` })).toBeDisabled()
  await screenshot(page, 'staff-admin-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'staff-admin-390')
  await page.setViewportSize({ width: 1280, height: 800 })

  // A visitor (no session) sees the person under their department, with the photo's alt text and no e-mail.
  const visitorContext = await browser.newContext({ baseURL: DEMO_SITE_URL })
  const visitor = await visitorContext.newPage()
  await visitor.goto('/staff')
  await expect(visitor.getByRole('heading', { name: 'Our Staff', level: 1 })).toBeVisible()
  const science = visitor.getByRole('region', { name: 'Science' })
  await expect(science.getByRole('heading', { name: 'Science', level: 2 })).toBeVisible()
  await expect(science.getByRole('heading', { name, level: 3 })).toBeVisible()
  await expect(science.getByRole('img', { name: 'Mrs Patel smiling in the science lab' })).toHaveAttribute('src', stored!.photo_url!)
  await expect(science.getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute('href', 'tel:+442079460000')
  await expect(visitor.getByText('a.patel@school.example')).toHaveCount(0)
  expect(await visitor.content()).not.toContain('a.patel@school.example')

  // The editor ticks 'show e-mail': the visitor's next look shows it as a mailto link.
  await row.getByRole('button', { name: `Edit "${name}"` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Person' })
  await expect(edit.getByLabel('Photo alt text')).toHaveValue('Mrs Patel smiling in the science lab')
  await edit.getByLabel('Show the email address on the site').check()
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Staff member updated successfully')).toBeVisible()
  expect(storedPeople()[0]).toMatchObject({ show_email: 1, photo_url: stored!.photo_url })

  await visitor.reload()
  await expect(visitor.getByRole('link', { name: 'a.patel@school.example' })).toHaveAttribute('href', 'mailto:a.patel@school.example')
  await screenshot(visitor, 'staff-page-1280')
  await visitor.setViewportSize({ width: 390, height: 844 })
  await screenshot(visitor, 'staff-page-390')
  // Nothing is wider than the phone's screen.
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await visitorContext.close()
})
