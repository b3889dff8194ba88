import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { createBlogPost } from '#app/domain/blog/blog-admin.server.ts'
import { imageUses } from '#app/domain/media/image-uses.server.ts'
import { saveSectionContent } from '#app/domain/section/section-admin.server.ts'
import { hslToHex } from '#app/domain/theme/color-space.ts'
import { getActiveTheme } from '#app/domain/theme/theme.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { storeImage } from '#app/lib/uploads/uploads.server.ts'
import { loader } from '#app/routes/share-image.ts'
import { pictureShareImage } from '#app/services/share-images/share-image.server.ts'
import { seedBaseContent } from '#app/services/seed/seed.ts'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()
beforeAll(async () => {
  await seedBaseContent(db, storage)
})

/** A portrait photo: red in its top fifth (the faces), blue below. */
async function portraitPhoto() {
  const red = await sharp({ create: { width: 600, height: 240, channels: 3, background: '#ff0000' } }).png().toBuffer()
  return new Uint8Array(
    await sharp({ create: { width: 600, height: 1200, channels: 3, background: '#0000ff' } })
      .composite([{ input: red, top: 0, left: 0 }])
      .png()
      .toBuffer(),
  )
}

async function shareImage(name: string) {
  const response = await loader({ params: { '*': name } } as unknown as Parameters<typeof loader>[0])
  const bytes = Buffer.from(await response.arrayBuffer())
  return { response, bytes }
}

async function pixel(bytes: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return [data[at]!, data[at + 1]!, data[at + 2]!]
}

const near = (actual: number[], hex: string) => {
  const expected = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16))
  return actual.every((value, index) => Math.abs(value - expected[index]!) < 24)
}

const post = (overrides: Partial<Parameters<typeof createBlogPost>[0]> = {}) =>
  createBlogPost({ title: 'Trip to the coast', slug: `coast-${newId().slice(0, 8)}`, excerpt: null, content: '<p>Sand.</p>', removeCover: false, coverFile: null, coverAlt: 'Pupils on the sand', ...overrides })

describe(`share images on ${database.engine}`, () => {
  test("a post's share image is its cover as a 1200×630 JPEG; a draft has none", async () => {
    const cover = new File([await portraitPhoto()], 'trip.png', { type: 'image/png' })
    const published = await post({ coverFile: cover })
    const { response, bytes } = await shareImage(`posts/${published.slug}.jpg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })

    const draft = await post({ coverFile: new File([await portraitPhoto()], 'draft.png', { type: 'image/png' }), publication: { state: 'draft' } })
    expect((await shareImage(`posts/${draft.slug}.jpg`)).response.status).toBe(404)
    expect((await shareImage('posts/no-such-post.jpg')).response.status).toBe(404)
    expect((await shareImage('../files/gallery/x.jpg')).response.status).toBe(404)
  })

  test('the crop follows the focal point: near the top of a portrait photo it keeps the top', async () => {
    const url = await storeImage(storage, 'blogs', await portraitPhoto())
    const centred = await pictureShareImage(url)
    const top = await pictureShareImage(url, { x: 0.5, y: 0.05 })
    expect(near(await pixel(centred!, 600, 10), '#0000ff')).toBe(true)
    expect(near(await pixel(top!, 600, 10), '#ff0000')).toBe(true)
    expect(await pictureShareImage('https://elsewhere.example/photo.jpg')).toBeNull()
  })

  test("pages without a picture share the site's card: the logo above a band of the theme's primary colour", async () => {
    const primary = hslToHex((await getActiveTheme()).colors.primary)!
    const logo = await storeImage(storage, 'uploads', new Uint8Array(await sharp({ create: { width: 400, height: 200, channels: 3, background: '#00aa00' } }).png().toBuffer()))
    await saveSectionContent('home.logos', { image: logo, title: 'Hillside School', hoverText: 'Home' })
    const noCover = await post()
    for (const name of ['site.jpg', `posts/${noCover.slug}.jpg`]) {
      const { response, bytes } = await shareImage(name)
      expect(response.headers.get('content-type')).toBe('image/jpeg')
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
      expect(near(await pixel(bytes, 600, 620), primary)).toBe(true)
      expect(near(await pixel(bytes, 600, 270), '#00aa00')).toBe(true)
    }
  })

  test('a link preview image chosen in the header section replaces the card, cut around its focal point; it counts as a use', async () => {
    const logo = await storeImage(storage, 'uploads', new Uint8Array(await sharp({ create: { width: 400, height: 200, channels: 3, background: '#00aa00' } }).png().toBuffer()))
    const chosen = await storeImage(storage, 'uploads', await portraitPhoto())
    await db.insertInto('media').values({ id: newId(), url: chosen, file_name: 'open-day.png', alt: 'Open day', decorative: false, focal_x: 0.5, focal_y: 0.05, created_by: null, created_at: new Date().toISOString() }).execute()
    await saveSectionContent('home.logos', { image: logo, title: 'Hillside School', hoverText: 'Home', shareImage: chosen })
    const noCover = await post()
    for (const name of ['site.jpg', `posts/${noCover.slug}.jpg`]) {
      const { bytes } = await shareImage(name)
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
      // The focal point is in the red top of the portrait: the crop keeps it.
      expect(near(await pixel(bytes, 600, 10), '#ff0000')).toBe(true)
    }
    expect(await imageUses(chosen)).toEqual(['link preview image'])
    await saveSectionContent('home.logos', { image: logo, title: 'Hillside School', hoverText: 'Home', shareImage: '' })
    expect(near(await pixel((await shareImage('site.jpg')).bytes, 600, 270), '#00aa00')).toBe(true)
  })
})
