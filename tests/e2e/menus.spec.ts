import type { Browser, Page } from '@playwright/test'
import { onDemoDatabase } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { DEMO_SITE_URL } from './sites.ts'
import { createStaffAccount, signIn } from './staff.ts'

const PARENT = { id: 'e2e-menus-admissions', title: 'Admissions Test', slug: 'admissions-test', parentId: null }
const CHILD = { id: 'e2e-menus-open-days', title: 'Open Days Test', slug: 'open-days-test', parentId: PARENT.id }
const CHILD_ADDRESS = '/admissions-test/open-days-test'

/**
 * Published pages written straight into the demo site's database: the pages
 * screen is tested on its own; here they are only something to link to.
 */
function insertPublishedPages() {
  const at = new Date(Date.now() - 60_000).toISOString()
  onDemoDatabase((database) => {
    for (const page of [PARENT, CHILD]) {
      database
        .prepare('insert into pages (id, title, slug, parent_id, status, published_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(page.id, page.title, page.slug, page.parentId, 'published', at, at, at)
    }
  })
}

/** Leaves the menus and pages as the demo site had them, whatever the test reached. */
function removeTestRows() {
  onDemoDatabase((database) => {
    database.prepare('delete from menu_items where page_id in (?, ?)').run(PARENT.id, CHILD.id)
    database.prepare('delete from pages where id in (?, ?)').run(PARENT.id, CHILD.id)
  })
}

async function visitor(browser: Browser, options: { width: number; height: number; hasTouch?: boolean }) {
  const context = await browser.newContext({ baseURL: DEMO_SITE_URL, viewport: { width: options.width, height: options.height }, hasTouch: options.hasTouch ?? false })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`)
  })
  return { page, errors, close: () => context.close() }
}

async function addEntry(page: Page, values: { label: string; pageOption: string; under?: string }) {
  await page.getByRole('button', { name: 'Add entry to the header menu' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add entry' })
  await dialog.getByLabel('Label').fill(values.label)
  await expect(dialog.getByRole('combobox', { name: 'Links to' })).toHaveText('Page')
  await dialog.getByRole('combobox', { name: 'Page' }).click()
  await page.getByRole('option', { name: values.pageOption, exact: true }).click()
  if (values.under) {
    await dialog.getByRole('combobox', { name: 'Show under' }).click()
    await page.getByRole('option', { name: values.under, exact: true }).click()
  }
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Menu entry created successfully').last()).toBeVisible()
  await expect(dialog).toHaveCount(0)
}

test('an editor nests a page under another in the header menu; visitors reach it by keyboard on a wide screen and by touch on a phone', async ({ page, request, browser }) => {
  test.slow()
  removeTestRows()
  insertPublishedPages()
  try {
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIn(page, await createStaffAccount(request, 'editor'))
    await page.locator('aside').getByRole('link', { name: 'Menus' }).click()
    await expect(page.getByRole('heading', { name: 'Menus', level: 1 })).toBeVisible()
    await waitForHydration(page, 'main button')

    await addEntry(page, { label: 'Visiting', pageOption: PARENT.title })
    await addEntry(page, { label: 'Tours', pageOption: `${PARENT.title} › ${CHILD.title}`, under: 'Visiting' })
    const header = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Header menu' }) })
    const parentItem = header.getByRole('listitem').filter({ has: page.getByText('Visiting', { exact: true }) }).first()
    await expect(parentItem.getByRole('listitem').getByText('Tours', { exact: true })).toBeVisible()
    await expect(parentItem.getByText(`Page: ${PARENT.title} › ${CHILD.title} (${CHILD_ADDRESS})`)).toBeVisible()
    await expect(header.getByRole('button', { name: 'Move "Visiting" down' })).toBeDisabled()
    await screenshot(page, 'admin-menus-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await screenshot(page, 'admin-menus-390')

    // A wide screen, by keyboard: to the toggle, open, to the page under it, follow it.
    const desktop = await visitor(browser, { width: 1280, height: 900 })
    await desktop.page.goto('/')
    await waitForHydration(desktop.page, 'header nav button')
    const nav = desktop.page.getByRole('navigation', { name: 'Main' })
    const toggle = nav.getByRole('button', { name: 'Show Visiting pages' })
    await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Tours', exact: true })).toBeHidden()
    await nav.getByRole('link', { name: 'Visiting', exact: true }).focus()
    await desktop.page.keyboard.press('Tab')
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await desktop.page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const childLink = nav.getByRole('link', { name: 'Tours', exact: true })
    await expect(childLink).toBeVisible()
    await expect(desktop.page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`)).toBeVisible()
    await screenshot(desktop.page, 'menus-dropdown-1280')
    await desktop.page.keyboard.press('Escape')
    await expect(childLink).toBeHidden()
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await desktop.page.keyboard.press('Enter')
    await desktop.page.keyboard.press('Tab')
    await expect(childLink).toBeFocused()
    // A click elsewhere closes it too.
    await desktop.page.locator('main').click({ position: { x: 5, y: 5 } })
    await expect(childLink).toBeHidden()
    await toggle.focus()
    await desktop.page.keyboard.press('Enter')
    await desktop.page.keyboard.press('ArrowDown')
    await expect(childLink).toBeFocused()
    await desktop.page.keyboard.press('Enter')
    await expect(desktop.page).toHaveURL(`${DEMO_SITE_URL}${CHILD_ADDRESS}`)
    await expect(desktop.page.getByRole('heading', { level: 1, name: CHILD.title })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Visiting', exact: true })).toHaveClass(/text-primary/)
    expect(desktop.errors).toEqual([])
    await desktop.close()

    // A phone, by touch: open the menu, the page under Admissions is listed beneath it.
    const phone = await visitor(browser, { width: 390, height: 844, hasTouch: true })
    await phone.page.goto('/')
    await waitForHydration(phone.page, 'header button[aria-controls="mobile-menu"]')
    await phone.page.getByRole('button', { name: 'Open menu' }).tap()
    const menu = phone.page.locator('#mobile-menu')
    await expect(menu.getByRole('link', { name: 'Visiting', exact: true })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Tours', exact: true })).toBeVisible()
    await screenshot(phone.page, 'menus-mobile-open-390')
    await menu.getByRole('link', { name: 'Tours', exact: true }).tap()
    await expect(phone.page).toHaveURL(`${DEMO_SITE_URL}${CHILD_ADDRESS}`)
    await expect(phone.page.getByRole('heading', { level: 1, name: CHILD.title })).toBeVisible()
    await expect(menu).toHaveCount(0)
    expect(phone.errors).toEqual([])
    await phone.close()
  } finally {
    removeTestRows()
  }
})

