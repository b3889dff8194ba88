import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { demoRow, demoRows } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { DEMO_SITE_URL } from './sites.ts'
import { createStaffAccount, expectRefusedWithoutRole, signIn, staffSession } from './staff.ts'

function storedSections(): Record<string, string> {
  return Object.fromEntries(demoRows<{ key: string; content: string }>('select key, content from sections').map((row) => [row.key, row.content]))
}

function storedContent(key: string) {
  return JSON.parse(storedSections()[key]!) as Record<string, unknown>
}

/**
 * Saves a section's form from the keyboard: long forms put their button at
 * the viewport's edge, where a pointer click may land outside the page.
 */
async function save(card: Locator) {
  await card.getByRole('button', { name: 'Save' }).focus()
  await card.page().keyboard.press('Enter')
}

/** The values of the inputs, in the page's order. */
const valuesOf = (inputs: Locator) => inputs.evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value))

function sectionCard(page: Page, key: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: key, exact: true }) })
}

async function openSections(page: Page, request: Parameters<typeof createStaffAccount>[0]) {
  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.locator('aside').getByRole('link', { name: 'Sections' }).click()
  await expect(page.getByRole('heading', { name: 'Sections Management', level: 1 })).toBeVisible()
  await waitForHydration(page, 'main form')
}

test('cards are ordered by key, each with its form; the calendar is edited in Events', async ({ page, request }) => {
  await openSections(page, request)
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['calendar.google', 'home.about', 'home.contact', 'home.features', 'home.hero', 'home.layout', 'home.logos'])
  await expect(sectionCard(page, 'calendar.google')).toContainText('The calendar link is edited in Events.')
  await screenshot(page, 'admin-sections-1280')
})

test('contact details: each rule has its message, and a save reaches the public footer', async ({ page, request }) => {
  await openSections(page, request)
  const card = sectionCard(page, 'home.contact')
  await card.getByLabel('Phone').fill('call us maybe')
  await card.getByLabel('Email').fill('office-at-school')
  await card.getByLabel('School Name').fill('  ')
  await save(card)
  await expect(card.getByText('Invalid phone number format')).toBeVisible()
  await expect(card.getByText('Invalid email address')).toBeVisible()
  await expect(card.getByText('School name is required')).toBeVisible()

  await card.getByLabel('School Name').fill('Riverside Primary')
  await card.getByLabel('Phone').fill('+44 (0)20 7946-0000')
  await card.getByLabel('Email').fill('hello@riverside.example')
  await save(card)
  await expect(toast(page, 'Section updated successfully')).toBeVisible()
  expect(storedContent('home.contact')).toMatchObject({ schoolName: 'Riverside Primary', phone: '+44 (0)20 7946-0000', email: 'hello@riverside.example' })
  const home = await page.context().newPage()
  await home.goto(DEMO_SITE_URL)
  await expect(home.getByRole('contentinfo')).toContainText('+44 (0)20 7946-0000')
  await home.close()
})

