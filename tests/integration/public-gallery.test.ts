import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { createGalleryFolder, updateGalleryFolder, uploadGalleryImages } from '#app/domain/gallery/gallery-admin.server.ts'
import { getPublicAlbum, getPublicGallery, PUBLIC_GALLERY_PAGE_SIZE } from '#app/domain/gallery/gallery.server.ts'
import { db } from '#app/lib/db.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { variantUrl } from '#app/lib/uploads/image-variants.ts'
import { loader as storedFile } from '#app/routes/files.ts'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser, requestWithCookie } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

const FOLDERS = [
  { name: 'general', external_use: true, enabled: true },
  { name: 'events', external_use: true, enabled: true },
  { name: 'trips', external_use: true, enabled: true },
  { name: 'staff-room', external_use: false, enabled: true },
  { name: 'archive', external_use: true, enabled: false },
]

/** Oldest first; each a minute after the one before. */
const IMAGES = [
  { title: 'On the field', folder: 'general' },
  { title: 'Folder left empty', folder: '' },
  { title: 'Staff only', folder: 'staff-room' },
  { title: 'Old photo', folder: 'archive' },
  { title: 'Folder never created', folder: 'no-such-folder' },
  { title: null, folder: 'events' },
  { title: 'Concert', folder: 'events' },
]

beforeAll(async () => {
  await db
    .insertInto('gallery_folders')
    .values(FOLDERS.map((folder) => ({ id: newId(), ...folder, slug: folder.name })))
    .execute()
  const start = Date.parse('2026-03-02T10:00:00.000Z')
  await db
    .insertInto('gallery')
    .values(
      IMAGES.map((image, index) => ({
        id: newId(),
        title: image.title,
        image_url: `/files/gallery/${index}.webp`,
        folder: image.folder,
        created_at: new Date(start + index * 60_000).toISOString(),
      })),
    )
    .execute()
})

