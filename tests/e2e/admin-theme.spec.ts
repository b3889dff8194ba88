import type { Locator, Page } from '@playwright/test'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { demoRows, onDemoDatabase } from './site-database.ts'
import { DEMO_SITE_URL, E2E_ADMIN } from './sites.ts'
import { expectRefusedWithoutRole, staffSession } from './staff.ts'
import type { StoredRow } from '#tests/setup/stored-rows.ts'

type ThemeRow = StoredRow<'themes', 'id' | 'name' | 'is_active' | 'colors' | 'section_styles'>

const storedThemes = () => demoRows<ThemeRow>('select id, name, is_active, colors, section_styles from themes order by created_at')

/** A spare inactive theme written straight into the demo database (the fixture restores the table afterwards). */
function insertInactiveTheme(from: ThemeRow): string {
  const id = crypto.randomUUID()
  onDemoDatabase((database) =>
    database.prepare('insert into themes (id, name, is_active, colors, section_styles, created_at) values (?, ?, 0, ?, ?, ?)').run(id, `Spare ${id.slice(0, 8)}`, from.colors, from.section_styles, new Date().toISOString()),
  )
  return id
}

const storedTheme = (name: string) => storedThemes().find((row) => row.name === name)
const primaryOf = (html: Locator) => html.evaluate((element) => getComputedStyle(element).getPropertyValue('--primary').trim())

/** Signs the page's browser context in as the demo admin through the auth API (the sign-in form has its own tests). */
async function signInAsAdmin(page: Page) {
  const answer = await page.request.post('/api/auth/sign-in/email', { data: E2E_ADMIN, headers: { origin: DEMO_SITE_URL } })
  expect(answer.status()).toBe(200)
  await page.goto('/admin')
}

async function openThemeManagement(page: Page) {
  await page.locator('aside').getByRole('link', { name: 'Theme' }).click()
  await expect(page.getByRole('heading', { name: 'Theme Management', level: 1 })).toBeVisible()
  await waitForHydration(page, 'main')
}

