import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { onDemoDatabase } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { DEMO_DATABASE_PATH, DEMO_SITE_URL } from './sites.ts'
import { createStaffAccount, expectRefusedWithoutRole, signIn, staffSession } from './staff.ts'
import type { StoredRow } from '#tests/setup/stored-rows.ts'

type EventRow = StoredRow<'events', 'id' | 'title' | 'description' | 'start_date' | 'end_date' | 'image_url'>

const STORAGE_ROOT = path.join(path.dirname(DEMO_DATABASE_PATH), 'storage')
const CALENDAR_REFUSAL =
  'Paste the embed address of a Google Calendar (https://calendar.google.com/calendar/embed?src=…) or of an Outlook calendar (https://outlook.office365.com/owa/calendar/… or https://outlook.live.com/owa/calendar/…).'
const EMBED_URL = 'https://calendar.google.com/calendar/embed?src=school%40example.org&ctz=America%2FNew_York'

function storedEvents(): EventRow[] {
  return onDemoDatabase(
    (database) =>
      database.prepare('select id, title, description, start_date, end_date, image_url from events order by start_date desc').all() as unknown as EventRow[],
  )
}

function storedEvent(title: string) {
  return storedEvents().find((row) => row.title === title)
}

function storedCalendarUrl(): string {
  return onDemoDatabase(
    (database) => (JSON.parse((database.prepare("select content from sections where key = 'calendar.google'").get() as { content: string }).content) as { url: string }).url,
  )
}

/** Where the local storage driver keeps a stored file. */
function storedFile(url: string) {
  return path.join(STORAGE_ROOT, url.replace(/^\/files\//, ''))
}

function eventImageFiles() {
  const folder = path.join(STORAGE_ROOT, 'uploads', 'events')
  return fs.existsSync(folder) ? fs.readdirSync(folder) : []
}

/** WCAG 2.1 A/AA problems axe finds in the page, or in one part of it. */
async function accessibilityViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  const results = await (include ? builder.include(include) : builder).analyze()
  return results.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5) }))
}

async function pngImage() {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#2f6f4f' } }).png().toBuffer()
}

async function openEventsAdmin(page: Page) {
  await page.locator('aside').getByRole('link', { name: 'Events' }).click()
  await expect(page.getByRole('heading', { name: 'Events Management', level: 1 })).toBeVisible()
  await waitForHydration(page, 'main')
}

