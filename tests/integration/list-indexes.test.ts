import { CompiledQuery, sql, type Compilable } from 'kysely'
import { describe, expect, test } from 'vitest'
import { endingSince } from '#app/domain/event/event.server.ts'
import { publicFolderPhotos } from '#app/domain/gallery/gallery.server.ts'
import { publicationStateCounts } from '#app/domain/publishing/publication-filter.server.ts'
import { publishedOnly, publiclyVisible } from '#app/domain/publishing/visibility.server.ts'
import { db } from '#app/lib/db.server.ts'
import { containsText } from '#app/lib/text-filter.server.ts'
import { LIST_PAGE_SIZE } from '#app/lib/list-params.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

/** The indexes of migrations 0018 and 0021, by table. */
const LIST_INDEXES = {
  contact_messages: ['contact_messages_newest_idx', 'contact_messages_read_newest_idx', 'contact_messages_count_idx'],
  testimonials: ['testimonials_newest_idx'],
  policies: ['policies_newest_idx'],
  gallery: ['gallery_newest_idx'],
  subscribers: ['subscribers_newest_idx'],
  profiles: ['profiles_newest_idx'],
}

/** SQLite's plan of a query, one line per step. */
async function sqlitePlan(query: Compilable) {
  const compiled = query.compile()
  const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]))
  return result.rows.map((row) => row.detail)
}

/** The inbox's first page (app/domain/contact/contact-messages.server.ts), all messages or the unread ones. */
const inboxFirstPage = (read?: boolean) =>
  (read === undefined ? db.selectFrom('contact_messages') : db.selectFrom('contact_messages').where('read', '=', read))
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(LIST_PAGE_SIZE)
    .offset(0)

