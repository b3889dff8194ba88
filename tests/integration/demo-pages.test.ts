import { beforeAll, describe, expect, test } from 'vitest'
import { contentAccessibilityProblems } from '#app/domain/publishing/content-accessibility.server.ts'
import { db } from '#app/lib/db.server.ts'
import { sanitizeHtml } from '#app/lib/html-sanitizer.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { seedBaseContent, seedDemoContent } from '#app/services/seed/seed.ts'
import { readTimestamp } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()
beforeAll(async () => {
  await seedBaseContent(db, storage)
  await seedDemoContent(db, storage)
})

const pages = () => db.selectFrom('pages').selectAll().orderBy('sort_order').orderBy('slug').execute()

async function menu(name: 'header' | 'footer') {
  const rows = await db.selectFrom('menu_items').selectAll().where('menu', '=', name).orderBy('sort_order').execute()
  const slugs = new Map((await pages()).map((page) => [page.id, page.slug]))
  const entry = (row: (typeof rows)[number]) => ({ label: row.label, kind: row.link_kind, to: row.link_kind === 'page' ? slugs.get(row.page_id!) : row.screen })
  return rows
    .filter((row) => row.parent_id === null)
    .map((row) => ({ ...entry(row), children: rows.filter((child) => child.parent_id === row.id).map(entry) }))
}

describe(`the demo pages on ${database.engine}`, () => {
  test('a site with demo content has its pages, published, Open Days under Admissions', async () => {
    const rows = await pages()
    expect(rows.map((page) => [page.title, page.slug])).toEqual(
      expect.arrayContaining([
        ['Term Dates', 'term-dates'],
        ['Admissions', 'admissions'],
        ['Open Days', 'open-days'],
        ['Uniform', 'uniform'],
        ['Contact Us', 'contact-us'],
      ]),
    )
    expect(rows).toHaveLength(5)
    const bySlug = new Map(rows.map((page) => [page.slug, page]))
    expect(bySlug.get('open-days')!.parent_id).toBe(bySlug.get('admissions')!.id)
    for (const page of rows) {
      expect(page.status, page.slug).toBe('published')
      expect(new Date(readTimestamp(page.published_at)).getTime(), page.slug).toBeLessThanOrEqual(Date.now())
      expect(page.seo_description, page.slug).toBeTruthy()
      if (page.slug !== 'open-days') expect(page.parent_id, page.slug).toBeNull()
    }
    const termDates = bySlug.get('term-dates')!.content
    expect(termDates).toContain('<table><thead><tr><th>Term</th><th>Starts</th><th>Ends</th></tr></thead><tbody>')
    expect(termDates).toMatch(/<aside data-callout="info"><p>[^<]*INSET[^<]*<\/p><\/aside>/)
    for (const term of ['Autumn term', 'Autumn half-term', 'Spring term', 'Spring half-term', 'Summer term', 'Summer half-term']) {
      expect(termDates).toContain(`<td>${term}</td>`)
    }
  })

  test("every page's text passes the publishing checks: headings from level 2, none skipped, links that say where they go, no images", async () => {
    for (const page of await pages()) {
      expect(contentAccessibilityProblems(page.content), page.slug).toEqual([])
      expect(page.content, page.slug).not.toMatch(/<h1|<img/)
      expect(page.content, page.slug).toMatch(/^<p>/)
    }
  })

  test('every demo page, its table and callout included, is stored exactly as the rich-text sanitiser keeps it', async () => {
    const all = await pages()
    expect(all.some((page) => page.content.includes('<table') && page.content.includes('<aside data-callout="info">'))).toBe(true)
    for (const page of all) expect(sanitizeHtml(page.content), page.slug).toBe(page.content)
  })

  test('the menus link to the pages: Admissions (with Open Days) before Contact in the header, Term Dates and Uniform after Policies in the footer', async () => {
    const screen = (label: string, to: string) => ({ label, kind: 'screen', to, children: [] })
    const page = (label: string, to: string, children: unknown[] = []) => ({ label, kind: 'page', to, children })
    const start = [screen('Home', 'home'), screen('Gallery', 'gallery'), screen('Blogs', 'blogs'), screen('Calendar', 'calendar'), screen('Policies', 'policies')]
    expect(await menu('header')).toEqual([...start, page('Admissions', 'admissions', [{ label: 'Open Days', kind: 'page', to: 'open-days' }]), screen('Contact', 'contact')])
    expect(await menu('footer')).toEqual([...start, page('Term Dates', 'term-dates'), page('Uniform', 'uniform'), screen('Contact', 'contact')])
    const orders = await db.selectFrom('menu_items').select(['menu', 'sort_order']).where('parent_id', 'is', null).execute()
    for (const name of ['header', 'footer']) {
      const taken = orders.filter((row) => row.menu === name).map((row) => row.sort_order)
      expect(new Set(taken).size, name).toBe(taken.length)
    }
  })
})