test('an editor adds, edits and deletes an event, with validation, confirmation and the public calendar following', async ({ page, request }) => {
  const title = `Summer Concert ${Date.now()}`
  const year = new Date().getFullYear() + 1
  await signIn(page, await createStaffAccount(request, 'editor'))
  await openEventsAdmin(page)

  await page.getByRole('button', { name: 'Add Event' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Event' })
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(dialog.getByText('Title is required')).toBeVisible()
  await expect(dialog.getByText('Start date is required')).toBeVisible()

  await dialog.getByLabel('Title').fill(title)
  await expect(dialog.getByText('Title is required')).toHaveCount(0)
  await dialog.getByLabel('Description (optional)').fill('Songs from every class.\nBring a blanket.')
  // The school is in New York: 4 PM there on 4 July is 20:00 UTC (daylight saving time).
  await dialog.getByLabel('Start Date').fill(`${year}-07-04T16:00`)
  await dialog.getByLabel('End Date (optional)').fill(`${year}-07-04T15:00`)
  await expect(dialog.getByText('End date must be after the start date')).toBeVisible()
  await dialog.getByLabel('End Date (optional)').fill(`${year}-07-04T19:00`)
  await expect(dialog.getByText('End date must be after the start date')).toHaveCount(0)
  await dialog.getByLabel('Image (optional)').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
  await expect(dialog.getByText('Please select an image file')).toBeVisible()
  await dialog.getByLabel('Image (optional)').setInputFiles({ name: 'concert.png', mimeType: 'image/png', buffer: await pngImage() })
  await expect(dialog.getByText('Please select an image file')).toHaveCount(0)
  await screenshot(page, 'admin-event-dialog-1280')
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(toast(page, 'Event created successfully')).toBeVisible()
  await expect(dialog).toHaveCount(0)

  const created = storedEvent(title)!
  expect(created).toMatchObject({
    description: 'Songs from every class.\nBring a blanket.',
    start_date: `${year}-07-04T20:00:00.000Z`,
    end_date: `${year}-07-04T23:00:00.000Z`,
  })
  expect(created.image_url).toMatch(/^\/files\/uploads\/events\/[0-9a-f-]+\.webp$/)
  const image = await request.get(created.image_url!)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/webp')

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
  await expect(card.locator('time')).toHaveText(`July 4, ${year}, 4:00 PM – 7:00 PM`)
  await expect(card.getByText('Bring a blanket.')).toBeVisible()
  await screenshot(page, 'admin-events-1280')
  expect(await accessibilityViolations(page)).toEqual([])

  await card.getByRole('button', { name: `Edit ${title}` }).click()
  const editDialog = page.getByRole('dialog', { name: 'Edit Event' })
  await expect(editDialog.getByLabel('Title')).toHaveValue(title)
  expect(await accessibilityViolations(page, '[role="dialog"]')).toEqual([])
  await expect(editDialog.getByLabel('Start Date')).toHaveValue(`${year}-07-04T16:00`)
  await expect(editDialog.getByLabel('End Date (optional)')).toHaveValue(`${year}-07-04T19:00`)
  await expect(editDialog.getByRole('img', { name: 'Current event image' })).toHaveAttribute('src', created.image_url!)
  const renamed = `${title} (moved)`
  await editDialog.getByLabel('Title').fill(renamed)
  // A winter date: New York is on standard time (UTC-5) then. Midnight with no end is an all-day event.
  await editDialog.getByLabel('Start Date').fill(`${year}-12-12T00:00`)
  await editDialog.getByLabel('End Date (optional)').fill('')
  await editDialog.getByRole('button', { name: 'Remove image' }).click()
  await expect(editDialog.getByRole('img', { name: 'Current event image' })).toHaveCount(0)
  await editDialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Event updated successfully')).toBeVisible()
  const renamedCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: renamed }) })
  await expect(renamedCard.locator('time')).toHaveText(`December 12, ${year}`)
  expect(storedEvent(renamed)).toMatchObject({ id: created.id, start_date: `${year}-12-12T05:00:00.000Z`, end_date: null, image_url: null })
  expect(fs.existsSync(storedFile(created.image_url!))).toBe(false)
  expect((await request.get(created.image_url!)).status()).toBe(404)

  const calendar = await page.context().newPage()
  await calendar.goto(`${DEMO_SITE_URL}/calendar`)
  const publicEvent = calendar.getByRole('listitem').filter({ has: calendar.getByRole('heading', { name: renamed }) })
  await expect(publicEvent.locator('time')).toHaveText(`December 12, ${year}`)
  await expect(publicEvent.getByText('Bring a blanket.')).toBeVisible()
  await calendar.close()

  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Are you sure you want to delete this event?')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  expect(storedEvent(renamed)).toBeDefined()

  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Event deleted successfully')).toBeVisible()
  await expect(page.getByRole('heading', { name: renamed })).toHaveCount(0)
  expect(storedEvent(renamed)).toBeUndefined()
})