test('slides and features are put in order with Move up / Move down and by keyboard drag; the home page shows the saved order', async ({ page, playwright, request }) => {
  test.slow()
  // Known lists to start from, whatever the tests before left.
  const image = (storedContent('home.hero').slides as { image: string }[])[0]!.image
  const slide = (title: string) => ({ title, subtitle: `About ${title}`, image })
  const feature = (title: string) => ({ icon: 'Star', title, description: `About ${title}`, image: '' })
  const editor = await staffSession(playwright, request, 'editor')
  for (const [key, content] of [
    ['home.hero', { slides: [slide('Alpha'), slide('Bravo'), slide('Charlie')] }],
    ['home.features', { title: 'Why Choose Us', features: [feature('One'), feature('Two'), feature('Three')] }],
  ] as const) {
    expect((await editor.post('/admin/sections', { form: { intent: 'save', key, content: JSON.stringify(content) } })).status()).toBe(200)
  }
  await editor.dispose()

  await openSections(page, request)
  const hero = sectionCard(page, 'home.hero')
  const slideTitles = () => valuesOf(hero.locator('input[name$=".title"]'))
  await expect(hero.getByRole('button', { name: 'Move slide 1 up' })).toBeDisabled()
  await expect(hero.getByRole('button', { name: 'Move slide 3 down' })).toBeDisabled()
  await hero.getByRole('button', { name: 'Move slide 1 down' }).click()
  await expect.poll(slideTitles).toEqual(['Bravo', 'Alpha', 'Charlie'])
  await expect(hero.getByText('"Alpha" moved to position 2 of 3.')).toBeAttached()
  // The focus follows the slide, so Enter moves it on; at the bottom it lands on Move up.
  await expect(hero.getByRole('button', { name: 'Move slide 2 down' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect.poll(slideTitles).toEqual(['Bravo', 'Charlie', 'Alpha'])
  await expect(hero.getByText('"Alpha" moved to position 3 of 3.')).toBeAttached()
  await expect(hero.getByRole('button', { name: 'Move slide 3 up' })).toBeFocused()
  await hero.getByRole('button', { name: 'Move slide 2 up' }).click()
  await expect.poll(slideTitles).toEqual(['Charlie', 'Bravo', 'Alpha'])

  // dnd-kit's keyboard drag: Space picks the card up, an arrow moves it, Space drops it.
  const features = sectionCard(page, 'home.features')
  await features.getByRole('button', { name: 'Drag to reorder feature 3' }).focus()
  await page.keyboard.press('Space')
  await expect(page.getByText('Picked up "Three", at position 3 of 3.')).toBeAttached()
  await page.keyboard.press('ArrowUp')
  await expect(page.getByText('"Three" is over position 2 of 3.')).toBeAttached()
  await page.keyboard.press('Space')
  await expect.poll(() => valuesOf(features.locator('input[name^="features."][name$=".title"]'))).toEqual(['One', 'Three', 'Two'])
  await expect(page.getByText('"Three" moved to position 2 of 3.')).toBeAttached()
  await page.setViewportSize({ width: 390, height: 900 })
  await hero.screenshot({ path: 'test-results/screenshots/admin-sections-hero-390.png' })
  await features.screenshot({ path: 'test-results/screenshots/admin-sections-features-390.png' })
  await page.setViewportSize({ width: 1280, height: 900 })
  await hero.screenshot({ path: 'test-results/screenshots/admin-sections-hero-1280.png' })

  await save(hero)
  await expect(toast(page, 'Section updated successfully')).toBeVisible()
  await expect.poll(() => storedContent('home.hero').slides).toEqual([slide('Charlie'), slide('Bravo'), slide('Alpha')])
  await save(features)
  await expect.poll(() => storedContent('home.features').features).toEqual([feature('One'), feature('Three'), feature('Two')])
  const home = await page.context().newPage()
  await home.goto(DEMO_SITE_URL)
  await expect(home.locator('[aria-roledescription="slide"]').locator('h1, h2')).toHaveText(['Charlie', 'Bravo', 'Alpha'])
  await expect(home.locator('section[aria-labelledby="features-title"] li h3')).toHaveText(['One', 'Three', 'Two'])
  await home.close()
})

test('hero slides: add, check, never fewer than one, and the home page shows the change', async ({ page, request }) => {
  await openSections(page, request)
  const card = sectionCard(page, 'home.hero')
  const slideCount = (storedContent('home.hero').slides as unknown[]).length
  await card.getByRole('button', { name: 'Add Slide' }).click()
  const added = slideCount
  await expect(card.locator(`#hero-${added}-title`)).toHaveValue('')
  await save(card)
  await expect(card.locator(`#hero-${added}-title-error`)).toHaveText('Title is required')
  await expect(card.locator(`#hero-${added}-subtitle-error`)).toHaveText('Subtitle is required')
  await card.locator(`#hero-${added}-title`).fill('Open Morning')
  await card.locator(`#hero-${added}-subtitle`).fill('Come and see us on Saturday.')
  await card.locator(`input[name="slides.${added}.image"]`).fill('not a url')
  await save(card)
  await expect(card.getByText('Must be a valid URL')).toBeVisible()
  // A stored image of this site: the machine running the tests is offline.
  const firstImage = (storedContent('home.hero').slides as { image: string }[])[0]!.image
  await card.locator(`input[name="slides.${added}.image"]`).fill(firstImage)
  await save(card)
  await expect(toast(page, 'Section updated successfully')).toBeVisible()
  expect((storedContent('home.hero').slides as { title: string }[]).map((slide) => slide.title)).toContain('Open Morning')

  // Remove slides down to one: the last one cannot go.
  for (let index = slideCount; index > 0; index--) await card.getByRole('button', { name: `Remove slide ${index + 1}` }).click()
  await expect(card.getByRole('button', { name: 'Remove slide 1' })).toBeDisabled()
  await card.locator('#hero-0-title').fill('Welcome, Families')
  await save(card)
  await expect.poll(() => (storedContent('home.hero').slides as unknown[]).length).toBe(1)
  const home = await page.context().newPage()
  await home.goto(DEMO_SITE_URL)
  await expect(home.getByRole('heading', { level: 1 })).toHaveText('Welcome, Families')
  await home.close()
})

test('features: a new feature starts with BookOpen, takes another icon, and can be removed again', async ({ page, request }) => {
  await openSections(page, request)
  const card = sectionCard(page, 'home.features')
  const count = (storedContent('home.features').features as unknown[]).length
  await card.getByRole('button', { name: 'Add Feature' }).click()
  await expect(card.locator(`#feature-${count}-icon`)).toHaveValue('BookOpen')
  await card.locator(`#feature-${count}-icon`).selectOption('Star')
  await card.locator(`#feature-${count}-title`).fill('Forest School')
  await card.locator(`#feature-${count}-description`).fill('Learning outdoors every week.')
  await save(card)
  await expect(toast(page, 'Section updated successfully')).toBeVisible()
  expect((storedContent('home.features').features as { title: string; icon: string }[]).at(-1)).toMatchObject({ title: 'Forest School', icon: 'Star' })
  const home = await page.context().newPage()
  await home.goto(DEMO_SITE_URL)
  await expect(home.getByRole('heading', { name: 'Forest School' })).toBeVisible()
  await home.close()
})

test('about: the counter follows the text; the logo comes from the image picker, which also uploads', async ({ page, request }) => {
  await openSections(page, request)
  const about = sectionCard(page, 'home.about')
  const before = Number((await about.locator('#about-content-count').textContent())!.split('/')[0])
  await about.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.press('End')
  await page.keyboard.type(' Come and visit!')
  await expect(about.locator('#about-content-count')).not.toHaveText(`${before}/2000`)
  await save(about)
  await expect(toast(page, 'Section updated successfully')).toBeVisible()
  expect(String(storedContent('home.about').content)).toContain('Come and visit!')

  const logos = sectionCard(page, 'home.logos')
  await logos.getByRole('button', { name: 'Choose Logo Image' }).click()
  const picker = page.getByRole('dialog', { name: 'Select or Upload Image' })
  const grid = picker.getByTestId('image-picker-grid')
  await expect(grid.getByRole('button').first()).toBeVisible()
  // Measured once the dialog has grown in: while it zooms, its box is a little smaller than its layout.
  await picker.evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)))
  expect(await grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length)).toBe(3)
  expect(await grid.evaluate((element) => element.parentElement!.getBoundingClientRect().height)).toBe(300)
  const dropZone = picker.getByTestId('image-drop-zone')
  await dropZone.dispatchEvent('dragover')
  await expect(dropZone).toHaveAttribute('data-dragging', 'true')
  await dropZone.dispatchEvent('dragleave')
  await expect(dropZone).not.toHaveAttribute('data-dragging')
  await screenshot(page, 'admin-image-picker-1280')

  await picker.getByLabel('Image file to upload').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(toast(page, 'Please select an image file')).toContainText('Error')
  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#2a6' } }).png().toBuffer()
  const fileName = `logo-${Date.now()}.png`
  await picker.getByLabel('Image file to upload').setInputFiles({ name: fileName, mimeType: 'image/png', buffer: png })
  // A new image is described before it is uploaded.
  const describe = picker.getByRole('form', { name: 'Describe the new image' })
  await expect(describe.getByText(fileName)).toBeVisible()
  await describe.getByLabel('Alt text', { exact: true }).fill('Green square school logo')
  await screenshot(page, 'admin-image-picker-describe-1280')
  await describe.getByRole('button', { name: 'Upload' }).click()
  await expect(toast(page, 'Image added to the media library')).toBeVisible()
  await expect(toast(page, 'Image selected')).toBeVisible()
  await expect(picker).toHaveCount(0)
  const chosen = await logos.locator('input[name="image"]').inputValue()
  expect(chosen).toMatch(/^\/files\/uploads\/[0-9a-f-]+\.webp$/)
  // It joins the media library, not the public gallery.
  expect(demoRow('select file_name, alt, decorative from media where url = ?', chosen)).toEqual({ file_name: fileName, alt: 'Green square school logo', decorative: 0 })
  expect(demoRow('select count(*) as count from gallery where image_url = ?', chosen)).toEqual({ count: 0 })
  await save(logos)
  await expect(toast(page, 'Section updated successfully').last()).toBeVisible()
  const publicGallery = await page.context().newPage()
  await publicGallery.goto(`${DEMO_SITE_URL}/gallery`)
  await expect(publicGallery.locator('main img').first()).toBeVisible()
  await expect(publicGallery.locator(`main img[src="${chosen}"]`)).toHaveCount(0)
  await publicGallery.close()

  // Picking an existing image.
  await logos.getByRole('button', { name: 'Choose Logo Image' }).click()
  await page.getByRole('dialog', { name: 'Select or Upload Image' }).getByTestId('image-picker-grid').getByRole('button').nth(1).click()
  await expect(toast(page, 'Image selected').last()).toBeVisible()
  await expect(logos.locator('input[name="image"]')).not.toHaveValue(chosen)
  const pickedExisting = await logos.locator('input[name="image"]').inputValue()
  await save(logos)
  await expect(toast(page, 'Section updated successfully').last()).toBeVisible()
  await expect.poll(() => storedContent('home.logos').image).toBe(pickedExisting)
})