test('a page chosen for an entry gives it its title as the label, and the pages screen adds a page to a menu, saying when it is already there', async ({ page, request }) => {
  test.slow()
  removeTestRows()
  insertPublishedPages()
  try {
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIn(page, await createStaffAccount(request, 'editor'))
    await page.goto('/admin/menus')
    await waitForHydration(page, 'main button')
    await page.getByRole('button', { name: 'Add entry to the header menu' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add entry' })
    const label = dialog.getByLabel('Label')
    const choosePage = async (option: string) => {
      await dialog.getByRole('combobox', { name: 'Page' }).click()
      await page.getByRole('option', { name: option, exact: true }).click()
    }
    await expect(label).toHaveValue('')
    await choosePage(PARENT.title)
    await expect(label).toHaveValue(PARENT.title)
    // Still the previous page's title: it follows the choice.
    await choosePage(`${PARENT.title} › ${CHILD.title}`)
    await expect(label).toHaveValue(CHILD.title)
    // Words of one's own stay.
    await label.fill('Visit us')
    await choosePage(PARENT.title)
    await expect(label).toHaveValue('Visit us')
    // Emptied before saving, the label is the page's title.
    await label.fill('')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Menu entry created successfully')).toBeVisible()
    const header = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Header menu' }) })
    await expect(header.getByText(PARENT.title, { exact: true })).toBeVisible()

    await page.goto(`/admin/pages?q=${encodeURIComponent(CHILD.title)}`)
    await waitForHydration(page, 'main button')
    await page.getByRole('button', { name: `Add ${CHILD.title} to a menu` }).click()
    await page.getByRole('menuitem', { name: 'Footer Quick Links' }).click()
    await expect(toast(page, `"${CHILD.title}" added to the Footer Quick Links`)).toBeVisible()
    await page.getByRole('button', { name: `Add ${PARENT.title} to a menu` }).click()
    await expect(page.getByRole('menuitem', { name: 'Header menu' })).toContainText('Already in this menu')
    await expect(page.getByRole('menuitem', { name: 'Header menu' })).toHaveAttribute('aria-disabled', 'true')
    await screenshot(page, 'admin-pages-add-to-menu-1280')
    await page.keyboard.press('Escape')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('button', { name: `Add ${CHILD.title} to a menu` }).click()
    await expect(page.getByRole('menuitem', { name: 'Footer Quick Links' })).toContainText('Already in this menu')
    await screenshot(page, 'admin-pages-add-to-menu-390')
    const stored = onDemoDatabase((database) => database.prepare("select menu, label, parent_id from menu_items where page_id = ? order by menu").all(CHILD.id))
    expect(stored).toEqual([{ menu: 'footer', label: CHILD.title, parent_id: null }])

    // From the page's editor: added to a menu without saving or closing the form around it.
    await page.keyboard.press('Escape')
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByRole('button', { name: `Edit ${PARENT.title}` }).click()
    const editor = page.getByRole('dialog', { name: 'Edit Page' })
    const title = editor.getByLabel('Title', { exact: true })
    await title.fill('Admissions Renamed')
    await editor.getByRole('button', { name: `Add ${PARENT.title} to a menu` }).click()
    await expect(page.getByRole('menuitem', { name: 'Header menu' })).toContainText('Already in this menu')
    await page.getByRole('menuitem', { name: 'Footer Quick Links' }).click()
    await expect(toast(page, `"${PARENT.title}" added to the Footer Quick Links`)).toBeVisible()
    await expect(editor).toBeVisible()
    await expect(title).toHaveValue('Admissions Renamed')
    await editor.getByRole('button', { name: `Add ${PARENT.title} to a menu` }).click()
    await expect(page.getByRole('menuitem', { name: 'Footer Quick Links' })).toContainText('Already in this menu')
    await screenshot(page, 'admin-page-editor-add-to-menu-1280')
    await page.keyboard.press('Escape')
    await page.setViewportSize({ width: 390, height: 844 })
    await editor.getByRole('button', { name: `Add ${PARENT.title} to a menu` }).click()
    await expect(page.getByRole('menuitem', { name: 'Header menu' })).toContainText('Already in this menu')
    await screenshot(page, 'admin-page-editor-add-to-menu-390')
    await page.keyboard.press('Escape')
    await expect(editor).toBeVisible()
    await expect(title).toHaveValue('Admissions Renamed')
    // The list behind the open dialog is hidden from the accessibility tree: found by its markup.
    const list = page.locator('ul[aria-label="Pages"]')
    await expect(list).toContainText(PARENT.title)
    await expect(list).not.toContainText('Admissions Renamed')
    const parentRow = onDemoDatabase((database) => database.prepare('select title from pages where id = ?').get(PARENT.id))
    expect(parentRow).toEqual({ title: PARENT.title })
    const parentMenus = onDemoDatabase((database) => database.prepare('select menu from menu_items where page_id = ? order by menu').all(PARENT.id))
    expect(parentMenus).toEqual([{ menu: 'footer' }, { menu: 'header' }])
    const home = await page.context().newPage()
    await home.goto('/')
    await expect(home.locator('footer').getByRole('link', { name: PARENT.title, exact: true })).toHaveAttribute('href', `/${PARENT.slug}`)
    await home.close()
  } finally {
    removeTestRows()
  }
})
