import { beforeAll, describe, expect, test } from 'vitest'
import { getPublicGallery } from '#app/domain/gallery/gallery.server.ts'
import { db } from '#app/lib/db.server.ts'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

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
})
