import fs from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  deleteGalleryFolder,
  deleteGalleryImage,
  getAdminGallery,
  updateGalleryFolder,
  uploadGalleryImages,
} from '#app/domain/gallery/gallery-admin.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { IMAGE_VARIANT_WIDTHS, variantUrl } from '#app/lib/uploads/image-variants.ts'
import { newId, readBool } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

if (config.storage.driver !== 'local') throw new Error('These tests look at the files on disk: run them with local storage')
const storageRoot = config.storage.root

async function png(color: string) {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).png().toBuffer()
  return new File([new Uint8Array(bytes)], `${color.slice(1)}.png`, { type: 'image/png' })
}

/** Every file stored under a folder's storage path (main copies and width copies). */
async function filesUnder(folderKey: string) {
  const entries = await fs.readdir(path.join(storageRoot, 'gallery', folderKey)).catch(() => [])
  return entries.sort()
}

async function storedFileExists(url: string) {
  const location = parsePublicUrl(url)
  if (!location) return false
  const object = await storage.get(location.bucket, location.key)
  object?.body.destroy()
  return object !== null
}

async function imagesIn(folder: string) {
  return db.selectFrom('gallery').select(['id', 'title', 'image_url', 'folder']).where('folder', '=', folder).orderBy('created_at', 'desc').execute()
}

async function folderNamed(name: string) {
  const row = await db.selectFrom('gallery_folders').selectAll().where('name', '=', name).executeTakeFirst()
  return row && { id: row.id, name: row.name, externalUse: readBool(row.external_use), enabled: readBool(row.enabled) }
}

async function addFolder(name: string, externalUse = true, enabled = true) {
  const id = newId()
  await db.insertInto('gallery_folders').values({ id, name, external_use: externalUse, enabled }).execute()
  return id
}

async function addImage(title: string, folder: string) {
  const id = newId()
  await db
    .insertInto('gallery')
    .values({ id, title, folder, image_url: `/files/gallery/${folder || 'none'}/${id}.webp`, created_at: new Date().toISOString() })
    .execute()
  return id
}

beforeAll(async () => {
  await addFolder('general')
})

describe(`gallery uploads on ${database.engine}`, () => {
  test('several images into a new folder: numbered titles, one row each, the folder created for external use and enabled, files under the folder', async () => {
    const result = await uploadGalleryImages({ files: [await png('#ff0000'), await png('#00ff00')], folder: 'Year 6 Trip', title: 'Base' })
    expect(result).toMatchObject({ ok: true, count: 2 })

    const rows = await imagesIn('Year 6 Trip')
    expect(rows.map((row) => row.title)).toEqual(['Base 1', 'Base 2'])
    for (const row of rows) {
      expect(row.image_url).toMatch(/^\/files\/gallery\/year-6-trip\/[0-9a-f-]{36}\.webp$/)
      expect(await storedFileExists(row.image_url)).toBe(true)
      for (const width of IMAGE_VARIANT_WIDTHS) expect(await storedFileExists(variantUrl(row.image_url, width))).toBe(true)
    }
    expect(await folderNamed('Year 6 Trip')).toMatchObject({ externalUse: true, enabled: true })
  })

  test('one image takes the base title as it is; no base title leaves the title empty; a folder named in another case is the same folder', async () => {
    const foldersBefore = await db.selectFrom('gallery_folders').select('name').execute()
    expect(await uploadGalleryImages({ files: [await png('#0000ff')], folder: 'YEAR 6 TRIP', title: 'Coach' })).toMatchObject({ ok: true, count: 1 })
    expect(await uploadGalleryImages({ files: [await png('#ffff00'), await png('#00ffff')], folder: 'year 6 trip', title: null })).toMatchObject({ ok: true, count: 2 })
    expect((await imagesIn('Year 6 Trip')).map((row) => row.title)).toEqual([null, null, 'Coach', 'Base 1', 'Base 2'])
    expect(await db.selectFrom('gallery_folders').select('name').execute()).toHaveLength(foldersBefore.length)
  })

  test('a file that is not an image refuses the whole upload: no row, no folder, no file', async () => {
    const text = new File(['just some notes'], 'notes.png', { type: 'image/png' })
    const result = await uploadGalleryImages({ files: [await png('#ff00ff'), text], folder: 'Refused Folder', title: 'Refused' })
    expect(result).toEqual({ ok: false, error: UPLOAD_MESSAGES.notAnImage })
    expect(await imagesIn('Refused Folder')).toEqual([])
    expect(await folderNamed('Refused Folder')).toBeUndefined()
    expect(await filesUnder('refused-folder')).toEqual([])
  })

  test('when the rows cannot be written, no row, no new folder and no stored file remain', async () => {
    // The second row fails, after the folder and the first row were written in the same transaction.
    if (database.engine === 'postgres') {
      await sql
        .raw(
          `create function refuse_gallery_row() returns trigger language plpgsql as $$
           begin if new.title = 'Broken 2' then raise exception 'refused by the test'; end if; return new; end $$;
           create trigger refuse_gallery_row before insert on gallery for each row execute function refuse_gallery_row();`,
        )
        .execute(db)
    } else {
      await sql
        .raw(`create trigger refuse_gallery_row before insert on gallery when new.title = 'Broken 2' begin select raise(abort, 'refused by the test'); end`)
        .execute(db)
    }
    try {
      await expect(uploadGalleryImages({ files: [await png('#123456'), await png('#654321')], folder: 'Broken', title: 'Broken' })).rejects.toThrow(
        /refused by the test/,
      )
    } finally {
      await sql.raw('drop trigger refuse_gallery_row' + (database.engine === 'postgres' ? ' on gallery' : '')).execute(db)
    }
    expect(await imagesIn('Broken')).toEqual([])
    expect(await folderNamed('Broken')).toBeUndefined()
    expect(await filesUnder('broken')).toEqual([])
  })
})