test('uploading in the image picker never saves the section around it: unsaved text stays unsaved, and the new image is chosen', async ({ page, request }) => {
  await openSections(page, request)
  const storedAbout = storedSections()['home.about']
  const about = sectionCard(page, 'home.about')
  const content = about.getByRole('textbox', { name: 'Content' })
  await content.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(' Not saved yet.')

  await about.getByRole('button', { name: 'Choose Image (optional)' }).click()
  const picker = page.getByRole('dialog', { name: 'Select or Upload Image' })
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#36c' } }).png().toBuffer()
  await picker.getByLabel('Image file to upload').setInputFiles({ name: `about-${Date.now()}.png`, mimeType: 'image/png', buffer: png })
  const describe = picker.getByRole('form', { name: 'Describe the new image' })
  await describe.getByLabel('Alt text', { exact: true }).fill('Pupils reading in the library')
  await describe.getByRole('button', { name: 'Upload' }).click()
  await expect(toast(page, 'Image selected')).toBeVisible()
  await expect(picker).toHaveCount(0)
  await expect(about.locator('input[name="image"]')).toHaveValue(/^\/files\/uploads\/[0-9a-f-]+\.webp$/)

  // Nothing was sent for the section: no save under way or answered, the stored row as it was, the typed text still in the editor.
  await expect(about.getByRole('button', { name: 'Save' })).toBeEnabled()
  await expect(toast(page, 'Section updated successfully')).toHaveCount(0)
  expect(storedSections()['home.about']).toBe(storedAbout)
  await expect(content).toContainText('Not saved yet.')
})

