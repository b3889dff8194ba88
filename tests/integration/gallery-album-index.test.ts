import { describe, expect, test } from 'vitest'
import { getPublicAlbumIndex, getPublicGallery, listPublicAlbumSlugs, NEWEST_ALBUMS_SHOWN } from '#app/domain/gallery/gallery.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { loader } from '#app/routes/site/gallery.tsx'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

const START = Date.parse('2016-09-01T08:00:00.000Z')
const DAY = 86_400_000

/** Published albums named `Album 1`…, each made a day after the one before, each with `photos` photos. */
async function addAlbums(from: number, to: number, photos = 1) {
  for (let number = from; number <= to; number += 1) {
    const name = `Album ${number}`
    await db
      .insertInto('gallery_folders')
      .values({ id: newId(), name, slug: `album-${number}`, external_use: true, enabled: true, created_at: new Date(START + number * DAY).toISOString() })
      .execute()
    await db
      .insertInto('gallery')
      .values(Array.from({ length: photos }, (_, index) => ({ id: newId(), title: `${name} photo ${index}`, image_url: `/files/gallery/${newId()}.webp`, folder: name })))
      .execute()
  }
}

const names = (albums: readonly { name: string }[]) => albums.map((album) => album.name)
const newestFirst = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => `Album ${to - index}`)

async function galleryAt(search: string) {
  return await loader({ request: new Request(`${config.publicUrl}/gallery${search}`), params: {}, context: {} } as never)
}

describe(`the album cards of /gallery on ${database.engine}`, () => {
  test('with 3 albums page 1 shows all 3 newest first and needs no link; the album index shows the same 3', async () => {
    await addAlbums(1, 3, 2)
    // Not counted: an unpublished album with photos, a published album without any.
    await db.insertInto('gallery_folders').values({ id: newId(), name: 'Hidden', slug: 'hidden', external_use: true, enabled: false, created_at: new Date(START + 90 * DAY).toISOString() }).execute()
    await db.insertInto('gallery').values({ id: newId(), title: 'Hidden photo', image_url: '/files/gallery/hidden.webp', folder: 'Hidden' }).execute()
    await db.insertInto('gallery_folders').values({ id: newId(), name: 'Empty', slug: 'empty', external_use: true, enabled: true, created_at: new Date(START + 91 * DAY).toISOString() }).execute()

    const gallery = await galleryAt('')
    expect(gallery.view).toBe('photos')
    expect(names(gallery.albums)).toEqual(['Album 3', 'Album 2', 'Album 1'])
    expect(gallery.albums[0]).toMatchObject({ slug: 'album-3', count: 2, cover: { title: expect.stringMatching(/^Album 3 photo/) } })
    expect(gallery.view === 'photos' && gallery.albumCount).toBe(3)
    expect(names((await getPublicAlbumIndex()).albums)).toEqual(['Album 3', 'Album 2', 'Album 1'])
  })

  test('with 14 albums page 1 shows the 12 newest and counts 14; ?albums=all shows all 14 in the same order, the folder buttons, and no photos', async () => {
    await addAlbums(4, 14)
    expect(NEWEST_ALBUMS_SHOWN).toBe(12)

    const gallery = await galleryAt('')
    if (gallery.view !== 'photos') throw new Error('expected the photo page')
    expect(names(gallery.albums)).toEqual(newestFirst(3, 14))
    expect(gallery.albumCount).toBe(14)
    // Photos go on as before: 2 × 3 + 11, newest first, the hidden album's not among them.
    expect(gallery.pages.total).toBe(17)
    expect(gallery.images).toHaveLength(17)

    const index = await galleryAt('?albums=all')
    if (index.view !== 'albums') throw new Error('expected the album index')
    expect(names(index.albums)).toEqual(newestFirst(1, 14))
    expect(index.albums.slice(0, 12)).toEqual(gallery.albums)
    expect(index.total).toBe(17)
    expect(index.folders).toEqual(gallery.folders)
    expect(index.folders.find((folder) => folder.name === 'Empty')).toEqual({ name: 'Empty', count: 0 })
    expect('images' in index).toBe(false)
    // The sitemap lists the same albums.
    expect((await listPublicAlbumSlugs()).sort()).toEqual(index.albums.map((album) => album.slug).sort())
  })

  test('a bad ?albums= value is the ordinary page; a folder and a later page show no album cards', async () => {
    for (const search of ['?albums=', '?albums=ALL', '?albums=none', '?albums=all2']) {
      const page = await galleryAt(search)
      expect(page.view).toBe('photos')
      expect(names(page.albums)).toEqual(newestFirst(3, 14))
    }
    expect((await getPublicGallery({ folder: 'Album 14' })).albums).toEqual([])
    await addAlbums(15, 15, 48)
    const second = await getPublicGallery({ page: 2 })
    expect(second.pages.page).toBe(2)
    expect(second.albums).toEqual([])
    expect(second.albumCount).toBe(15)
  })
})