describe(`the list indexes on ${database.engine}`, () => {
  test.runIf(database.engine === 'sqlite')("the inbox's first page is read from an index in the list's order, without sorting", async () => {
    const all = await sqlitePlan(inboxFirstPage())
    expect(all.join('\n')).toMatch(/USING INDEX contact_messages_newest_idx\b/)
    expect(all.join('\n')).not.toMatch(/TEMP B-TREE/)
    const unread = await sqlitePlan(inboxFirstPage(false))
    expect(unread.join('\n')).toMatch(/USING INDEX contact_messages_read_newest_idx \(read=\?\)/)
    expect(unread.join('\n')).not.toMatch(/TEMP B-TREE/)
    // The unsearched inbox counts its unread messages in a read-state index's range, not by grouping every row,
    // and all of its messages from the read-state index alone, the smallest, not from the index of the text ids.
    const unreadCount = await sqlitePlan(db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('total')).where('read', '=', false))
    expect(unreadCount).toEqual([expect.stringMatching(/^SEARCH contact_messages USING COVERING INDEX contact_messages_(count|read_newest)_idx \(read=\?\)$/)])
    const count = await sqlitePlan(db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('total')))
    expect(count).toEqual(['SCAN contact_messages USING COVERING INDEX contact_messages_count_idx'])
    const testimonials = await sqlitePlan(db.selectFrom('testimonials').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(LIST_PAGE_SIZE))
    expect(testimonials.join('\n')).toMatch(/USING INDEX testimonials_newest_idx\b/)
  })

  test.runIf(database.engine === 'sqlite')("the blog list and its title search read one index in the list's order: the counts from the index alone, a page without sorting or reading the posts it passes over", async () => {
    // As app/domain/blog/blog-admin-list.server.ts asks them.
    const searched = db.selectFrom('blogs').where(containsText(['title'], 'welcome back'))
    const counts = await sqlitePlan(searched.select(publicationStateCounts('blogs', new Date())))
    expect(counts).toEqual(['SCAN blogs USING COVERING INDEX blogs_newest_idx'])
    for (const query of [searched, db.selectFrom('blogs')]) {
      const page = await sqlitePlan(query.selectAll().orderBy('published_at', 'desc').orderBy('id').limit(LIST_PAGE_SIZE).offset(0))
      expect(page).toEqual(['SCAN blogs USING INDEX blogs_newest_idx'])
    }
  })

  test.runIf(database.engine === 'sqlite')("the public blog list and the sitemap's posts read a page far down the list from one index, without sorting", async () => {
    // As app/domain/blog/blog.server.ts asks them: the last page of ten thousand posts sorted its ties again, 16 ms.
    const visible = db.selectFrom('blogs').where(publiclyVisible(new Date()))
    for (const query of [visible.selectAll(), visible.select(['slug', 'updated_at'])]) {
      const page = await sqlitePlan(query.orderBy('published_at', 'desc').orderBy('id').limit(12).offset(9_000))
      expect(page).toEqual(['SEARCH blogs USING INDEX blogs_public_newest_idx (status=? AND published_at<?)'])
    }
  })

  test.runIf(database.engine === 'sqlite')("a gallery folder's and an album's photos are read from the folder index, not from every photo", async () => {
    for (const folder of ['general', 'Sports Day']) {
      for (const ordered of [publicFolderPhotos(folder).orderBy('gallery.created_at', 'desc').orderBy('gallery.id'), publicFolderPhotos(folder).orderBy('gallery.position')]) {
        const plan = (await sqlitePlan(ordered.limit(48).offset(48))).join('\n')
        expect(plan).toMatch(/SEARCH gallery USING INDEX gallery_folder(_position)?_idx \(folder=\?\)/)
        expect(plan).not.toMatch(/SCAN gallery\b/)
      }
    }
  })

  test.runIf(database.engine === 'sqlite')("the home page's lookups read indexes: an image's description by its address, the series still running", async () => {
    // As app/domain/media/media.server.ts (imageDescriptions) and app/domain/event/event.server.ts (listNextEvents) ask them.
    const described = await sqlitePlan(db.selectFrom('gallery').select(['image_url as url', 'alt']).where('image_url', 'in', ['/files/gallery/a.webp', '/files/gallery/b.webp']))
    expect(described).toEqual(['SEARCH gallery USING INDEX gallery_image_url_idx (image_url=?)'])
    const series = await sqlitePlan(db.selectFrom('events').selectAll().where(publishedOnly()).where('recurrence', 'is not', null).where(endingSince(new Date())))
    expect(series).toEqual(['SEARCH events USING INDEX events_series_idx (status=?)'])
  })

  test.runIf(database.engine === 'postgres')('every list index exists, in the order the lists read', async () => {
    const { rows } = await sql<{ tablename: string; indexname: string; indexdef: string }>`select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema()`.execute(db)
    for (const [table, names] of Object.entries(LIST_INDEXES)) {
      for (const name of names) expect(rows.find((row) => row.indexname === name)?.tablename, name).toBe(table)
    }
    expect(rows.find((row) => row.indexname === 'contact_messages_read_newest_idx')?.indexdef).toMatch(/\(read, created_at DESC, id\)$/)
    expect(rows.find((row) => row.indexname === 'contact_messages_count_idx')?.indexdef).toMatch(/\(read\)$/)
    expect(rows.some((row) => row.indexname === 'contact_messages_read_idx')).toBe(false)
    expect(rows.find((row) => row.indexname === 'blogs_newest_idx')?.indexdef).toMatch(/\(published_at DESC, id, status, title\)$/)
    expect(rows.some((row) => row.indexname === 'blogs_published_at_idx')).toBe(false)
    expect(rows.find((row) => row.indexname === 'blogs_public_newest_idx')?.indexdef).toMatch(/\(status, published_at DESC, id\)$/)
    expect(rows.some((row) => row.indexname === 'blogs_status_published_at_idx')).toBe(false)
    expect(rows.find((row) => row.indexname === 'gallery_image_url_idx')?.indexdef).toMatch(/\(image_url\)$/)
    expect(rows.find((row) => row.indexname === 'events_series_idx')?.indexdef).toMatch(/\(status\) WHERE \(recurrence IS NOT NULL\)$/)
  })
})