test('rich text takes an image from the image picker, and the public page shows it', async ({ page, request }) => {
  await openSections(page, request)
  const about = sectionCard(page, 'home.about')
  await about.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.press('Control+End')
  await about.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image', exact: true }).click()
  const picker = page.getByRole('dialog', { name: 'Select or Upload Image' })
  // The media tab is searched on the server; Enter in the picker's search never submits the section's form around it.
  await expect(picker.getByTestId('image-picker-grid').getByRole('button').nth(1)).toBeVisible()
  await picker.getByRole('searchbox', { name: 'Search images by alt text or file name' }).fill('SCHOOL CREST')
  await page.keyboard.press('Enter')
  await expect(picker.getByTestId('image-picker-grid').getByRole('button')).toHaveCount(1)
  await expect(toast(page, 'Section updated successfully')).toHaveCount(0)
  const first = picker.getByTestId('image-picker-grid').getByRole('button', { name: 'Choose The school crest' })
  const src = await first.locator('img').getAttribute('src')
  await first.click()
  await expect(toast(page, 'Image selected')).toBeVisible()
  await expect(about.getByRole('textbox', { name: 'Content' }).locator(`img[src="${src}"]`)).toBeVisible()
  await save(about)
  await expect(toast(page, 'Section updated successfully')).toBeVisible()
  expect(String(storedContent('home.about').content)).toContain(`<img src="${src}"`)
  const home = await page.context().newPage()
  await home.goto(DEMO_SITE_URL)
  await expect(home.locator(`#about-title ~ div img[src="${src}"]`)).toBeVisible()
  await home.close()
})