test('an admin edits, creates, activates, resets and deletes themes; open public pages and the live preview follow', async ({ page, browser }) => {
  // A whole story through several dialogs and public pages: under a loaded CI machine it can pass 30 s.
  test.slow()
  const name = `Harvest ${Date.now()}`
  const original = storedThemes().find((row) => row.is_active === 1)!

  // A visitor's page, open before anything changes.
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  await visitor.goto(DEMO_SITE_URL)
  await waitForHydration(visitor, 'main')
  const visitorHtml = visitor.locator('html')
  const originalPrimary = await primaryOf(visitorHtml)

  await signInAsAdmin(page)
  await openThemeManagement(page)

  await page.getByRole('button', { name: 'Add New Theme' }).click()
  const createDialog = page.getByRole('dialog', { name: 'Create New Theme' })
  await createDialog.getByRole('button', { name: 'Create Theme' }).click()
  await expect(createDialog.getByText('Please enter a theme name')).toBeVisible()
  await createDialog.getByLabel('Theme name').fill(name)
  await expect(createDialog.getByText('Please enter a theme name')).toHaveCount(0)
  await screenshot(page, 'admin-theme-create-1280')
  await createDialog.getByRole('button', { name: 'Create Theme' }).click()
  await expect(toast(page, 'New theme created successfully')).toBeVisible()
  await expect(createDialog).toHaveCount(0)
  expect(storedTheme(name)).toMatchObject({ is_active: 0 })

  const card = page.getByRole('listitem').filter({ hasText: name })
  await card.getByRole('button', { name: `Edit ${name}` }).click()
  await expect(page.getByLabel('Theme name', { exact: true })).toHaveValue(name)

  const primary = page.getByLabel('Primary', { exact: true })
  await primary.fill('350 80')
  await expect(page.getByText('Use the format H S% L% (example: 215 70% 35%)')).toBeVisible()
  await primary.fill('350 80% 40%')
  await expect(page.getByText('Use the format H S% L% (example: 215 70% 35%)')).toHaveCount(0)
  // A colour may be typed as #rrggbb: it becomes the editor's format as soon as it is whole.
  await primary.fill('#800020')
  await expect(primary).toHaveValue('345 100% 25%')
  await primary.fill('350 80% 40%')
  await page.getByLabel('Pick the accent colour').fill('#ff0000')
  await expect(page.getByLabel('Accent', { exact: true })).toHaveValue('0 100% 50%')

  // The preview shows the unsaved colour; the public site does not.
  const previewHtml = page.frameLocator('iframe[title="Live preview of the home page"]').locator('html')
  await expect.poll(() => primaryOf(previewHtml)).toBe('350 80% 40%')
  expect(await primaryOf(visitorHtml)).toBe(originalPrimary)
  expect((JSON.parse(storedTheme(name)!.colors) as { primary: string }).primary).not.toBe('350 80% 40%')

  await page.getByRole('tab', { name: 'Sections' }).click()
  await page.getByLabel('Border width').first().fill('12 pixels')
  await expect(page.getByText('Border width must be a length such as 20px')).toBeVisible()
  await page.getByLabel('Border width').first().fill('12px')
  await page.getByLabel(/Overlay opacity/).first().fill('0.3')
  await expect(page.getByText('Overlay opacity: 30%').first()).toBeVisible()
  await screenshot(page, 'admin-theme-sections-1280')

  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'Theme updated successfully')).toBeVisible()
  const saved = storedTheme(name)!
  expect(JSON.parse(saved.colors)).toMatchObject({ primary: '350 80% 40%', accent: '0 100% 50%' })
  expect((JSON.parse(saved.section_styles) as { hero: unknown }).hero).toMatchObject({ borderImageWidth: '12px', overlayOpacity: 0.3 })

  await card.getByRole('button', { name: `Activate ${name}` }).click()
  // Activating changes the site for everyone, so it is confirmed; Cancel changes nothing.
  const activation = page.getByRole('alertdialog', { name: `Activate ${name}?` })
  await expect(activation).toContainText('Every visitor sees its colours and styles at once')
  await activation.getByRole('button', { name: 'Cancel' }).click()
  await expect(activation).toHaveCount(0)
  expect(storedTheme(name)).toMatchObject({ is_active: 0 })
  await card.getByRole('button', { name: `Activate ${name}` }).click()
  await activation.getByRole('button', { name: 'Activate' }).click()
  await expect(toast(page, 'Theme activated successfully')).toBeVisible()
  await expect(card.getByText('Active', { exact: true })).toBeVisible()
  await expect(card.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0)
  expect(storedThemes().filter((row) => row.is_active === 1).map((row) => row.name)).toEqual([name])
  // The visitor's page takes the new colours through the change feed, without a reload.
  await expect.poll(() => primaryOf(visitorHtml)).toBe('350 80% 40%')
  await page.getByRole('tab', { name: 'Colors' }).click()
  // Saving the active theme reaches open pages too.
  await primary.fill('20 85% 35%')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect.poll(() => (JSON.parse(storedTheme(name)!.colors) as { primary: string }).primary).toBe('20 85% 35%')
  await expect.poll(() => primaryOf(visitorHtml)).toBe('20 85% 35%')
  await screenshot(page, 'admin-theme-1280')

  await page.getByRole('button', { name: 'Reset to Default' }).click()
  await expect(toast(page, 'Theme reset to default values')).toBeVisible()
  await expect(page.getByLabel('Theme name', { exact: true })).toHaveValue('Default Theme')
  await expect(primary).toHaveValue('215 70% 35%')
  await expect.poll(() => primaryOf(previewHtml)).toBe('215 70% 35%')

  // Give the site its theme back, then delete ours by typing its name. The first activation's toast goes first, so the
  // one awaited below is this activation's.
  await expect(toast(page, 'Theme activated successfully')).toHaveCount(0, { timeout: 15_000 })
  const originalCard = page.getByRole('listitem').filter({ hasText: original.name }).first()
  await originalCard.getByRole('button', { name: `Activate ${original.name}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Activate' }).click()
  await expect(toast(page, 'Theme activated successfully')).toBeVisible()
  await expect.poll(() => primaryOf(visitorHtml)).toBe(originalPrimary)

  await card.getByRole('button', { name: `Delete ${name}` }).click()
  const confirm = page.getByRole('alertdialog')
  const deleteButton = confirm.getByRole('button', { name: 'Delete' })
  await expect(deleteButton).toBeDisabled()
  await confirm.getByLabel('Theme name').fill(name.slice(0, -1))
  await expect(deleteButton).toBeDisabled()
  await confirm.getByLabel('Theme name').fill(name)
  await screenshot(page, 'admin-theme-delete-1280')
  await deleteButton.click()
  await expect(toast(page, 'Theme deleted successfully')).toBeVisible()
  await expect(card).toHaveCount(0)
  expect(storedTheme(name)).toBeUndefined()

  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'admin-theme-390')
  await page.getByRole('button', { name: 'Add New Theme' }).click()
  await screenshot(page, 'admin-theme-create-390')
  await createDialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(createDialog).toHaveCount(0)
  await visitorContext.close()
})

test('a theme with text visitors could not read shows its contrast, names the pair and cannot be activated, here or by a forged post', async ({ page, playwright, request }) => {
  const active = storedThemes().find((row) => row.is_active === 1)!
  const id = insertInactiveTheme({ ...active, colors: JSON.stringify({ ...(JSON.parse(active.colors) as Record<string, string>), primary: '51 100% 50%' }) })
  const gold = storedThemes().find((row) => row.id === id)!
  await signInAsAdmin(page)
  await openThemeManagement(page)

  const card = page.getByRole('listitem').filter({ hasText: gold.name })
  await card.getByRole('button', { name: `Activate ${gold.name}` }).click()
  const refusal = page.getByRole('alertdialog', { name: `${gold.name} cannot be activated yet` })
  await expect(refusal.getByRole('list', { name: 'Pairs below WCAG AA' })).toHaveText('Site name, menu and links on the page (primary, background): 1.38:1, needs 4.5:1')
  await expect(refusal.getByRole('button', { name: 'Activate' })).toHaveCount(0)
  await screenshot(page, 'admin-theme-activate-refused-1280')
  await refusal.getByRole('button', { name: 'Edit its colours' }).click()
  await expect(page.getByLabel('Theme name', { exact: true })).toHaveValue(gold.name)

  // The editor measures every pair as the colours change.
  const report = page.getByRole('list', { name: 'Contrast of each text and background pair' })
  const linkPair = report.getByRole('listitem').filter({ hasText: 'Site name, menu and links on the page' })
  await expect(linkPair).toContainText('1.38:1, too low')
  await expect(page.getByText('One pair is below WCAG AA. The theme can be saved, but not activated until every pair passes.')).toBeVisible()
  await page.getByLabel('Primary', { exact: true }).fill('#8a6d00')
  await expect(linkPair).toContainText(', passes')
  await expect(page.getByText('Every pair meets WCAG AA: 4.5:1 for text, 3:1 for large titles.')).toBeVisible()
  await report.scrollIntoViewIfNeeded()
  await screenshot(page, 'admin-theme-contrast-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await report.scrollIntoViewIfNeeded()
  await screenshot(page, 'admin-theme-contrast-390')

  const admin = await staffSession(playwright, request, 'admin')
  const forged = await admin.post('/admin/theme', { form: { intent: 'activate', id }, maxRedirects: 0 })
  expect(forged.status()).toBe(400)
  expect(await forged.text()).toContain('Failed to activate theme: Visitors could not read some text with these colours: Site name, menu and links on the page (primary, background): 1.38:1, needs 4.5:1.')
  await admin.dispose()
  expect(storedThemes().find((row) => row.id === id)).toMatchObject({ is_active: 0 })
})

test('the server refuses forged theme writes: no session, role user or editor, bad values and deleting the active theme', async ({ playwright, request }) => {
  const active = storedThemes().find((row) => row.is_active === 1)!
  const inactive = { id: insertInactiveTheme(active) }
  const before = storedThemes()

  await expectRefusedWithoutRole(playwright, request, '/admin/theme', { intent: 'delete', id: inactive.id })
  const editor = await staffSession(playwright, request, 'editor')
  const asEditor = await editor.post('/admin/theme', { form: { intent: 'activate', id: inactive.id }, maxRedirects: 0 })
  expect(asEditor.status()).toBe(302)
  expect(asEditor.headers().location).toBe('/admin')
  await editor.dispose()

  const admin = await staffSession(playwright, request, 'admin')
  const validTheme = { name: 'Forged', colors: JSON.parse(active.colors) as Record<string, string>, sectionStyles: JSON.parse(active.section_styles) as unknown }
  for (const [form, status, message] of [
    [{ intent: 'delete', id: active.id }, 409, 'Failed to delete theme: The active theme cannot be deleted: activate another theme first.'],
    [{ intent: 'delete', id: 'no-such-theme' }, 404, 'Failed to delete theme: Theme not found'],
    [{ intent: 'activate', id: 'no-such-theme' }, 404, 'Failed to activate theme: Theme not found'],
    [{ intent: 'update', id: inactive.id, theme: JSON.stringify({ ...validTheme, colors: { ...validTheme.colors, primary: 'red' } }) }, 400, 'Failed to update theme: Use the format H S% L% (example: 215 70% 35%)'],
    [{ intent: 'update', id: inactive.id, theme: JSON.stringify({ ...validTheme, name: '  ' }) }, 400, 'Failed to update theme: Please enter a theme name'],
    [{ intent: 'create', theme: JSON.stringify({ ...validTheme, name: '' }) }, 400, 'Failed to create theme: Please enter a theme name'],
    [{ intent: 'update', theme: JSON.stringify(validTheme) }, 400, 'Failed to update theme: No theme selected'],
  ] as const) {
    const response = await admin.post('/admin/theme', { form, maxRedirects: 0 })
    expect(response.status(), message).toBe(status)
    expect(await response.text(), message).toContain(message)
  }
  await admin.dispose()
  expect(storedThemes()).toEqual(before)
})

test('a public page ignores preview messages unless the theme editor frames it', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page, 'main')
  const before = await primaryOf(page.locator('html'))
  // Framed by another page of the site (here the home page itself), and sent a theme by that page.
  await page.evaluate(() => {
    const frame = document.createElement('iframe')
    frame.src = '/gallery'
    frame.title = 'Framed gallery'
    document.body.append(frame)
  })
  const framed = page.frameLocator('iframe[title="Framed gallery"]')
  await expect(framed.locator('main')).toBeVisible()
  await expect.poll(() => framed.locator('main').evaluate((main) => Object.keys(main).some((key) => key.startsWith('__react')))).toBe(true)
  const forged = { type: 'school-website:theme-preview', theme: { colors: { primary: '120 100% 25%' }, sectionStyles: {} } }
  await page.evaluate((message) => {
    document.querySelector<HTMLIFrameElement>('iframe[title="Framed gallery"]')!.contentWindow!.postMessage(message, window.location.origin)
    window.postMessage(message, window.location.origin)
  }, forged)
  await page.waitForTimeout(300)
  expect(await primaryOf(framed.locator('html'))).toBe(before)
  expect(await primaryOf(page.locator('html'))).toBe(before)
})

test("an admin sees the site's time zone on the Theme screen and changes it; the staff screens follow without a restart", async ({ page }) => {
  const startUpZone = 'America/New_York'
  try {
    await signInAsAdmin(page)
    await page.goto('/admin/theme')
    await waitForHydration(page, 'main')
    const card = page.locator('form[action="/admin/theme/time-zone"]')
    const picker = page.getByRole('combobox', { name: 'Time zone' })
    await expect(picker).toHaveText(startUpZone)
    await screenshot(page, 'admin-theme-time-zone-1280')

    await picker.click()
    await page.getByRole('option', { name: 'Asia/Tokyo', exact: true }).click()
    await card.getByRole('button', { name: 'Save time zone' }).click()
    await expect(toast(page, 'Time zone saved')).toBeVisible()
    expect(demoRows<{ value: string }>("select value from site_settings where key = 'time_zone'")).toEqual([{ value: 'Asia/Tokyo' }])

    await page.goto('/admin/alerts')
    await waitForHydration(page, 'main')
    await page.getByRole('button', { name: 'New Alert' }).click()
    await expect(page.getByRole('dialog').getByText("Times are the school's (Asia/Tokyo).")).toBeVisible()
    await page.keyboard.press('Escape')

    await page.goto('/admin/theme')
    await waitForHydration(page, 'main')
    await expect(picker).toHaveText('Asia/Tokyo')
    await picker.click()
    await page.getByRole('option', { name: startUpZone, exact: true }).click()
    await card.getByRole('button', { name: 'Save time zone' }).click()
    await expect(toast(page, 'Time zone saved')).toBeVisible()
    expect(demoRows<{ value: string }>("select value from site_settings where key = 'time_zone'")).toEqual([{ value: startUpZone }])
  } finally {
    // The other tests of this site read times on its start-up zone.
    onDemoDatabase((database) => database.prepare("update site_settings set value = ? where key = 'time_zone'").run(startUpZone))
  }
})
