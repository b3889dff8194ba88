import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { createBlogPost } from '#app/domain/blog/blog-admin.server.ts'
import { createEvent } from '#app/domain/event/event-admin.server.ts'
import { deleteGalleryImage, uploadGalleryImages } from '#app/domain/gallery/gallery-admin.server.ts'
import { imageUses } from '#app/domain/media/image-uses.server.ts'
import { deleteMedia, updateMedia, uploadMedia } from '#app/domain/media/media-admin.server.ts'
import { imageDescriptionSchema, MEDIA_MESSAGES } from '#app/domain/media/media.schema.ts'
import { imageDescriptions } from '#app/domain/media/media.server.ts'
import { saveSectionContent } from '#app/domain/section/section-admin.server.ts'
import { getSectionContent } from '#app/domain/section/section.server.ts'
import { createTheme } from '#app/domain/theme/theme-admin.server.ts'
import { DEFAULT_COLORS, defaultSectionStyles } from '#app/domain/theme/theme.schema.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { seedBaseContent } from '#app/services/seed/seed.ts'
import { newId, readBool } from '#db/portable.ts'
import { changesDuring, withChangesOf } from '#tests/setup/changes.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()
beforeAll(async () => {
  await seedBaseContent(db, storage)
})

async function photo(name = 'trip.png') {
  const bytes = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#884422' } }).png().toBuffer()
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' })
}

const described = (alt: string, decorative = false) => imageDescriptionSchema.parse({ alt, decorative })

async function fileExists(url: string) {
  const location = parsePublicUrl(url)!
  const object = await storage.get(location.bucket, location.key)
  object?.body.destroy()
  return object !== null
}

describe(`the media library on ${database.engine}`, () => {
  test('an upload is stored with its description and file name, announced, and never joins the gallery', async () => {
    const file = await photo('C:\\fakepath\\logo.png')
    const { result: item, changes } = await withChangesOf(['media', 'gallery'], () => uploadMedia(file, described('  Our crest  '), null))
    expect(item).toMatchObject({ fileName: 'logo.png', alt: 'Our crest', decorative: false, focal: { x: 0.5, y: 0.5 } })
    expect(item.url).toMatch(/^\/files\/uploads\/[0-9a-f-]+\.webp$/)
    expect(await fileExists(item.url)).toBe(true)
    expect(changes).toEqual([{ table: 'media', type: 'insert', id: item.id }])
    expect(await db.selectFrom('gallery').select('id').where('image_url', '=', item.url).execute()).toEqual([])

    const refused = uploadMedia(new File([new TextEncoder().encode('%PDF-1.4')], 'photo.jpg', { type: 'image/jpeg' }), described(''), null)
    await expect(refused).rejects.toMatchObject({ code: 'invalid', fields: { image: 'Please select an image file' } })
  })

  test('a decorative image keeps no alt text; alt text is at most 250 characters; the focal point stays inside the image', async () => {
    expect(described('A tree', true)).toEqual({ alt: '', decorative: true })
    expect(imageDescriptionSchema.safeParse({ alt: 'x'.repeat(251) }).error?.issues[0]?.message).toBe(MEDIA_MESSAGES.altTooLong)
    const item = await uploadMedia(await photo(), described(''), null)
    const changed = await updateMedia(item.id, { description: described('Pupils at the beach'), focal: { x: 0.2, y: 0.1 } })
    expect(changed).toMatchObject({ alt: 'Pupils at the beach', decorative: false, focal: { x: 0.2, y: 0.1 } })
    await expect(updateMedia('no-such-image', { description: described('x') })).rejects.toMatchObject({ code: 'not_found', message: MEDIA_MESSAGES.notFound })
  })

  test('every use of an image is named; an image in use cannot be deleted, one unused can, and its file goes', async () => {
    const item = await uploadMedia(await photo(), described('Sunrise over the field'), null)
    expect(await imageUses(item.url)).toEqual([])
    const logos = (await getSectionContent('home.logos'))!
    await saveSectionContent('home.logos', { ...logos, image: item.url })
    const hero = (await getSectionContent('home.hero'))!
    await saveSectionContent('home.hero', { slides: [{ ...hero.slides[0]!, title: 'Welcome', image: item.url }, ...hero.slides.slice(1)] })
    await createBlogPost({ title: 'Sunrise', slug: `sunrise-${newId().slice(0, 8)}`, excerpt: null, content: `<p>Look: <img src="${item.url}" alt="Sunrise"></p>`, removeCover: false, coverFile: null })
    await createTheme({ name: 'Dawn', colors: DEFAULT_COLORS, sectionStyles: { ...defaultSectionStyles(), hero: { ...defaultSectionStyles().hero, backgroundImage: item.url } } })
    await createEvent({ title: 'Open morning', description: null, startDate: '2027-03-01T09:00', endDate: null, imageUrl: item.url, imageFile: null }, 'Europe/London')

    const uses = ['hero slide "Welcome"', 'header logo', 'post "Sunrise" (in its text)', 'event "Open morning"', 'theme "Dawn"']
    expect(await imageUses(item.url)).toEqual(uses)
    const changes = await changesDuring(['media'], () => expect(deleteMedia(item.id)).rejects.toMatchObject({ code: 'conflict', message: MEDIA_MESSAGES.inUse(uses) }))
    expect(changes).toEqual([])
    expect(await fileExists(item.url)).toBe(true)

    const unused = await uploadMedia(await photo(), described('Spare'), null)
    expect(await changesDuring(['media'], () => deleteMedia(unused.id))).toEqual([{ table: 'media', type: 'delete', id: unused.id }])
    expect(await db.selectFrom('media').select('id').where('id', '=', unused.id).execute()).toEqual([])
    expect(await fileExists(unused.url)).toBe(false)
    await expect(deleteMedia(unused.id)).rejects.toMatchObject({ code: 'not_found' })
  })

  test('a gallery photo a page uses cannot be deleted either; descriptions are found for media and gallery images alike', async () => {
    const [image] = await uploadGalleryImages({ files: [await photo()], folder: 'general', title: 'Poster' })
    await createEvent({ title: 'Fair', description: null, startDate: '2027-05-01T09:00', endDate: null, imageUrl: image!.imageUrl, imageFile: null }, 'Europe/London')
    await expect(deleteGalleryImage(image!.id)).rejects.toMatchObject({ code: 'conflict', message: MEDIA_MESSAGES.inUse(['event "Fair"']) })
    expect(await db.selectFrom('gallery').select('id').where('id', '=', image!.id).execute()).toHaveLength(1)

    const item = await uploadMedia(await photo(), described('', true), null)
    const found = await imageDescriptions([item.url, image!.imageUrl, 'https://elsewhere.example/a.jpg', null])
    expect([...found.keys()].sort()).toEqual([item.url, image!.imageUrl].sort())
    expect(found.get(item.url)).toEqual({ alt: '', decorative: true, focal: { x: 0.5, y: 0.5 } })
    expect(found.get(image!.imageUrl)).toMatchObject({ alt: '', decorative: false })
  })

  test('the starter images are in the media library, described', async () => {
    const rows = await db.selectFrom('media').select(['alt', 'decorative', 'created_by']).where('alt', 'like', 'Drawing of%').execute()
    expect(rows.length).toBeGreaterThanOrEqual(4)
    expect(rows.every((row) => !readBool(row.decorative) && row.created_by === null)).toBe(true)
  })
})