test('the server checks every section write: role, key, content and scripts', async ({ playwright, request }) => {
  const contact = storedSections()['home.contact']!
  const form = { intent: 'save', key: 'home.contact', content: JSON.stringify({ ...JSON.parse(contact), phone: '000' }) }
  await expectRefusedWithoutRole(playwright, request, '/admin/sections', form)
  const editor = await staffSession(playwright, request, 'editor')
  for (const [values, message] of [
    [{ intent: 'save', key: 'home.contact', content: JSON.stringify({ ...JSON.parse(contact), phone: 'abc' }) }, 'Invalid phone number format'],
    [{ intent: 'save', key: 'home.hero', content: JSON.stringify({ slides: [] }) }, 'At least one slide is required'],
    [{ intent: 'save', key: 'calendar.google', content: '{"url":""}' }, 'No form available for this section type.'],
    [{ intent: 'save', key: 'home.contact', content: '{not json' }, 'Invalid input'],
  ] as const) {
    const response = await editor.post('/admin/sections', { form: values, maxRedirects: 0 })
    expect(response.status(), message).toBe(400)
    expect(await response.text(), message).toContain(message)
  }
  expect(storedSections()['home.contact']).toBe(contact)

  const about = JSON.parse(storedSections()['home.about']!) as Record<string, string>
  const unsafe = { ...about, content: '<p>Hello<script>alert(1)</script> <a href="javascript:alert(2)">there</a></p>' }
  const saved = await editor.post('/admin/sections', { form: { intent: 'save', key: 'home.about', content: JSON.stringify(unsafe) }, maxRedirects: 0 })
  expect(saved.status()).toBe(200)
  const stored = String(storedContent('home.about').content)
  expect(stored).toContain('Hello')
  expect(stored).not.toContain('<script')
  expect(stored).not.toContain('javascript:')
  await editor.dispose()
})