describe(`gallery folders on ${database.engine}`, () => {
  test('renaming moves exactly that folder’s images, in one go with the folder and its switches; the stored files keep their addresses', async () => {
    const tripsId = await addFolder('trips')
    await addFolder('clubs')
    const inTrips = [await addImage('Museum', 'trips'), await addImage('Beach', 'trips')]
    const inClubs = await addImage('Chess', 'clubs')
    const urlsBefore = await db.selectFrom('gallery').select(['id', 'image_url']).orderBy('id').execute()

    expect(await updateGalleryFolder(tripsId, { name: 'School Trips', externalUse: false, enabled: true })).toBe('done')

    expect((await imagesIn('School Trips')).map((row) => row.id).sort()).toEqual([...inTrips].sort())
    expect(await imagesIn('trips')).toEqual([])
    expect((await imagesIn('clubs')).map((row) => row.id)).toEqual([inClubs])
    expect(await folderNamed('School Trips')).toEqual({ id: tripsId, name: 'School Trips', externalUse: false, enabled: true })
    expect(await folderNamed('trips')).toBeUndefined()
    expect(await db.selectFrom('gallery').select(['id', 'image_url']).orderBy('id').execute()).toEqual(urlsBefore)
  })

  test('renaming onto another folder’s name (in any case) is refused and changes nothing; a change of case of its own name is not', async () => {
    const sportsId = await addFolder('sports')
    await addFolder('music')
    await addImage('Race', 'sports')
    const foldersBefore = await db.selectFrom('gallery_folders').selectAll().orderBy('id').execute()
    const imagesBefore = await db.selectFrom('gallery').selectAll().orderBy('id').execute()

    expect(await updateGalleryFolder(sportsId, { name: 'music', externalUse: false, enabled: false })).toBe('name-taken')
    expect(await updateGalleryFolder(sportsId, { name: 'Music', externalUse: false, enabled: false })).toBe('name-taken')
    expect(await db.selectFrom('gallery_folders').selectAll().orderBy('id').execute()).toEqual(foldersBefore)
    expect(await db.selectFrom('gallery').selectAll().orderBy('id').execute()).toEqual(imagesBefore)

    expect(await updateGalleryFolder(sportsId, { name: 'Sports', externalUse: true, enabled: true })).toBe('done')
    expect((await imagesIn('Sports')).map((row) => row.title)).toEqual(['Race'])
  })

  test('the default folder keeps its name and cannot be deleted, but its switches change', async () => {
    const general = (await folderNamed('general'))!
    expect(await updateGalleryFolder(general.id, { name: 'misc', externalUse: true, enabled: true })).toBe('default-fixed')
    expect(await deleteGalleryFolder(general.id)).toBe('default-fixed')
    expect(await updateGalleryFolder(general.id, { name: 'general', externalUse: false, enabled: true })).toBe('done')
    expect(await folderNamed('general')).toMatchObject({ externalUse: false, enabled: true })
    await updateGalleryFolder(general.id, { name: 'general', externalUse: true, enabled: true })
  })

  test('deleting a folder leaves its images with their folder value; the admin lists them under general until reassigned', async () => {
    const archiveId = await addFolder('archive')
    const archived = await addImage('Old photo', 'archive')
    const unfiled = await addImage('No folder', '')
    expect(await deleteGalleryFolder(archiveId)).toBe('done')
    expect(await deleteGalleryFolder(archiveId)).toBe('not-found')

    expect((await imagesIn('archive')).map((row) => row.id)).toEqual([archived])
    const gallery = await getAdminGallery()
    expect(gallery.folders.map((folder) => folder.name)).not.toContain('archive')
    expect(gallery.images.find((image) => image.id === archived)).toMatchObject({ folder: 'archive', listedUnder: 'general' })
    expect(gallery.images.find((image) => image.id === unfiled)).toMatchObject({ folder: '', listedUnder: 'general' })
    const general = gallery.folders.find((folder) => folder.name === 'general')!
    expect(general.count).toBe(gallery.images.filter((image) => image.listedUnder === 'general').length)
    expect(gallery.folders.reduce((sum, folder) => sum + folder.count, 0)).toBe(gallery.images.length)
  })
})

describe(`gallery images on ${database.engine}`, () => {
  test('deleting an image removes its row, then its stored files', async () => {
    expect(await uploadGalleryImages({ files: [await png('#abcdef')], folder: 'Leavers', title: 'Goodbye' })).toMatchObject({ ok: true, count: 1 })
    const [image] = await imagesIn('Leavers')
    expect(await filesUnder('leavers')).toHaveLength(1 + IMAGE_VARIANT_WIDTHS.length)

    expect(await deleteGalleryImage(image!.id)).toBe(true)
    expect(await imagesIn('Leavers')).toEqual([])
    expect(await filesUnder('leavers')).toEqual([])
    expect(await deleteGalleryImage(image!.id)).toBe(false)
  })
})
