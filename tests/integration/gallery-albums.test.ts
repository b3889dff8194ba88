import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  createGalleryFolder,
  deleteGalleryImages,
  moveGalleryImages,
  publishGalleryFolder,
  moveGalleryImageTo,
  updateGalleryFolder,
  uploadGalleryImages,
} from '#app/domain/gallery/gallery-admin.server.ts'
import { getPublicAlbum, getPublicGallery } from '#app/domain/gallery/gallery.server.ts'
import { GALLERY_MESSAGES } from '#app/domain/gallery/gallery.schema.ts'
import { db } from '#app/lib/db.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { IMAGE_VARIANT_WIDTHS, variantUrl } from '#app/lib/uploads/image-variants.ts'
import { sitemapEntries } from '#app/services/feeds/feed-sources.server.ts'
import { readBool } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { changesDuring } from '#tests/setup/changes.ts'

const database = prepareTestDatabase()

async function png(color: string) {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).png().toBuffer()
  return new File([new Uint8Array(bytes)], `${color.slice(1)}.png`, { type: 'image/png' })
}

/** A phone photo: a JPEG named as a camera names it, with the time it was taken in its EXIF when given. */
async function cameraPhoto(name: string, takenAt?: string) {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
  const bytes = await (takenAt ? image.withExif({ IFD0: { Make: 'Apple' }, IFD2: { DateTimeOriginal: takenAt } }) : image).jpeg().toBuffer()
  return new File([new Uint8Array(bytes)], `${name}.JPG`, { type: 'image/jpeg' })
}

async function storedFileExists(url: string) {
  const location = parsePublicUrl(url)
  if (!location) return false
  const object = await storage.get(location.bucket, location.key)
  object?.body.destroy()
  return object !== null
}

/** An album's photos as its page orders them: titles by place. */
async function order(folder: string) {
  const rows = await db.selectFrom('gallery').select(['title', 'position', 'created_at']).where('folder', '=', folder).execute()
  return rows.sort((a, b) => a.position - b.position || String(b.created_at).localeCompare(String(a.created_at))).map((row) => row.title)
}

async function upload(folder: string, titles: string[]) {
  const images = []
  // One at a time, as the upload dialog sends them.
  for (const [index, title] of titles.entries()) {
    const [image] = await uploadGalleryImages({ files: [await png(`#${(index + 1).toString(16).repeat(6)}`)], folder, title })
    images.push(image!)
  }
  return images
}

beforeAll(async () => {
  await createGalleryFolder({ name: 'general', externalUse: true, enabled: true })
})

