import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { simplePdf } from '#app/services/seed/simple-pdf.ts'
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { demoRows } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { DEMO_SITE_URL } from './sites.ts'
import { signIn } from './staff.ts'

const storedInFolder = (folder: string) =>
  demoRows<{ title: string | null; image_url: string }>('select title, image_url from gallery where folder = ? order by created_at', folder)

/** A 12 MP camera photo (smooth light with sensor grain) saved at top quality: over 12 MB, more than the server takes. */
async function largeCameraJpeg() {
  const width = 4032
  const height = 3024
  const pixels = Buffer.alloc(width * height * 3)
  let seed = 1
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      const grain = ((seed >>> 24) % 64) - 32
      const at = (y * width + x) * 3
      pixels[at] = Math.min(255, Math.max(0, (x * 255) / width + grain))
      pixels[at + 1] = Math.min(255, Math.max(0, (y * 255) / height + grain))
      pixels[at + 2] = Math.min(255, Math.max(0, 128 + grain))
    }
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer()
  return { name: 'IMG_2045.JPG', mimeType: 'image/jpeg', buffer }
}

test('a batch from a phone: a HEIC photo and a 12 MB JPEG are stored, a PDF renamed .jpg is refused with its reason, each with its progress', async ({ page, expectedFailedUrls }) => {
  test.slow()
  expectedFailedUrls.push('/admin/gallery/upload')
  const folder = `Phones ${Date.now()}`
  const heic = { name: 'IMG_2044.HEIC', mimeType: 'image/heic', buffer: fs.readFileSync(path.join(import.meta.dirname, '../fixtures/iphone-portrait.heic')) }
  const large = await largeCameraJpeg()
  expect(large.buffer.length).toBeGreaterThan(12 * 1024 * 1024)
  const pdf = { name: 'lunch-menu.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(simplePdf('Lunch menu', ['Fish on Friday'])) }

  await signIn(page)
  await page.goto('/admin/gallery')
  await waitForHydration(page, 'main')
  await page.getByRole('button', { name: 'Upload Images' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload Images' })
  await dialog.getByLabel('Images').setInputFiles([heic, large, pdf])
  await dialog.getByLabel('Or create a new folder').fill(folder)
  await dialog.getByLabel('Base title (optional)').fill('Trip')
  const sizes: number[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/admin/gallery/upload')) sizes.push(request.postDataBuffer()?.length ?? 0)
  })
  await dialog.getByRole('button', { name: 'Upload' }).click()

  const files = dialog.getByRole('list', { name: 'Files' })
  await expect(dialog.getByRole('status').filter({ hasText: 'of 3 uploaded' })).toHaveText('2 of 3 uploaded, 1 not uploaded', { timeout: 60_000 })
  await expect(files.getByRole('listitem', { name: 'IMG_2044.HEIC' })).toContainText('Uploaded')
  await expect(files.getByRole('listitem', { name: 'IMG_2045.JPG' })).toContainText('Uploaded')
  await expect(files.getByRole('listitem', { name: 'lunch-menu.jpg' })).toContainText(`Not uploaded: ${UPLOAD_MESSAGES.notAnImage}`)
  await expect(files.getByRole('progressbar', { name: 'IMG_2045.JPG sent' })).toHaveAttribute('aria-valuenow', '100')
  await expect(toast(page, '2 image(s) uploaded successfully')).toBeVisible()
  await expect(toast(page, 'Error').filter({ hasText: '1 image(s) could not be uploaded' })).toBeVisible()
  // The dialog stays with the results; the file choice is cleared so the stored photos are not sent twice.
  await expect(dialog.getByLabel('Images')).toHaveValue('')
  await screenshot(page, 'admin-gallery-batch-result-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'admin-gallery-batch-result-390')

  // The large photo was made smaller in the browser: every request stayed under the server's limit.
  expect(sizes).toHaveLength(3)
  for (const size of sizes) expect(size).toBeLessThan(MAX_IMAGE_BYTES)
  const stored = storedInFolder(folder)
  expect(stored.map((row) => row.title)).toEqual(['Trip 1', 'Trip 2'])
  const [portrait, landscape] = await Promise.all(
    stored.map(async (row) => {
      const response = await page.request.get(row.image_url)
      expect(response.headers()['content-type']).toBe('image/webp')
      const { width, height, exif } = await sharp(await response.body()).metadata()
      return { width, height, exif }
    }),
  )
  expect(portrait).toEqual({ width: 300, height: 400, exif: undefined })
  expect(landscape).toEqual({ width: 1600, height: 1200, exif: undefined })

  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toHaveCount(0)

  // The photo is described, and its focal point set, on its own: the public gallery reads the description and crops around the point.
  await page.setViewportSize({ width: 1280, height: 900 })
  const tile = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Trip 1' })
  await expect(tile).toContainText('No alt text')
  await tile.hover()
  await tile.getByRole('button', { name: 'Edit image Trip 1' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Image' })
  await expect(edit.getByLabel('Title (optional)')).toHaveValue('Trip 1')
  await edit.getByLabel('Alt text', { exact: true }).fill('The sky over the playing field at sunset')
  const focal = edit.getByRole('button', { name: 'Focal point' })
  const box = (await focal.boundingBox())!
  await focal.click({ position: { x: box.width / 2, y: box.height * 0.1 } })
  await screenshot(page, 'admin-gallery-edit-image-1280')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Image updated successfully')).toBeVisible()
  await expect(edit).toHaveCount(0)
  await expect(tile).not.toContainText('No alt text')
  const [described] = demoRows<{ alt: string; focal_y: number }>('select alt, focal_y from gallery where folder = ? and title = ?', folder, 'Trip 1')
  expect(described!.alt).toBe('The sky over the playing field at sunset')
  expect(described!.focal_y).toBeLessThan(0.2)

  // A new album waits for its photos to be checked before visitors see it.
  await page.getByRole('button', { name: `Edit folder ${folder}` }).click()
  const album = page.getByRole('dialog', { name: 'Edit Folder' })
  await album.getByRole('button', { name: 'Publish album' }).click()
  await expect(toast(page, 'Album published')).toBeVisible()

  const visitor = await page.context().browser()!.newPage()
  await visitor.goto(`${DEMO_SITE_URL}/gallery?folder=${encodeURIComponent(folder)}`)
  const photo = visitor.getByRole('main').getByRole('img', { name: 'The sky over the playing field at sunset' })
  await expect(photo).toBeVisible()
  expect(await photo.evaluate((image) => image.style.objectPosition)).toMatch(/^50% 1\d%$/)
  await visitor.close()
})
