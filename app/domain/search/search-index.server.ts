import type { Insertable, Kysely } from 'kysely'
import { policyPath } from '#app/domain/policy/policy.ts'
import { plainText } from '#app/domain/blog/blog.ts'
import { pageAddress } from '#app/domain/page/page-address.ts'
import { pagesWithParent, publicSince, publicStatus } from '#app/domain/page/page-visibility.server.ts'
import { eventPagePath } from '#app/domain/event/event.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { db } from '#app/lib/db.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { addBeforeCommitStep, writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import type { Database } from '#db/database.ts'
import { readTimestamp } from '#db/portable.ts'
import { SEARCHABLE_TABLES, type SearchIndexTable, type SearchableTable } from '#db/tables/search.ts'

type Document = Insertable<SearchIndexTable>
type Reader = Kysely<Database>

const isSearchable = (table: string): table is SearchableTable => (SEARCHABLE_TABLES as readonly string[]).includes(table)

/** Indexed text: plain, one space between words, without the characters snippets are marked with. */
function indexedText(html: string | null): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go: snippets are marked with two of them
  return plainText(html ?? '').replace(/[\u0000-\u001f]/g, ' ')
}

async function postDocument(reader: Reader, id: string): Promise<Document | undefined> {
  const row = await reader.selectFrom('blogs').select(['id', 'title', 'slug', 'content', 'excerpt', 'status', 'published_at']).where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  const published = readTimestamp(row.published_at)
  return {
    subject: 'blogs',
    subject_id: row.id,
    title: indexedText(row.title),
    body: indexedText([row.excerpt, row.content].filter(Boolean).join(' ')),
    status: row.status,
    visible_from: published,
    url: `/blogs/${row.slug}`,
    shown_at: published,
  }
}

/**
 * A page's document: its status and time are the page rule's (a child page is published for the public only while its
 * parent is, from the later of their times), so a search decides at read time as for every other document.
 */
async function pageDocument(reader: Reader, id: string): Promise<Document | undefined> {
  const row = await pagesWithParent(reader)
    .select(['page.id', 'page.title', 'page.slug', 'page.content', 'page.seo_description', 'page.published_at', 'parent.slug as parentSlug', publicStatus.as('publicStatus'), publicSince.as('publicSince')])
    .where('page.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    subject: 'pages',
    subject_id: row.id,
    title: indexedText(row.title),
    body: indexedText([row.seo_description, row.content].filter(Boolean).join(' ')),
    status: row.publicStatus,
    visible_from: readTimestamp(row.publicSince),
    url: pageAddress({ slug: row.slug, parentSlug: row.parentSlug }),
    shown_at: readTimestamp(row.published_at),
  }
}


async function eventDocument(reader: Reader, id: string): Promise<Document | undefined> {
  const row = await reader.selectFrom('events').select(['id', 'slug', 'title', 'description', 'status', 'created_at', 'start_date']).where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  return {
    subject: 'events',
    subject_id: row.id,
    title: indexedText(row.title),
    body: indexedText(row.description),
    status: row.status,
    visible_from: readTimestamp(row.created_at),
    url: eventPagePath(row.slug ?? row.id),
    shown_at: readTimestamp(row.start_date),
  }
}

async function policyDocument(reader: Reader, id: string): Promise<Document | undefined> {
  const row = await reader.selectFrom('policies').select(['id', 'title', 'slug', 'description', 'status', 'created_at']).where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  return {
    subject: 'policies',
    subject_id: row.id,
    title: indexedText(row.title),
    body: indexedText(row.description),
    status: row.status,
    visible_from: readTimestamp(row.created_at),
    url: policyPath(row.slug),
    shown_at: null,
  }
}

/** The document of a row by its id; none when the row is gone. */
const DOCUMENT_READERS = { blogs: postDocument, pages: pageDocument, events: eventDocument, policies: policyDocument }

async function putDocument(writer: Reader, subject: SearchableTable, id: string, document: Document | undefined) {
  await writer.deleteFrom('search_index').where('subject', '=', subject).where('subject_id', '=', id).execute()
  if (document) await writer.insertInto('search_index').values(document).execute()
}

/** Brings one row's document (and, for a page, its children's: their address and visibility follow it) up to date. */
async function reindexRow(writer: Reader, subject: SearchableTable, id: string) {
  await putDocument(writer, subject, id, await DOCUMENT_READERS[subject](writer, id))
  if (subject !== 'pages') return
  const children = await writer.selectFrom('pages').select('id').where('parent_id', '=', id).execute()
  for (const child of children) await putDocument(writer, 'pages', child.id, await pageDocument(writer, child.id))
}

/** The before-commit step: the documents of the searchable rows this write changed, in the same transaction. */
export async function reindexChanges(tx: WriteTransaction, changes: readonly Change[]) {
  const seen = new Set<string>()
  for (const change of changes) {
    if (!isSearchable(change.table)) continue
    const key = `${change.table}\u0000${change.id}`
    if (seen.has(key)) continue
    seen.add(key)
    // A delete leaves no row: reading finds none and the document goes with it.
    await reindexRow(tx.db, change.table, change.id)
  }
}

let stopFollowing: (() => void) | undefined

/** From now on every write keeps the search index in step (called once at start-up; again is harmless). */
export function followWritesInSearchIndex() {
  stopFollowing ??= addBeforeCommitStep(reindexChanges)
}

/**
 * Builds every document again from the content, in one transaction, the oldest visible first: SQLite's full-text
 * index takes a common word's newest matches in the order documents were indexed (docs/product-rules.md#site-search),
 * so a rebuilt index (a restored or upgraded site) keeps them in the order they became visible.
 */
export async function rebuildSearchIndex(): Promise<number> {
  return writeTransaction(async (tx) => {
    const trx = tx.db
    await trx.deleteFrom('search_index').execute()
    let count = 0
    const documents: Document[] = []
    for (const subject of SEARCHABLE_TABLES) {
      const ids = await trx.selectFrom(subject).select('id').execute()
      for (const { id } of ids) {
        const document = await DOCUMENT_READERS[subject](trx, id)
        if (document) documents.push(document)
        count++
      }
    }
    documents.sort((a, b) => Date.parse(readTimestamp(a.visible_from)) - Date.parse(readTimestamp(b.visible_from)))
    for (const document of documents) await trx.insertInto('search_index').values(document).execute()
    return count
  })
}

/**
 * An empty index beside content means it was never built (a site upgraded to
 * search, rows restored from an archive, a fresh site's demo content): build
 * it. Called at start-up.
 */
export async function rebuildSearchIndexIfEmpty() {
  if (await db.selectFrom('search_index').select('subject').limit(1).executeTakeFirst()) return
  for (const subject of SEARCHABLE_TABLES) {
    if (await db.selectFrom(subject).select('id').limit(1).executeTakeFirst()) {
      const count = await rebuildSearchIndex()
      logger.info(`Built the site search index: ${count} documents.`)
      return
    }
  }
}

