import { beforeAll, describe, expect, test } from 'vitest'
import { moveGalleryImageTo } from '#app/domain/gallery/gallery-admin.server.ts'
import { GALLERY_FOLDER_PAGE_SIZE, GALLERY_MESSAGES, GALLERY_PAGE_SIZE, placeOutOfRange } from '#app/domain/gallery/gallery.schema.ts'
import { db } from '#app/lib/db.server.ts'
import { action, loader } from '#app/routes/admin/gallery.tsx'
import { loader as folderNamesLoader } from '#app/routes/admin/gallery-folders.ts'
import { adminScreen, bulkForm, type Refused } from '#tests/setup/admin-screen.ts'
import { changesDuring } from '#tests/setup/changes.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

type List = Awaited<ReturnType<typeof loader>>

const label = (n: number) => String(n).padStart(3, '0')

/**
 * Album 'Sports day' holds photos 001 to 120 in that place order (001 at
 * place 0), uploaded oldest first; 'Choir' holds 5, one with a caption the
 * search finds; 3 photos of a deleted folder and 1 without a folder are
 * listed under general, with general's own 2.
 */
async function seed() {
  const folder = (name: string) => ({ id: `folder-${name}`, name, external_use: true, enabled: true, slug: name.toLowerCase().replace(/ /g, '-'), created_at: new Date().toISOString() })
  await db.insertInto('gallery_folders').values([folder('general'), folder('Sports day'), folder('Choir')]).execute()
  const photo = (id: string, title: string, folderName: string, position: number, minute: number, alt = '') => ({
    id,
    title,
    folder: folderName,
    alt,
    image_url: `/files/gallery/x/${id}.webp`,
    position,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
  })
  await db
    .insertInto('gallery')
    .values([
      ...Array.from({ length: 120 }, (_, index) => photo(`sport-${label(index + 1)}`, `Sports ${label(index + 1)}`, 'Sports day', index, index)),
      ...Array.from({ length: 5 }, (_, index) => photo(`choir-${index + 1}`, index === 2 ? 'The Winter CONCERT' : `Choir ${index + 1}`, 'Choir', index, 200 + index)),
      photo('choir-alt', 'Choir rehearsal', 'Choir', 5, 210, 'Children singing at the winter concert'),
      ...Array.from({ length: 3 }, (_, index) => photo(`lost-${index + 1}`, `Lost ${index + 1}`, 'Deleted trip', 0, 300 + index)),
      photo('unfiled', 'Unfiled', '', 0, 310),
      photo('general-1', 'General 1', 'general', 0, 320),
      photo('general-2', 'General 2', 'general', 1, 321),
    ])
    .execute()
}

async function albumOrder(folder: string) {
  const rows = await db.selectFrom('gallery').select(['id', 'position']).where('folder', '=', folder).orderBy('position').orderBy('created_at', 'desc').orderBy('id').execute()
  return rows
}

