import type { Page } from '@playwright/test'
import { feedOccurrences } from './demo-calendar.ts'
import { expect, test, toast, waitForHydration } from './fixtures.ts'
import { onDemoDatabase } from './site-database.ts'
import { signIn } from './staff.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'

// Each test also takes screenshots at two widths, on a busy machine.
test.describe.configure({ timeout: 120_000 })

/** Screens of this part at a phone's and a desktop's width, for a person to look at. */
async function shots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `.tmp/shots/${name}-${width}.png`, fullPage: true })
  }
}

/** What a screen reader hears first of the focused day: its date and event count. */
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.querySelector('.sr-only')?.textContent ?? '')

test('the month view moves between days with the arrow keys, Enter leads to the day\'s events, and the next month is a keyboard link away', async ({ page }) => {
  await page.goto('/calendar')
  const sportsDay = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Sports Day' })
  const start = (await sportsDay.locator('time').first().getAttribute('datetime'))!
  const sportsDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(start))
  const month = sportsDate.slice(0, 7)
  await shots(page, 'calendar-list')

  await page.goto(`/calendar?view=month&month=${month}`)
  await waitForHydration(page, 'table[role=grid]')
  const grid = page.getByRole('grid')
  await expect(grid).toBeVisible()
  const longDate = (date: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
  const sportsCell = grid.getByRole('gridcell', { name: `${longDate(sportsDate)}, 1 event` })
  await expect(sportsCell).toBeVisible()

  // The day before Sports Day, then right, down a week and back up.
  const before = new Date(`${sportsDate}T00:00:00Z`)
  before.setUTCDate(before.getUTCDate() - 1)
  await grid.getByRole('gridcell', { name: new RegExp(`^${longDate(before.toISOString().slice(0, 10))},`) }).focus()
  await page.keyboard.press('ArrowRight')
  expect(await focusedLabel(page)).toBe(`${longDate(sportsDate)}, 1 event`)
  await page.keyboard.press('ArrowDown')
  const weekLater = new Date(`${sportsDate}T00:00:00Z`)
  weekLater.setUTCDate(weekLater.getUTCDate() + 7)
  expect(await focusedLabel(page)).toMatch(new RegExp(`^${longDate(weekLater.toISOString().slice(0, 10))},`))
  await page.keyboard.press('ArrowUp')
  expect(await focusedLabel(page)).toBe(`${longDate(sportsDate)}, 1 event`)
  // Only the focused day is in the tab order.
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1)

  await page.keyboard.press('Enter')
  const dayHeading = page.locator(`#day-${sportsDate}`)
  await expect(dayHeading).toBeFocused()
  await expect(page.getByRole('region', { name: longDate(sportsDate) }).getByRole('link', { name: 'Sports Day' })).toBeVisible()
  await shots(page, 'calendar-month')

  const next = page.getByRole('link', { name: 'Next month' })
  await next.focus()
  await page.keyboard.press('Enter')
  const nextMonth = new Date(`${month}-01T00:00:00Z`)
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1)
  await expect(page).toHaveURL(new RegExp(`month=${nextMonth.toISOString().slice(0, 7)}`))
  await expect(page.getByRole('heading', { level: 2, name: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(nextMonth) })).toBeVisible()
})

