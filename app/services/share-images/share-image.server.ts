import { buffer } from 'node:stream/consumers'
import { LRUCache } from 'lru-cache'
import type { OverlayOptions, Sharp } from 'sharp'
import { imageDescriptions } from '#app/domain/media/media.server.ts'
import { getSiteShell } from '#app/domain/section/site-shell.server.ts'
import { hslToHex } from '#app/domain/theme/color-space.ts'
import { getActiveTheme } from '#app/domain/theme/theme.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { loadSharp } from '#app/lib/uploads/image-tool.server.ts'
import { MAX_IMAGE_PIXELS } from '#app/lib/uploads/upload-rules.ts'
import { SHARE_IMAGE } from '#app/lib/share-images.ts'
import { CENTRE, cropAround, type FocalPoint } from './share-image-crop.ts'

/**
 * Made once per source and kept: a crawler asking again costs nothing, and
 * the keys are bounded by the site's own images (a post's cover, the hero,
 * the logo), never by what a visitor types. A failed render is forgotten.
 */
const rendered = new LRUCache<string, Promise<Uint8Array>>({ max: 100 })

function once(key: string, render: () => Promise<Uint8Array>): Promise<Uint8Array> {
  let image = rendered.get(key)
  if (!image) {
    image = render()
    rendered.set(key, image)
    image.catch(() => rendered.delete(key))
  }
  return image
}

/** The bytes of one of this site's stored files; null for an address elsewhere (never fetched) or a file gone. */
export async function storedBytes(url: string): Promise<Buffer | null> {
  const location = parsePublicUrl(url)
  const object = location ? await storage.get(location.bucket, location.key) : null
  return object ? buffer(object.body) : null
}

const toJpeg = (image: Sharp) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer()

async function renderCover(bytes: Buffer, focal: FocalPoint): Promise<Uint8Array> {
  const sharp = await loadSharp()
  const { width = SHARE_IMAGE.width, height = SHARE_IMAGE.height } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()
  const { resized, left, top } = cropAround(width, height, focal)
  return toJpeg(
    sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).resize(resized.width, resized.height, { fit: 'fill' }).extract({ left, top, width: SHARE_IMAGE.width, height: SHARE_IMAGE.height }),
  )
}

/** The share image of a picture: cut around its focal point; null when it is not one of this site's stored images. */
export async function pictureShareImage(url: string, focal: FocalPoint = CENTRE): Promise<Uint8Array | null> {
  const key = `picture ${url} ${focal.x} ${focal.y}`
  if (rendered.has(key)) return rendered.get(key)!
  const bytes = await storedBytes(url)
  return bytes ? once(key, () => renderCover(bytes, focal)) : null
}

const BAND_HEIGHT = 90
const LOGO_BOX = { width: 760, height: 380 }

/** The site's card: the logo on the page colour above a band of the primary colour; the band colour alone without a logo. */
async function renderSiteCard(logo: Buffer | null, colors: { page: string; band: string }): Promise<Uint8Array> {
  const sharp = await loadSharp()
  const band = { create: { width: SHARE_IMAGE.width, height: BAND_HEIGHT, channels: 3 as const, background: colors.band } }
  const layers: OverlayOptions[] = [{ input: band, top: SHARE_IMAGE.height - BAND_HEIGHT, left: 0 }]
  if (logo) {
    const fitted = await sharp(logo, { limitInputPixels: MAX_IMAGE_PIXELS }).resize({ ...LOGO_BOX, fit: 'inside' }).png().toBuffer({ resolveWithObject: true })
    const left = Math.round((SHARE_IMAGE.width - fitted.info.width) / 2)
    const top = Math.round((SHARE_IMAGE.height - BAND_HEIGHT - fitted.info.height) / 2)
    layers.push({ input: fitted.data, left, top })
  }
  const page = logo ? colors.page : colors.band
  return toJpeg(sharp({ create: { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, channels: 3, background: page } }).composite(layers))
}

/**
 * The default share image, for pages without a picture of their own: the
 * one chosen in the header section (cut around its focal point), else made
 * from the logo and the active theme's colours.
 */
export async function siteShareImage(): Promise<Uint8Array> {
  const [shell, theme] = await Promise.all([getSiteShell(), getActiveTheme()])
  if (shell.shareImage) {
    const chosen = await pictureShareImage(shell.shareImage, (await imageDescriptions([shell.shareImage])).get(shell.shareImage)?.focal)
    if (chosen) return chosen
  }
  const colors = { page: hslToHex(theme.colors.background) ?? '#ffffff', band: hslToHex(theme.colors.primary) ?? '#1b4f98' }
  const key = `site ${shell.logo ?? ''} ${colors.page} ${colors.band}`
  if (rendered.has(key)) return rendered.get(key)!
  const logo = shell.logo ? await storedBytes(shell.logo) : null
  return once(key, () => renderSiteCard(logo, colors))
}
