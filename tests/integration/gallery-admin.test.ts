import fs from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import sharp from 'sharp'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import {
  createGalleryFolder,
  deleteGalleryFolder,
  deleteGalleryImage,
  listAdminGallery,
  updateGalleryFolder,
  updateGalleryImage,
  uploadGalleryImages,
} from '#app/domain/gallery/gallery-admin.server.ts'
import { getGalleryFolder, listGalleryFoldersPage, listGalleryImagesPage } from '#app/domain/gallery/gallery.server.ts'
import { GALLERY_MESSAGES, photoDescriptionNames } from '#app/domain/gallery/gallery.schema.ts'
import { MEDIA_MESSAGES } from '#app/domain/media/media.schema.ts'
import { action as describeAction, loader as describeLoader } from '#app/routes/admin/gallery-describe.tsx'
import { action as uploadOneAction } from '#app/routes/admin/gallery-upload.ts'
import { adminScreen } from '#tests/setup/admin-screen.ts'
import { createSignedInUser } from '#tests/setup/users.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { MAX_FILES_PER_UPLOAD, UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { IMAGE_VARIANT_WIDTHS, variantUrl } from '#app/lib/uploads/image-variants.ts'
import { newId, readBool } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { changesDuring } from '#tests/setup/changes.ts'

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
  await db.insertInto('gallery_folders').values({ id, name, external_use: externalUse, enabled, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') }).execute()
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

/** Every page of the admin gallery's 'all' list, and its folders with their counts. */
async function wholeGallery() {
  const first = await listAdminGallery()
  const images = [...first.images]
  for (let page = 2; page <= first.pages.pageCount; page++) images.push(...(await listAdminGallery({ page })).images)
  return { images, folders: first.folders }
}

const refusal = (code: string, message: string, fields: Record<string, string> = {}) => ({ code, message, fields })

beforeAll(async () => {
  await addFolder('general')
})

describe(`gallery uploads on ${database.engine}`, () => {
  test('several images into a new folder: numbered titles, one row each, the folder created for external use but not published, files under the folder', async () => {
    let uploaded: Awaited<ReturnType<typeof uploadGalleryImages>> = []
    const changes = await changesDuring(['gallery', 'gallery_folders'], async () => {
      uploaded = await uploadGalleryImages({ files: [await png('#ff0000'), await png('#00ff00')], folder: 'Year 6 Trip', title: 'Base' })
    })

    const rows = await imagesIn('Year 6 Trip')
    expect(rows.map((row) => row.title)).toEqual(['Base 1', 'Base 2'])
    expect(uploaded).toEqual(rows.map((row) => expect.objectContaining({ id: row.id, title: row.title, imageUrl: row.image_url, folder: 'Year 6 Trip' })))
    for (const row of rows) {
      expect(row.image_url).toMatch(/^\/files\/gallery\/year-6-trip\/[0-9a-f-]{36}\.webp$/)
      expect(await storedFileExists(row.image_url)).toBe(true)
      for (const width of IMAGE_VARIANT_WIDTHS) expect(await storedFileExists(variantUrl(row.image_url, width))).toBe(true)
    }
    const folder = await folderNamed('Year 6 Trip')
    // A new album waits to be published (docs/product-rules.md#gallery).
    expect(folder).toMatchObject({ externalUse: true, enabled: false })
    expect(changes).toEqual([
      { table: 'gallery_folders', type: 'insert', id: folder!.id },
      ...rows.map((row) => ({ table: 'gallery', type: 'insert', id: row.id })),
    ])
  })

  test('one image takes the base title as it is; no base title leaves the title empty; a folder named in another case is the same folder', async () => {
    const foldersBefore = await db.selectFrom('gallery_folders').select('name').execute()
    expect(await uploadGalleryImages({ files: [await png('#0000ff')], folder: 'YEAR 6 TRIP', title: 'Coach' })).toEqual([expect.objectContaining({ title: 'Coach', folder: 'Year 6 Trip' })])
    expect(await uploadGalleryImages({ files: [await png('#ffff00'), await png('#00ffff')], folder: 'year 6 trip', title: null })).toHaveLength(2)
    expect((await imagesIn('Year 6 Trip')).map((row) => row.title)).toEqual([null, null, 'Coach', 'Base 1', 'Base 2'])
    expect(await db.selectFrom('gallery_folders').select('name').execute()).toHaveLength(foldersBefore.length)
  })

  test('a file that is not an image refuses the whole upload: no row, no folder, no file', async () => {
    const text = new File(['just some notes'], 'notes.png', { type: 'image/png' })
    await expect(uploadGalleryImages({ files: [await png('#ff00ff'), text], folder: 'Refused Folder', title: 'Refused' })).rejects.toMatchObject(
      refusal('invalid', UPLOAD_MESSAGES.notAnImage, { images: UPLOAD_MESSAGES.notAnImage }),
    )
    expect(await imagesIn('Refused Folder')).toEqual([])
    expect(await folderNamed('Refused Folder')).toBeUndefined()
    expect(await filesUnder('refused-folder')).toEqual([])
  })

  test('no file chosen (an empty file input posts one nameless empty file) or more files than an upload takes is refused before anything is stored', async () => {
    const put = vi.spyOn(storage, 'put')
    try {
      const nothingChosen = new File([], '', { type: 'application/octet-stream' })
      for (const files of [[], [nothingChosen]]) {
        await expect(uploadGalleryImages({ files, folder: 'Empty Folder', title: null })).rejects.toMatchObject(
          refusal('invalid', GALLERY_MESSAGES.noImages, { images: GALLERY_MESSAGES.noImages }),
        )
      }
      const tooMany = await Promise.all(Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, () => png('#010203')))
      await expect(uploadGalleryImages({ files: tooMany, folder: 'Empty Folder', title: null })).rejects.toMatchObject(
        refusal('invalid', GALLERY_MESSAGES.tooManyImages, { images: GALLERY_MESSAGES.tooManyImages }),
      )
      // A value that is not a file at all (the content API passes what it was sent).
      await expect(uploadGalleryImages({ files: ['not a file'], folder: 'Empty Folder', title: null })).rejects.toMatchObject(
        refusal('invalid', UPLOAD_MESSAGES.notAnImage, { images: UPLOAD_MESSAGES.notAnImage }),
      )
      expect(put).not.toHaveBeenCalled()
    } finally {
      put.mockRestore()
    }
    expect(await folderNamed('Empty Folder')).toBeUndefined()
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
      const files = [await png('#123456'), await png('#654321')]
      const changes = await changesDuring(['gallery', 'gallery_folders'], () => expect(uploadGalleryImages({ files, folder: 'Broken', title: 'Broken' })).rejects.toThrow(/refused by the test/))
      expect(changes).toEqual([])
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

    const changes = await changesDuring(['gallery', 'gallery_folders'], async () => {
      expect(await updateGalleryFolder(tripsId, { name: 'School Trips', externalUse: false, enabled: true })).toMatchObject({
        id: tripsId,
        name: 'School Trips',
        externalUse: false,
        enabled: true,
      })
    })
    expect(changes).toEqual(
      expect.arrayContaining([{ table: 'gallery_folders', type: 'update', id: tripsId }, ...inTrips.map((id) => ({ table: 'gallery', type: 'update', id }))]),
    )
    expect(changes).toHaveLength(1 + inTrips.length)

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

    const nameTaken = refusal('conflict', GALLERY_MESSAGES.folderNameTaken, { name: GALLERY_MESSAGES.folderNameTaken })
    const changes = await changesDuring(['gallery', 'gallery_folders'], async () => {
      await expect(updateGalleryFolder(sportsId, { name: 'music', externalUse: false, enabled: false })).rejects.toMatchObject(nameTaken)
      await expect(updateGalleryFolder(sportsId, { name: 'Music', externalUse: false, enabled: false })).rejects.toMatchObject(nameTaken)
    })
    expect(changes).toEqual([])
    expect(await db.selectFrom('gallery_folders').selectAll().orderBy('id').execute()).toEqual(foldersBefore)
    expect(await db.selectFrom('gallery').selectAll().orderBy('id').execute()).toEqual(imagesBefore)

    expect(await updateGalleryFolder(sportsId, { name: 'Sports', externalUse: true, enabled: true })).toMatchObject({ id: sportsId, name: 'Sports' })
    expect((await imagesIn('Sports')).map((row) => row.title)).toEqual(['Race'])
  })

  test('the default folder keeps its name and cannot be deleted, but its switches change', async () => {
    const general = (await folderNamed('general'))!
    const fixed = GALLERY_MESSAGES.defaultFolderFixed
    await expect(updateGalleryFolder(general.id, { name: 'misc', externalUse: true, enabled: true })).rejects.toMatchObject(refusal('conflict', fixed, { name: fixed }))
    await expect(deleteGalleryFolder(general.id)).rejects.toMatchObject(refusal('conflict', fixed))
    expect(await folderNamed('general')).toEqual(general)
    expect(await updateGalleryFolder(general.id, { name: 'general', externalUse: false, enabled: true })).toMatchObject({ ...general, externalUse: false })
    expect(await folderNamed('general')).toMatchObject({ externalUse: false, enabled: true })
    await updateGalleryFolder(general.id, { name: 'general', externalUse: true, enabled: true })
  })

  test('deleting a folder leaves its images with their folder value; the admin lists them under general until reassigned', async () => {
    const archiveId = await addFolder('archive')
    const archived = await addImage('Old photo', 'archive')
    const unfiled = await addImage('No folder', '')
    const changes = await changesDuring(['gallery', 'gallery_folders'], () => deleteGalleryFolder(archiveId))
    expect(changes).toEqual([{ table: 'gallery_folders', type: 'delete', id: archiveId }])
    const notFound = refusal('not_found', GALLERY_MESSAGES.folderNotFound)
    await expect(deleteGalleryFolder(archiveId)).rejects.toMatchObject(notFound)
    await expect(updateGalleryFolder(archiveId, { name: 'archive', externalUse: true, enabled: true })).rejects.toMatchObject(notFound)

    expect((await imagesIn('archive')).map((row) => row.id)).toEqual([archived])
    const gallery = await wholeGallery()
    expect(gallery.folders.map((folder) => folder.name)).not.toContain('archive')
    expect(gallery.images.find((image) => image.id === archived)).toMatchObject({ folder: 'archive', listedUnder: 'general' })
    expect(gallery.images.find((image) => image.id === unfiled)).toMatchObject({ folder: '', listedUnder: 'general' })
    const general = gallery.folders.find((folder) => folder.name === 'general')!
    expect(general.count).toBe(gallery.images.filter((image) => image.listedUnder === 'general').length)
    expect(gallery.folders.reduce((sum, folder) => sum + folder.count, 0)).toBe(gallery.images.length)
  })
})

describe(`new gallery folders on ${database.engine}`, () => {
  test('a new empty folder is stored with its switches and told to the change feed; a name taken in any case is refused and nothing stored', async () => {
    let created: Awaited<ReturnType<typeof createGalleryFolder>> | undefined
    const changes = await changesDuring(['gallery', 'gallery_folders'], async () => {
      created = await createGalleryFolder({ name: 'Staff Only', externalUse: false, enabled: true })
    })
    expect(created).toEqual({ id: expect.any(String), name: 'Staff Only', externalUse: false, enabled: true, slug: 'staff-only', description: '', coverImageId: null, createdAt: expect.any(String) })
    expect(await folderNamed('Staff Only')).toEqual({ id: created!.id, name: 'Staff Only', externalUse: false, enabled: true })
    expect(changes).toEqual([{ table: 'gallery_folders', type: 'insert', id: created!.id }])

    const foldersBefore = await db.selectFrom('gallery_folders').selectAll().orderBy('id').execute()
    const nameTaken = refusal('conflict', GALLERY_MESSAGES.folderNameTaken, { name: GALLERY_MESSAGES.folderNameTaken })
    const refusedChanges = await changesDuring(['gallery', 'gallery_folders'], async () => {
      await expect(createGalleryFolder({ name: 'Staff Only', externalUse: true, enabled: true })).rejects.toMatchObject(nameTaken)
      await expect(createGalleryFolder({ name: 'staff only', externalUse: true, enabled: true })).rejects.toMatchObject(nameTaken)
      await expect(createGalleryFolder({ name: 'GENERAL', externalUse: true, enabled: true })).rejects.toMatchObject(nameTaken)
    })
    expect(refusedChanges).toEqual([])
    expect(await db.selectFrom('gallery_folders').selectAll().orderBy('id').execute()).toEqual(foldersBefore)
  })
})

describe(`gallery images on ${database.engine}`, () => {
  test('an image is retitled and moved to an existing folder (named in any case), told to the change feed; its file keeps its address', async () => {
    await addFolder('Sports Day')
    await addFolder('Concerts')
    const id = await addImage('Relay', 'Sports Day')
    const before = await db.selectFrom('gallery').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

    let updated: Awaited<ReturnType<typeof updateGalleryImage>> | undefined
    const changes = await changesDuring(['gallery', 'gallery_folders'], async () => {
      updated = await updateGalleryImage(id, { title: 'Winter concert', folder: 'concerts' })
    })
    expect(updated).toEqual({ id, title: 'Winter concert', imageUrl: before.image_url, folder: 'Concerts', alt: '', decorative: false, focal: { x: 0.5, y: 0.5 }, position: expect.any(Number), createdAt: expect.any(String) })
    expect(changes).toEqual([{ table: 'gallery', type: 'update', id }])
    expect(await imagesIn('Concerts')).toEqual([{ id, title: 'Winter concert', image_url: before.image_url, folder: 'Concerts' }])

    expect(await updateGalleryImage(id, { title: null, folder: 'Concerts' })).toMatchObject({ title: null, folder: 'Concerts' })
    expect(await imagesIn('Concerts')).toMatchObject([{ id, title: null }])

    // A description and focal point are kept until a change gives new ones; decorative comes without alt text.
    const described = await updateGalleryImage(id, { title: null, folder: 'Concerts', description: { alt: 'The choir on stage', decorative: false }, focal: { x: 0.3, y: 0.2 } })
    expect(described).toMatchObject({ alt: 'The choir on stage', decorative: false, focal: { x: 0.3, y: 0.2 } })
    expect(await updateGalleryImage(id, { title: 'Choir', folder: 'Concerts' })).toMatchObject({ title: 'Choir', alt: 'The choir on stage', focal: { x: 0.3, y: 0.2 } })
    expect(await updateGalleryImage(id, { title: 'Choir', folder: 'Concerts', description: { alt: '', decorative: true } })).toMatchObject({ alt: '', decorative: true })
  })

  test('moving an image to a folder that does not exist is a field error and changes nothing; an image left in a deleted folder can be retitled where it is', async () => {
    const id = await addImage('Orphan', 'gone')
    const before = await db.selectFrom('gallery').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    const changes = await changesDuring(['gallery', 'gallery_folders'], async () => {
      await expect(updateGalleryImage(id, { title: 'Moved', folder: 'Nowhere' })).rejects.toMatchObject(
        refusal('invalid', GALLERY_MESSAGES.folderNotFound, { folder: GALLERY_MESSAGES.folderNotFound }),
      )
    })
    expect(changes).toEqual([])
    expect(await db.selectFrom('gallery').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before)
    expect(await folderNamed('Nowhere')).toBeUndefined()

    expect(await updateGalleryImage(id, { title: 'Still here', folder: 'gone' })).toMatchObject({ title: 'Still here', folder: 'gone' })
    await expect(updateGalleryImage('no-such-image', { title: null, folder: 'general' })).rejects.toMatchObject(refusal('not_found', GALLERY_MESSAGES.imageNotFound))
  })

  test('deleting an image removes its row, then its stored files', async () => {
    const [uploaded] = await uploadGalleryImages({ files: [await png('#abcdef')], folder: 'Leavers', title: 'Goodbye' })
    const [image] = await imagesIn('Leavers')
    expect(uploaded).toMatchObject({ id: image!.id, imageUrl: image!.image_url })
    expect(await filesUnder('leavers')).toHaveLength(1 + IMAGE_VARIANT_WIDTHS.length)

    const changes = await changesDuring(['gallery', 'gallery_folders'], () => deleteGalleryImage(image!.id))
    expect(changes).toEqual([{ table: 'gallery', type: 'delete', id: image!.id }])
    expect(await imagesIn('Leavers')).toEqual([])
    expect(await filesUnder('leavers')).toEqual([])
    await expect(deleteGalleryImage(image!.id)).rejects.toMatchObject(refusal('not_found', GALLERY_MESSAGES.imageNotFound))
  })
})

describe(`gallery pages on ${database.engine}`, () => {
  test('the paged reads list as the admin screen does: images newest first under the folder they are listed under, folders by name with the same counts', async () => {
    await addFolder('Paged')
    await addImage('Paged old', 'Paged')
    await new Promise((resolve) => setTimeout(resolve, 5))
    const newest = await addImage('Paged new', 'Paged')
    await addImage('Lost', 'deleted-folder')
    const gallery = await wholeGallery()

    const all = await listGalleryImagesPage({ limit: 1000, offset: 0 })
    expect(all).toEqual({ images: gallery.images.map(({ listedUnder: _, ...image }) => image), total: gallery.images.length })
    const paged = await listGalleryImagesPage({ limit: 1, offset: 0, folder: 'Paged' })
    expect(paged).toEqual({ images: [expect.objectContaining({ id: newest })], total: 2 })
    const general = await listGalleryImagesPage({ limit: 1000, offset: 0, folder: 'general' })
    expect(general.images.map((image) => image.id)).toEqual(gallery.images.filter((image) => image.listedUnder === 'general').map((image) => image.id))
    expect(general.images.map((image) => image.title)).toContain('Lost')

    const folders = await listGalleryFoldersPage({ limit: 1000, offset: 0 })
    expect(folders).toEqual({ folders: gallery.folders, total: gallery.folders.length })
    const second = await listGalleryFoldersPage({ limit: 1, offset: 1 })
    expect(second.folders).toEqual([gallery.folders[1]])
    const pagedFolder = gallery.folders.find((folder) => folder.name === 'Paged')!
    expect(await getGalleryFolder(pagedFolder.id)).toEqual({ ...pagedFolder, count: 2 })
    expect(await getGalleryFolder('no-such-folder')).toBeNull()
  })
})

describe(`describing an album's photos on ${database.engine}`, () => {
  /** What a refused or accepted admin answer carries. */
  type Answer = { data?: { ok: boolean; error?: string; message?: string }; ok?: boolean; message?: string; init?: { status?: number } | null }
  const described = async (ids: string[]) => {
    const rows = await db.selectFrom('gallery').select(['id', 'alt', 'decorative']).where('id', 'in', ids).execute()
    return Object.fromEntries(rows.map((row) => [row.id, { alt: row.alt, decorative: readBool(row.decorative) }]))
  }
  const describeForm = (album: string, photos: { id: string; alt?: string; decorative?: boolean }[]) => [
    ['album', album] as const,
    ...photos.flatMap((photo) => {
      const names = photoDescriptionNames(photo.id)
      return [['ids', photo.id] as const, ...(photo.alt === undefined ? [] : [[names.alt, photo.alt] as const]), ...(photo.decorative ? [[names.decorative, 'on'] as const] : [])]
    }),
  ]

  test('each photo of the upload dialog carries its own description; the album screen saves several at once, only in the album, by staff', async () => {
    const { cookie } = await createSignedInUser('editor')
    const ids: string[] = []
    for (const [index, description] of [{ alt: 'Children sledging down the hill' }, { alt: 'ignored', decorative: true }, {}].entries()) {
      const form = new FormData()
      form.set('images', await png(`#${(index + 3).toString(16).repeat(6)}`))
      form.set('newFolder', 'Snow Day')
      form.set('title', 'Snow Day')
      form.set('position', String(index + 1))
      form.set('count', '3')
      if (description.alt) form.set('alt', description.alt)
      if (description.decorative) form.set('decorative', 'on')
      const answer = (await adminScreen(uploadOneAction, cookie, '/admin/gallery/upload', form)) as { ok: boolean; id: string }
      expect(answer.ok).toBe(true)
      ids.push(answer.id)
    }
    expect(await described(ids)).toEqual({
      [ids[0]!]: { alt: 'Children sledging down the hill', decorative: false },
      [ids[1]!]: { alt: '', decorative: true },
      [ids[2]!]: { alt: '', decorative: false },
    })

    const screen = (await adminScreen(describeLoader, cookie, '/admin/gallery/describe?folder=Snow+Day')) as { album: { id: string }; photos: { id: string; title: string }[] }
    expect(screen.photos.map((photo) => photo.title)).toEqual(['Snow Day 1', 'Snow Day 2', 'Snow Day 3'])
    const album = screen.album.id

    const saved = await changesDuring(['gallery'], async () => {
      const answer = (await adminScreen(describeAction, cookie, '/admin/gallery/describe', describeForm(album, [
        { id: ids[0]!, alt: 'Children sledging down the hill' },
        { id: ids[1]!, alt: 'A snowman with a carrot nose' },
        { id: ids[2]!, alt: 'kept out', decorative: true },
      ]))) as Answer
      expect(answer).toEqual({ ok: true, message: GALLERY_MESSAGES.descriptionsSaved })
    })
    // Only the photos whose description changed are written.
    expect(saved.map((change) => change.id).sort()).toEqual([ids[1]!, ids[2]!].sort())
    expect(await described(ids)).toEqual({
      [ids[0]!]: { alt: 'Children sledging down the hill', decorative: false },
      [ids[1]!]: { alt: 'A snowman with a carrot nose', decorative: false },
      [ids[2]!]: { alt: '', decorative: true },
    })

    // Refused, nothing changes: a photo of another album, alt text too long, a missing photo, a signed-in user below editor.
    const [elsewhere] = await uploadGalleryImages({ files: [await png('#123456')], folder: 'Elsewhere', title: null })
    const before = await described([...ids, elsewhere!.id])
    const refused = async (form: ReturnType<typeof describeForm>, status: number, error: string) => {
      const answer = (await adminScreen(describeAction, cookie, '/admin/gallery/describe', form)) as Answer
      expect({ status: answer.init?.status, error: answer.data?.error }).toEqual({ status, error })
    }
    await refused(describeForm(album, [{ id: ids[0]!, alt: 'Changed' }, { id: elsewhere!.id, alt: 'Not here' }]), 400, GALLERY_MESSAGES.notInThisAlbum)
    await refused(describeForm(album, [{ id: ids[0]!, alt: 'x'.repeat(251) }]), 400, MEDIA_MESSAGES.altTooLong)
    await refused(describeForm(album, [{ id: ids[0]!, alt: 'Changed' }, { id: newId(), alt: 'Gone' }]), 404, GALLERY_MESSAGES.imageNotFound)
    await refused(describeForm(album, []), 400, GALLERY_MESSAGES.noneSelected)
    const user = await createSignedInUser('user')
    expect(await adminScreen(describeAction, user.cookie, '/admin/gallery/describe', describeForm(album, [{ id: ids[0]!, alt: 'Changed' }]))).toMatch(/^redirect /)
    expect(await described([...ids, elsewhere!.id])).toEqual(before)
  })
})