test('an event has its own page with its place, category and calendar links, a series its rule and next dates; the category filter and feed links follow the choice', async ({ page, request }) => {
  await page.goto('/calendar')
  await page.getByRole('link', { name: 'Sports Day' }).click()
  await expect(page).toHaveURL(/\/calendar\/sports-day$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sports Day' })).toBeVisible()
  await expect(page.getByText('School field')).toBeVisible()
  await expect(page.getByText('Sports', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/calendar/sports-day.ics')
  const google = new URL((await page.getByRole('link', { name: /Add to Google Calendar/ }).getAttribute('href'))!)
  expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render')
  expect(Object.fromEntries(google.searchParams)).toMatchObject({ action: 'TEMPLATE', text: 'Sports Day', location: 'School field', ctz: 'America/New_York' })
  await shots(page, 'event-page')

  // The weekly series: its rule in words with the skipped half-term Tuesday, its next dates from the feed, a map link.
  const swimming = (await feedOccurrences(request)).filter((occurrence) => occurrence.title === 'Swimming — Year 4')
  const longDate = (date: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
  const gap = swimming.findIndex((occurrence, index) => index > 0 && Date.parse(occurrence.date) - Date.parse(swimming[index - 1]!.date) > 7 * 24 * 60 * 60 * 1000)
  const skipped = new Date(Date.parse(swimming[gap - 1]!.date) + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  await page.goto('/calendar/swimming-year-4')
  await expect(page.getByRole('heading', { level: 1, name: 'Swimming — Year 4' })).toBeVisible()
  await expect(page.getByText(`Every Tuesday until ${longDate(swimming.at(-1)!.date)}, except ${longDate(skipped)}`)).toBeVisible()
  await expect(page.getByText(/^Next dates:/).locator('time')).toHaveText(swimming.slice(0, 5).map((occurrence) => new RegExp(`^${longDate(occurrence.date)}, 1:30`)))
  await expect(page.getByRole('link', { name: 'Open map (opens in a new tab)' })).toHaveAttribute('href', 'https://www.openstreetmap.org/search?query=Hometown%20Leisure%20Centre')
  await shots(page, 'event-page-series')

  await page.goto('/calendar')
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Term dates' }).click()
  await expect(page).toHaveURL(/category=term-dates/)
  await expect(page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 3 })).toHaveText(['Half-Term Break', 'INSET Day'])
  await expect(page.getByRole('link', { name: 'Subscribe to the school calendar (Term dates)' })).toHaveAttribute('href', /^webcal:\/\/localhost:\d+\/calendar\.ics\?category=term-dates$/)
  await expect(page.getByRole('link', { name: 'Download .ics' })).toHaveAttribute('href', '/calendar.ics?category=term-dates')
})

test('the event dialog: all day turns the times into dates; a weekly repeat is built from plain choices', async ({ page }) => {
  await signIn(page)
  await page.goto('/admin/events')
  await waitForHydration(page, 'main')
  await page.getByRole('button', { name: 'Add Event' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Event' })
  await expect(dialog.getByLabel('Start Date')).toHaveAttribute('type', 'datetime-local')
  await dialog.getByRole('switch', { name: 'All day' }).click()
  await expect(dialog.getByLabel('Start Date')).toHaveAttribute('type', 'date')
  await dialog.getByRole('switch', { name: 'All day' }).click()
  await dialog.getByRole('combobox', { name: 'Repeats' }).click()
  await page.getByRole('option', { name: 'Weekly' }).click()
  await dialog.getByRole('checkbox', { name: 'Tuesday' }).check()
  await dialog.getByLabel('Last date').fill('2027-07-01')
  await expect(dialog.locator('input[name=recurrence]')).toHaveValue('FREQ=WEEKLY;BYDAY=TU;UNTIL=20270701')
  await shots(page, 'event-dialog')
})

test('a weekly series without an end is explained in plain words; its skipped dates are picked on a calendar and its page no longer lists them', async ({ page }) => {
  const title = `Chess club ${Date.now()}`
  // Dates on the demo site's clocks, a week and more ahead, so the page's next dates include them.
  const inDays = (days: number) => utcToZonedTime(new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString(), 'America/New_York').slice(0, 10)
  const longDate = (date: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
  const start = inDays(7)
  const skipped = [inDays(14), inDays(21)]
  await signIn(page)
  await page.goto('/admin/events')
  await waitForHydration(page, 'main')
  await page.getByRole('button', { name: 'Add Event' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Event' })
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Start Date').fill(`${start}T15:30`)
  await dialog.getByRole('combobox', { name: 'Repeats' }).click()
  await page.getByRole('option', { name: 'Weekly' }).click()
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(dialog.getByText('Choose when the series ends: on a date, or after a number of times.')).toBeVisible()
  await expect(dialog).not.toContainText('UNTIL or COUNT')
  await dialog.getByRole('radio', { name: 'After a number of times' }).check()
  await dialog.getByRole('spinbutton', { name: 'Number of times' }).fill('6')

  const picker = dialog.getByRole('group', { name: 'Skipped dates (optional)' })
  for (const date of skipped) {
    const day = picker.getByRole('button', { name: longDate(date), exact: true })
    // The calendar opens on this month: the dates may be in the next one.
    if (!(await day.isVisible())) await picker.getByRole('button', { name: /^Next month/ }).click()
    await day.click()
    await expect(day).toHaveAttribute('aria-pressed', 'true')
  }
  await expect(dialog.getByRole('list', { name: 'Skipped dates (optional): chosen' }).getByRole('listitem')).toHaveText(skipped.map(longDate))
  await shots(page, 'event-skipped-dates')
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(toast(page, 'Event created successfully')).toBeVisible()

  const stored = onDemoDatabase((database) => database.prepare('select slug, exceptions from events where title = ?').get(title)) as { slug: string; exceptions: string }
  expect(JSON.parse(stored.exceptions)).toEqual(skipped)
  await page.goto(`/calendar/${stored.slug}`)
  const nextDates = page.getByText(/^Next dates:/)
  await expect(nextDates).toContainText(longDate(start))
  await expect(nextDates).toContainText(longDate(inDays(28)))
  for (const date of skipped) await expect(nextDates).not.toContainText(longDate(date))
})