test('deleting an event removes the image uploaded for it', async ({ page, request }) => {
  const title = `Art Show ${Date.now()}`
  await signIn(page, await createStaffAccount(request, 'editor'))
  await openEventsAdmin(page)
  await page.getByRole('button', { name: 'Add Event' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Event' })
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Start Date').fill(`${new Date().getFullYear() + 1}-05-20T10:30`)
  await dialog.getByLabel('Image (optional)').setInputFiles({ name: 'art.png', mimeType: 'image/png', buffer: await pngImage() })
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(toast(page, 'Event created successfully')).toBeVisible()
  const imageUrl = storedEvent(title)!.image_url!
  expect(fs.existsSync(storedFile(imageUrl))).toBe(true)
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
  await expect(card.locator('img')).toHaveAttribute('src', imageUrl)

  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'admin-events-390')
  await card.getByRole('button', { name: `Edit ${title}` }).click()
  await screenshot(page, 'admin-event-dialog-390')
  await page.getByRole('dialog', { name: 'Edit Event' }).getByRole('button', { name: 'Cancel' }).click()

  await card.getByRole('button', { name: `Delete ${title}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Event deleted successfully')).toBeVisible()
  expect(storedEvent(title)).toBeUndefined()
  expect(fs.existsSync(storedFile(imageUrl))).toBe(false)
})

test('an editor saves the Google Calendar link and the public calendar frames it', async ({ page, request }) => {
  // Four refusals, a save, the public page and a removal.
  test.slow()
  const original = storedCalendarUrl()
  // The test machine is offline: the calendar service answers from here.
  await page.context().route('https://calendar.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Calendar</title><p>Embedded school calendar</p>' }),
  )
  await signIn(page, await createStaffAccount(request, 'editor'))
  await openEventsAdmin(page)
  const card = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save Google Calendar Link' }) })
  const field = card.getByLabel('Embed URL')

  // Every address the public page would not frame is refused with the same words, naming the accepted addresses.
  for (const refused of ['calendar please', 'http://calendar.google.com/calendar/embed', 'https://calendar.example.org/embed', 'https://calendar.google.com.evil.example/embed']) {
    await field.fill(refused)
    await card.getByRole('button', { name: 'Save Google Calendar Link' }).click()
    await expect(card.getByText(CALENDAR_REFUSAL)).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(toast(page, 'Google Calendar link saved successfully')).toHaveCount(0)
    expect(storedCalendarUrl()).toBe(original)
  }
  await expect(card.getByText('Must be a valid URL')).toHaveCount(0)
  await screenshot(page, 'admin-events-calendar-refused-1280')

  await field.fill(EMBED_URL)
  await expect(card.getByText(CALENDAR_REFUSAL)).toHaveCount(0)
  await card.getByRole('button', { name: 'Save Google Calendar Link' }).click()
  await expect(toast(page, 'Google Calendar link saved successfully')).toBeVisible()
  expect(storedCalendarUrl()).toBe(EMBED_URL)
  await screenshot(page, 'admin-events-calendar-link-1280')

  const calendar = await page.context().newPage()
  await calendar.goto(`${DEMO_SITE_URL}/calendar`)
  await expect(calendar.getByRole('heading', { level: 2, name: 'Full Calendar' })).toBeVisible()
  await expect(calendar.getByTitle('Full Calendar')).toHaveAttribute('src', EMBED_URL)
  await calendar.getByTitle('Full Calendar').scrollIntoViewIfNeeded()
  await expect(calendar.frameLocator('iframe[title="Full Calendar"]').getByText('Embedded school calendar')).toBeVisible()

  // Empty removes the calendar (once the first save's toast has gone, the next one is this save's).
  await expect(toast(page, 'Google Calendar link saved successfully')).toHaveCount(0, { timeout: 15_000 })
  await field.fill('')
  await card.getByRole('button', { name: 'Save Google Calendar Link' }).click()
  await expect(toast(page, 'Google Calendar link saved successfully')).toBeVisible()
  expect(storedCalendarUrl()).toBe('')
  await calendar.reload()
  await expect(calendar.getByRole('heading', { level: 1, name: 'School Calendar' })).toBeVisible()
  await expect(calendar.getByRole('heading', { name: 'Full Calendar' })).toHaveCount(0)
  await calendar.close()
})

test('the server refuses forged event writes: no session, role user, invalid values and non-images change nothing', async ({ playwright, request }) => {
  const before = storedEvents()
  const target = before[0]!
  const calendarBefore = storedCalendarUrl()
  const imagesBefore = eventImageFiles()
  const form = { intent: 'delete', id: target.id }

  await expectRefusedWithoutRole(playwright, request, '/admin/events', form)
  const editorSession = await staffSession(playwright, request, 'editor')
  for (const [values, message] of [
    [{ intent: 'create', title: ' ', startDate: '2030-01-01T10:00' }, 'Title is required'],
    [{ intent: 'create', title: 't'.repeat(101), startDate: '2030-01-01T10:00' }, 'Title must be less than 100 characters'],
    [{ intent: 'create', title: 'No start' }, 'Start date is required'],
    [{ intent: 'update', id: target.id, title: 'Bad date', startDate: '2030-02-30T10:00' }, 'Start date must be a valid date and time'],
    [{ intent: 'update', id: target.id, title: 'Backwards', startDate: '2030-01-02T10:00', endDate: '2030-01-01T10:00' }, 'End date must be after the start date'],
    [{ intent: 'create', title: 'Script', startDate: '2030-01-01T10:00', imageUrl: 'javascript:alert(1)' }, 'Must be a valid URL'],
    [{ intent: 'save-calendar', url: 'http://calendar.google.com/calendar/embed' }, CALENDAR_REFUSAL],
    [{ intent: 'save-calendar', url: 'https://calendar.google.com.evil.example/embed' }, CALENDAR_REFUSAL],
    [{ intent: 'save-calendar', url: 'https://evil.example/calendar/embed' }, CALENDAR_REFUSAL],
    [{ intent: 'drop-table' }, 'Unknown action'],
  ] as const) {
    const response = await editorSession.post('/admin/events', { form: values, maxRedirects: 0 })
    expect(response.status(), message).toBe(400)
    expect(await response.text(), message).toContain(message)
  }

  // Bytes that only claim to be an image.
  const disguised = await editorSession.post('/admin/events', {
    multipart: {
      intent: 'create',
      title: 'Disguised',
      startDate: '2030-01-01T10:00',
      imageFile: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') },
    },
    maxRedirects: 0,
  })
  expect(disguised.status()).toBe(400)
  expect(await disguised.text()).toContain('Please select an image file')

  const missing = await editorSession.post('/admin/events', { form: { intent: 'delete', id: 'no-such-id' }, maxRedirects: 0 })
  expect(missing.status()).toBe(404)

  expect(storedEvents()).toEqual(before)
  expect(storedCalendarUrl()).toBe(calendarBefore)
  expect(eventImageFiles()).toEqual(imagesBefore)
  await editorSession.dispose()
})