describe(`the admin gallery list on ${database.engine}`, () => {
  let cookie: string
  beforeAll(async () => {
    cookie = (await createSignedInUser('editor')).cookie
    await seed()
  })
  const list = async (query = '') => (await adminScreen(loader, cookie, `/admin/gallery${query}`)) as List
  // Folders come by name, and the engines sort names each their own way (SQLite by code point).
  const counts = (loaded: List) => Object.fromEntries(loaded.folders.map((folder) => [folder.name, folder.count]))
  const titles = (loaded: List) => loaded.images.map((image) => image.title)
  const sports = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => `Sports ${label(from + index)}`)
  const post = (form: Array<[string, string]>) => adminScreen(action, cookie, '/admin/gallery', form)

  test('an album pages by place: 48, 48, then the rest; the folders carry their counts, strays under general', async () => {
    const first = await list('?folder=Sports+day')
    expect(first).toMatchObject({ folder: 'Sports day', total: 132, matching: 132, reorderable: true, pages: { page: 1, pageCount: 3, total: 120, pageSize: GALLERY_PAGE_SIZE } })
    expect(titles(first)).toEqual(sports(1, 48))
    expect(titles(await list('?folder=Sports+day&page=2'))).toEqual(sports(49, 96))
    const third = await list('?folder=Sports+day&page=3')
    expect(titles(third)).toEqual(sports(97, 120))
    // A page past the end shows the last one.
    expect((await list('?folder=Sports+day&page=9')).pages.page).toBe(3)
    expect(counts(first)).toEqual({ Choir: 6, general: 6, 'Sports day': 120 })

    const all = await list()
    expect(all).toMatchObject({ folder: null, reorderable: false, pages: { total: 132, pageCount: 3 } })
    // All: newest first.
    expect(titles(all).slice(0, 3)).toEqual(['General 2', 'General 1', 'Unfiled'])
    const general = await list('?folder=general')
    expect(general.images.map((image) => [image.title, image.listedUnder])).toContainEqual(['Lost 1', 'general'])
    expect(general).toMatchObject({ pages: { total: 6 }, reorderable: false })
    // A folder that is not there shows all.
    expect(await list('?folder=Nowhere')).toMatchObject({ folder: null, pages: { total: 132 } })
  })

  test('search finds by title or alt text, ignoring case, and the counts are of what matches', async () => {
    const found = await list('?q=winter+concert')
    expect(titles(found).sort()).toEqual(['Choir rehearsal', 'The Winter CONCERT'])
    expect(found).toMatchObject({ total: 132, matching: 2, reorderable: false })
    expect(counts(found)).toEqual({ Choir: 2, general: 0, 'Sports day': 0 })
    const inAlbum = await list('?folder=Sports+day&q=SPORTS+11')
    expect(titles(inAlbum)).toEqual(sports(110, 119))
    expect(inAlbum).toMatchObject({ folder: 'Sports day', reorderable: false, pages: { page: 1, pageCount: 1, total: 10 } })
    // General's strays are searched with its own photos, and counted with them.
    const strays = await list('?folder=general&q=LOST')
    expect(titles(strays)).toEqual(['Lost 3', 'Lost 2', 'Lost 1'])
    expect(strays).toMatchObject({ matching: 3, pages: { total: 3 } })
    expect(counts(strays)).toEqual({ Choir: 0, general: 3, 'Sports day': 0 })
    expect(await list('?q=no+such+photo&page=3')).toMatchObject({ images: [], matching: 0, pages: { page: 1, pageCount: 1, total: 0 } })
  })

  test('moving a photo across a page boundary renumbers the album 0..n-1 and publishes only the photos whose place changed', async () => {
    // Old data: two photos sharing a place.
    await db.updateTable('gallery').set({ position: 1 }).where('id', '=', 'choir-3').execute()
    const before = (await albumOrder('Choir')).map((row) => row.id)
    expect(before).toEqual(['choir-1', 'choir-3', 'choir-2', 'choir-4', 'choir-5', 'choir-alt'])
    const tieChanges = await changesDuring(['gallery'], () => moveGalleryImageTo('choir-alt', 5))
    // Nothing moved, but the tie is gone: choir-2 went from 1 to 2.
    expect(await albumOrder('Choir')).toEqual(before.map((id, position) => ({ id, position })))
    expect(tieChanges.map((change) => change.id).sort()).toEqual(['choir-2'])

    // The first photo of page 2 moves earlier: the last place of page 1, through the screen's action.
    const page2 = await list('?folder=Sports+day&page=2')
    const firstOfPage2 = page2.images[0]!
    expect(firstOfPage2.title).toBe('Sports 049')
    const changes = await changesDuring(['gallery'], () => post([['intent', 'place-image'], ['id', firstOfPage2.id], ['place', '47'], ['from', '48']]))
    expect(changes.map((change) => [change.type, change.id]).sort()).toEqual([
      ['update', 'sport-048'],
      ['update', 'sport-049'],
    ])
    expect(titles(await list('?folder=Sports+day')).at(-1)).toBe('Sports 049')
    expect(titles(await list('?folder=Sports+day&page=2'))[0]).toBe('Sports 048')
    const order = await albumOrder('Sports day')
    expect(order.map((row) => row.position)).toEqual(Array.from({ length: 120 }, (_, index) => index))
  })

  test('a place outside the album, a photo in no album, a stale screen: refused, nothing changes', async () => {
    const before = await albumOrder('Sports day')
    const outOfRange = (await post([['intent', 'place-image'], ['id', 'sport-010'], ['place', '120']])) as Refused
    expect(outOfRange).toMatchObject({ data: { ok: false, error: placeOutOfRange(120) }, init: { status: 400 } })
    const stale = (await post([['intent', 'place-image'], ['id', 'sport-010'], ['place', '0'], ['from', '3']])) as Refused
    expect(stale).toMatchObject({ data: { ok: false, error: GALLERY_MESSAGES.orderStale }, init: { status: 409 } })
    await expect(moveGalleryImageTo('lost-1', 0)).rejects.toMatchObject({ code: 'conflict', message: GALLERY_MESSAGES.notInAlbum })
    await expect(moveGalleryImageTo('no-such-photo', 0)).rejects.toMatchObject({ code: 'not_found', message: GALLERY_MESSAGES.imageNotFound })
    await expect(moveGalleryImageTo('sport-010', -1)).rejects.toMatchObject({ code: 'invalid', message: placeOutOfRange(120) })
    expect(await albumOrder('Sports day')).toEqual(before)
  })

  test('bulk over a page: at most a page of ids; deleting the last page shows the one before', async () => {
    const tooMany = (await post(bulkForm('delete-images', Array.from({ length: GALLERY_PAGE_SIZE + 1 }, (_, index) => `sport-${label(index + 1)}`)))) as Refused
    expect(tooMany).toMatchObject({ data: { ok: false, error: GALLERY_MESSAGES.tooManySelected }, init: { status: 400 } })

    const last = await list('?folder=Sports+day&page=3')
    const moved = await post([['intent', 'move-images'], ['folder', 'Choir'], ['ids', last.images[0]!.id]])
    expect(moved).toMatchObject({ ok: true })
    const rest = await list('?folder=Sports+day&page=3')
    const deleted = await post(bulkForm('delete-images', rest.images.map((image) => image.id)))
    expect(deleted).toMatchObject({ ok: true, message: '23 image(s) deleted successfully' })
    const after = await list('?folder=Sports+day&page=3')
    expect(after.pages).toMatchObject({ page: 2, pageCount: 2, total: 96 })
    expect(after.images).toHaveLength(GALLERY_PAGE_SIZE)
  })

  test('with more folders than a page: a page of folders by name, the one holding the folder shown, each counted; every name only from the dialogs\' route', async () => {
    // 30 more albums, 'Album 01' to 'Album 30', album n holding n % 3 photos.
    const albums = Array.from({ length: 30 }, (_, index) => `Album ${String(index + 1).padStart(2, '0')}`)
    await db
      .insertInto('gallery_folders')
      .values(albums.map((name) => ({ id: `folder-${name}`, name, external_use: true, enabled: true, slug: name.toLowerCase().replace(' ', '-'), created_at: new Date().toISOString() })))
      .execute()
    await db
      .insertInto('gallery')
      .values(albums.flatMap((name, index) => Array.from({ length: (index + 1) % 3 }, (_, n) => ({ id: `${name}-${n}`, title: `${name} photo ${n}`, folder: name, image_url: `/files/gallery/x/${name}-${n}.webp`, position: n }))))
      .execute()
    // The engine's own order of names (SQLite by code point, PostgreSQL by its collation).
    const byName = (await db.selectFrom('gallery_folders').select('name').orderBy('name').execute()).map((row) => row.name)
    expect(byName).toHaveLength(33)
    const names = (loaded: List) => loaded.folders.map((folder) => folder.name)

    const first = await list()
    expect(names(first)).toEqual(byName.slice(0, GALLERY_FOLDER_PAGE_SIZE))
    expect(first.folderPages).toEqual({ page: 1, pageCount: 2, total: 33, pageSize: GALLERY_FOLDER_PAGE_SIZE })
    const second = await list('?folders=2')
    expect(names(second)).toEqual(byName.slice(GALLERY_FOLDER_PAGE_SIZE))
    // The counts of every folder, over both pages, are those of the rows; general keeps its strays.
    const stored = await db.selectFrom('gallery').select(['folder', (eb) => eb.fn.countAll<number | string>().as('count')]).groupBy('folder').execute()
    const storedCount = (name: string) => Number(stored.find((row) => row.folder === name)?.count ?? 0)
    const everyCount = { ...counts(first), ...counts(second) }
    expect(everyCount).toEqual(Object.fromEntries(byName.map((name) => [name, name === 'general' ? storedCount('general') + 4 : storedCount(name)])))
    expect([everyCount['Album 29'], everyCount['Album 30'], everyCount.general]).toEqual([2, 0, 6])
    // 'all' counts the whole gallery whatever page of folders is shown.
    expect(second).toMatchObject({ total: first.total, matching: first.matching })

    // A folder opened by its address shows among its page of folders; a page asked for wins.
    for (const name of [byName[0]!, byName.at(-1)!]) {
      const opened = await list(`?${new URLSearchParams({ folder: name })}`)
      expect(opened.folder).toBe(name)
      expect(names(opened)).toContain(name)
      expect(names(await list(`?${new URLSearchParams({ folder: name, folders: name === byName[0] ? '2' : '1' })}`))).not.toContain(name)
    }
    // A page past the end shows the last; an unreadable one the first.
    expect((await list('?folders=9')).folderPages.page).toBe(2)
    expect((await list('?folders=x')).folderPages.page).toBe(1)

    // A stray photo on the 'all' list says it needs reassigning, wherever general is among the folders.
    const all = await list('?q=lost+1&folders=2')
    expect(all.images.map((image) => [image.title, image.folder, image.listedUnder])).toEqual([['Lost 1', 'Deleted trip', 'general']])

    // The move and upload choices: every folder, from their own route.
    const everyName = (await adminScreen(folderNamesLoader, cookie, '/admin/gallery/folders')) as { names: string[] }
    expect(everyName.names).toEqual(byName)
  })
})