describe(`gallery albums on ${database.engine}`, () => {
  test('an album an upload creates starts unpublished: not on /gallery, not in the sitemap, its page missing; publishing shows it everywhere', async () => {
    const [photo] = await upload('Sports Day 2026', ['Sack race'])
    const album = await db.selectFrom('gallery_folders').selectAll().where('name', '=', 'Sports Day 2026').executeTakeFirstOrThrow()
    expect({ slug: album.slug, externalUse: readBool(album.external_use), enabled: readBool(album.enabled) }).toEqual({ slug: 'sports-day-2026', externalUse: true, enabled: false })

    const gallery = await getPublicGallery()
    expect(gallery.images.map((image) => image.title)).not.toContain('Sack race')
    expect(gallery.albums.map((entry) => entry.slug)).not.toContain('sports-day-2026')
    expect(gallery.folders.map((folder) => folder.name)).not.toContain('Sports Day 2026')
    expect((await sitemapEntries()).map((entry) => entry.path)).not.toContain('/gallery/sports-day-2026')
    expect(await getPublicAlbum('sports-day-2026')).toBeNull()
    expect(await getPublicAlbum('no-such-album')).toBeNull()

    const changes = await changesDuring(['gallery_folders'], () => publishGalleryFolder(album.id))
    expect(changes).toEqual([{ table: 'gallery_folders', type: 'update', id: album.id }])
    const published = await getPublicGallery()
    expect(published.albums.find((entry) => entry.slug === 'sports-day-2026')).toEqual({
      name: 'Sports Day 2026',
      slug: 'sports-day-2026',
      description: '',
      count: 1,
      cover: { imageUrl: photo!.imageUrl, alt: '', title: 'Sack race', focal: { x: 0.5, y: 0.5 } },
    })
    expect((await sitemapEntries()).map((entry) => entry.path)).toContain('/gallery/sports-day-2026')
    expect((await getPublicAlbum('sports-day-2026'))?.images.map((image) => image.title)).toEqual(['Sack race'])

    // Not for external use: hidden whatever Enabled says.
    await updateGalleryFolder(album.id, { name: album.name, externalUse: false, enabled: true })
    expect(await getPublicAlbum('sports-day-2026')).toBeNull()
    expect((await sitemapEntries()).map((entry) => entry.path)).not.toContain('/gallery/sports-day-2026')
  })

  test('a new album from the office is unpublished with its description; a second album of the same name-slug gets its own address', async () => {
    const album = await createGalleryFolder({ name: 'Trips', description: 'Where we went.', externalUse: true, enabled: false })
    expect(album).toMatchObject({ slug: 'trips', description: 'Where we went.', enabled: false, coverImageId: null })
    const other = await createGalleryFolder({ name: 'Trips_', externalUse: true, enabled: false })
    expect(other.slug).toBe('trips-2')
  })

  test('a photo moved to a place takes it, the others keep their order; a move from a stale screen changes nothing', async () => {
    const [a, , c] = await upload('Concert', ['A', 'B', 'C'])
    expect(await order('Concert')).toEqual(['A', 'B', 'C'])
    await moveGalleryImageTo(c!.id, 0)
    expect(await order('Concert')).toEqual(['C', 'A', 'B'])
    // The screen still showed A first: its move is refused.
    await expect(moveGalleryImageTo(a!.id, 2, 0)).rejects.toMatchObject({ code: 'conflict', message: GALLERY_MESSAGES.orderStale })
    expect(await order('Concert')).toEqual(['C', 'A', 'B'])
    const album = await db.selectFrom('gallery_folders').select('id').where('name', '=', 'Concert').executeTakeFirstOrThrow()
    await publishGalleryFolder(album.id)
    expect((await getPublicAlbum('concert'))?.images.map((image) => image.title)).toEqual(['C', 'A', 'B'])
  })

  test('photos join their album in camera order: by the time each was taken, else in the order sent', async () => {
    const names = Array.from({ length: 10 }, (_, index) => `IMG_${2000 + index}`)
    const takenAt = (index: number) => `2026:03:14 09:${String(10 + index).padStart(2, '0')}:00`
    // Sent one at a time as the dialog sends them, in an order that is not the camera's.
    for (const index of [3, 0, 1, 9, 2, 4, 8, 5, 7, 6]) {
      await uploadGalleryImages({ files: [await cameraPhoto(names[index]!, takenAt(index))], folder: 'Snow Day', title: names[index]! })
    }
    expect(await order('Snow Day')).toEqual(names)
    const stored = await db.selectFrom('gallery').select(['title', 'taken_at']).where('title', '=', 'IMG_2003').executeTakeFirstOrThrow()
    expect(stored.taken_at).toBe('2026-03-14T09:13:00')

    // Without dates: the order chosen, one request at a time or several files in one.
    await upload('Plain', ['IMG_3000', 'IMG_3001', 'IMG_3002'])
    await uploadGalleryImages({ files: [await cameraPhoto('IMG_3003'), await cameraPhoto('IMG_3004')], folder: 'Plain', title: 'IMG_300x' })
    expect(await order('Plain')).toEqual(['IMG_3000', 'IMG_3001', 'IMG_3002', 'IMG_300x 1', 'IMG_300x 2'])

    // A photo taken earlier than the album's last ones goes before them; one without a date goes last.
    await uploadGalleryImages({ files: [await cameraPhoto('IMG_1999', '2026:03:14 09:15:30')], folder: 'Snow Day', title: 'IMG_2005b' })
    await uploadGalleryImages({ files: [await cameraPhoto('scan')], folder: 'Snow Day', title: 'scan' })
    expect(await order('Snow Day')).toEqual([...names.slice(0, 6), 'IMG_2005b', ...names.slice(6), 'scan'])
    const album = await db.selectFrom('gallery_folders').select('id').where('name', '=', 'Snow Day').executeTakeFirstOrThrow()
    await publishGalleryFolder(album.id)
    expect((await getPublicAlbum('snow-day'))?.images.map((image) => image.title)).toEqual([...names.slice(0, 6), 'IMG_2005b', ...names.slice(6), 'scan'])
  })

  test('move takes photos to the end of another album; a moved cover falls back to the first photo; the album must exist', async () => {
    const [x, y] = await upload('Moving From', ['X', 'Y'])
    await upload('Moving To', ['T'])
    const from = await db.selectFrom('gallery_folders').selectAll().where('name', '=', 'Moving From').executeTakeFirstOrThrow()
    await updateGalleryFolder(from.id, { name: from.name, externalUse: true, enabled: true, coverImageId: x!.id })
    expect(await moveGalleryImages([x!.id], 'moving to')).toEqual({ count: 1, folder: 'Moving To' })
    expect(await order('Moving To')).toEqual(['T', 'X'])
    expect(await order('Moving From')).toEqual(['Y'])
    const after = await db.selectFrom('gallery_folders').select('cover_image_id').where('id', '=', from.id).executeTakeFirstOrThrow()
    expect(after.cover_image_id).toBeNull()
    expect((await getPublicAlbum('moving-from'))?.album.cover?.title).toBe('Y')
    await expect(moveGalleryImages([y!.id], 'Nowhere')).rejects.toMatchObject({ code: 'invalid', fields: { folder: GALLERY_MESSAGES.folderNotFound } })
    await expect(moveGalleryImages([y!.id, 'missing'], 'Moving To')).rejects.toMatchObject({ code: 'not_found' })
    expect(await order('Moving From')).toEqual(['Y'])
  })

  test('a cover must be a photo of the album; the chosen cover is the card', async () => {
    const [first, second] = await upload('Covers', ['First', 'Second'])
    const [elsewhere] = await upload('Elsewhere', ['Other'])
    const album = await db.selectFrom('gallery_folders').selectAll().where('name', '=', 'Covers').executeTakeFirstOrThrow()
    await expect(updateGalleryFolder(album.id, { name: 'Covers', externalUse: true, enabled: true, coverImageId: elsewhere!.id })).rejects.toMatchObject({
      fields: { coverImageId: GALLERY_MESSAGES.coverNotInAlbum },
    })
    await updateGalleryFolder(album.id, { name: 'Covers', externalUse: true, enabled: true, description: 'Two photos', coverImageId: first!.id })
    const card = (await getPublicGallery()).albums.find((entry) => entry.slug === 'covers')
    expect(card).toMatchObject({ description: 'Two photos', count: 2, cover: { title: 'First' } })
    expect(second).toBeDefined()
  })

  test('a bulk delete of many photos is one transaction; their rows and stored files (every width) are gone after the commit', async () => {
    const photos = await upload('Bulk', Array.from({ length: 12 }, (_, index) => `Bulk ${index + 1}`))
    const [kept, ...doomed] = photos
    const urls = doomed.map((photo) => photo.imageUrl)
    for (const url of urls) expect(await storedFileExists(url)).toBe(true)
    const changes = await changesDuring(['gallery'], () => deleteGalleryImages(doomed.map((photo) => photo.id)))
    expect(changes).toHaveLength(doomed.length)
    expect(await order('Bulk')).toEqual([kept!.title])
    for (const url of urls) {
      expect(await storedFileExists(url)).toBe(false)
      for (const width of IMAGE_VARIANT_WIDTHS) expect(await storedFileExists(variantUrl(url, width))).toBe(false)
    }
    expect(await storedFileExists(kept!.imageUrl)).toBe(true)
    // All or nothing: one id deleted meanwhile refuses the whole request.
    await expect(deleteGalleryImages([kept!.id, doomed[0]!.id])).rejects.toMatchObject({ code: 'not_found' })
    expect(await order('Bulk')).toEqual([kept!.title])
  })
})