describe(`public gallery on ${database.engine}`, () => {
  test('shows only images in folders that are for external use and enabled, newest first, with every visible folder counted', async () => {
    const gallery = await getPublicGallery()
    expect(gallery.images.map(({ title, folder }) => ({ title, folder }))).toEqual([
      { title: 'Concert', folder: 'events' },
      { title: null, folder: 'events' },
      { title: 'Folder left empty', folder: 'general' },
      { title: 'On the field', folder: 'general' },
    ])
    expect(gallery.images[0]).toMatchObject({ imageUrl: '/files/gallery/6.webp', createdAt: '2026-03-02T10:06:00.000Z' })
    expect(gallery.folders).toEqual([
      { name: 'events', count: 2 },
      { name: 'general', count: 2 },
      { name: 'trips', count: 0 },
    ])
  })

  test('an image without a folder name follows the general folder: hidden when general is not for external use', async () => {
    await db.updateTable('gallery_folders').set({ external_use: false }).where('name', '=', 'general').execute()
    const gallery = await getPublicGallery()
    expect(gallery.images.map((image) => image.title)).toEqual(['Concert', null])
    expect(gallery.folders).toEqual([
      { name: 'events', count: 2 },
      { name: 'trips', count: 0 },
    ])
  })

  test('a year of photos comes a page at a time: all and each folder newest first, an album in its order, with counts and covers from the whole', async () => {
    const start = Date.parse('2026-05-01T10:00:00.000Z')
    // 100 trip photos, each a minute newer than the one before; the newest has the album's first place.
    await db
      .insertInto('gallery')
      .values(
        Array.from({ length: 100 }, (_, index) => ({
          id: newId(),
          title: `Trip ${index}`,
          image_url: `/files/gallery/trip-${index}.webp`,
          folder: 'trips',
          position: 100 - index,
          created_at: new Date(start + index * 60_000).toISOString(),
        })),
      )
      .execute()
    expect(PUBLIC_GALLERY_PAGE_SIZE).toBe(48)

    const first = await getPublicGallery()
    expect(first.pages).toEqual({ page: 1, pageCount: 3, total: 102, pageSize: 48 })
    expect(first.total).toBe(102)
    expect(first.images).toHaveLength(48)
    expect(first.images[0]?.title).toBe('Trip 99')
    const last = await getPublicGallery({ page: 3 })
    expect(last.images.map((image) => image.title)).toEqual(['Trip 3', 'Trip 2', 'Trip 1', 'Trip 0', 'Concert', null])
    // A page past the end shows the last one.
    expect((await getPublicGallery({ page: 40 })).pages.page).toBe(3)
    expect(first.folders).toEqual([
      { name: 'events', count: 2 },
      { name: 'trips', count: 100 },
    ])

    const trips = await getPublicGallery({ folder: 'trips', page: 2 })
    expect(trips.pages).toEqual({ page: 2, pageCount: 3, total: 100, pageSize: 48 })
    expect(trips.images.every((image) => image.folder === 'trips')).toBe(true)
    expect(trips.images[0]?.title).toBe('Trip 51')
    expect(trips.total).toBe(102)
    expect((await getPublicGallery({ folder: 'staff-room' })).images).toEqual([])

    const card = first.albums.find((album) => album.slug === 'trips')
    expect(card).toMatchObject({ count: 100, cover: { title: 'Trip 99' } })
    const album = await getPublicAlbum('trips', 2)
    expect(album?.album).toMatchObject({ count: 100, cover: { title: 'Trip 99' } })
    expect(album?.pages).toEqual({ page: 2, pageCount: 3, total: 100, pageSize: 48 })
    expect(album?.images.map((image) => image.title).slice(0, 3)).toEqual(['Trip 51', 'Trip 50', 'Trip 49'])
    expect((await getPublicAlbum('trips', 3))?.images.map((image) => image.title)).toEqual(['Trip 3', 'Trip 2', 'Trip 1', 'Trip 0'])
  })

  test("an unpublished album's photos (every width) are not found but for staff; a published one's are revalidated, never kept a year", async () => {
    const album = await createGalleryFolder({ name: 'Residential trip', externalUse: true, enabled: true })
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } }).png().toBuffer()
    const [photo] = await uploadGalleryImages({ files: [new File([new Uint8Array(bytes)], 'trip.png', { type: 'image/png' })], folder: album.name, title: 'Canoeing' })
    const addresses = [photo!.imageUrl, variantUrl(photo!.imageUrl, 480)]
    type FileArgs = Parameters<typeof storedFile>[0]
    const fetchFile = (url: string, cookie?: string, headers: Record<string, string> = {}) => {
      const { bucket, key } = parsePublicUrl(url)!
      return storedFile({ params: { bucket, '*': key }, request: requestWithCookie(url, cookie, { headers }) } as unknown as FileArgs)
    }

    const shown = await fetchFile(photo!.imageUrl)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('Cache-Control')).toBe('public, no-cache')
    const etag = shown.headers.get('ETag')
    expect(etag).toMatch(/^"[^"]+"$/)
    expect((await fetchFile(photo!.imageUrl, undefined, { 'If-None-Match': etag! })).status).toBe(304)

    await updateGalleryFolder(album.id, { name: album.name, externalUse: true, enabled: false })
    for (const url of addresses) expect((await fetchFile(url)).status).toBe(404)
    // A browser asking again with what it kept is refused too: the withdrawal reaches it.
    expect((await fetchFile(photo!.imageUrl, undefined, { 'If-None-Match': etag! })).status).toBe(404)

    const editor = await createSignedInUser('editor')
    const forStaff = await fetchFile(photo!.imageUrl, editor.cookie)
    expect(forStaff.status).toBe(200)
    expect(forStaff.headers.get('Cache-Control')).toBe('private, no-store')
    expect((await fetchFile(photo!.imageUrl, (await createSignedInUser('user')).cookie)).status).toBe(404)
  })
})
