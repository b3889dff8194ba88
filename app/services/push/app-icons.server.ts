import { LRUCache } from 'lru-cache'
import { getSiteShell } from '#app/domain/section/site-shell.server.ts'
import { hslToHex } from '#app/domain/theme/color-space.ts'
import { getActiveTheme } from '#app/domain/theme/theme.server.ts'
import { loadSharp } from '#app/lib/uploads/image-tool.server.ts'
import { MAX_IMAGE_PIXELS } from '#app/lib/uploads/upload-rules.ts'
import { storedBytes } from '#app/services/share-images/share-image.server.ts'

/** The icons a phone or browser puts on its home screen: the manifest's two, and Apple's own size. */
export const APP_ICONS = {
  'icon-192.png': 192,
  'icon-512.png': 512,
  'apple-touch-icon.png': 180,
} as const
export type AppIconName = keyof typeof APP_ICONS

export function isAppIconName(name: string): name is AppIconName {
  return Object.hasOwn(APP_ICONS, name)
}

/** The colours of the manifest and the icons: the active theme's. */
export async function appColors() {
  const theme = await getActiveTheme()
  return { background: hslToHex(theme.colors.background) ?? '#ffffff', primary: hslToHex(theme.colors.primary) ?? '#1b4f98' }
}

/**
 * Made once per logo, colours and size and kept: the keys are bounded by
 * the site's own settings, never by what a visitor asks for. A failed
 * render is forgotten.
 */
const rendered = new LRUCache<string, Promise<Uint8Array>>({ max: 12 })

/** A graduation cap (lucide's), white on the primary colour: the icon of a school without a logo. */
function plainIconSvg(size: number, primary: string) {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24">
<rect width="24" height="24" fill="${primary}"/>
<g transform="translate(4.8 4.8) scale(0.6)" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
<path d="M21.42 10.922a1 1 0 0 0-.019-1.838L12.83 5.18a2 2 0 0 0-1.66 0L2.6 9.08a1 1 0 0 0 0 1.832l8.57 3.908a2 2 0 0 0 1.66 0z"/>
<path d="M22 10v6"/>
<path d="M6 12.5V16a6 3 0 0 0 12 0v-3.5"/>
</g>
</svg>`)
}

/**
 * The logo centred on the page colour with a margin (home screens cut icons
 * to circles and rounded squares, and Apple's may not be transparent), or
 * the plain icon when there is no logo or it cannot be read.
 */
async function renderIcon(logo: Buffer | null, size: number, colors: { background: string; primary: string }): Promise<Uint8Array> {
  const sharp = await loadSharp()
  if (logo) {
    try {
      const inner = Math.round(size * 0.7)
      const fitted = await sharp(logo, { limitInputPixels: MAX_IMAGE_PIXELS }).resize({ width: inner, height: inner, fit: 'inside' }).png().toBuffer({ resolveWithObject: true })
      return await sharp({ create: { width: size, height: size, channels: 3, background: colors.background } })
        .composite([{ input: fitted.data, left: Math.round((size - fitted.info.width) / 2), top: Math.round((size - fitted.info.height) / 2) }])
        .png()
        .toBuffer()
    } catch {
      // An unreadable logo still leaves the site an icon.
    }
  }
  return sharp(plainIconSvg(size, colors.primary)).flatten({ background: colors.primary }).png().toBuffer()
}

/** The PNG of one app icon at its size. */
export async function appIcon(name: AppIconName): Promise<Uint8Array> {
  const size = APP_ICONS[name]
  const [shell, colors] = await Promise.all([getSiteShell(), appColors()])
  const key = `${size} ${shell.logo ?? ''} ${colors.background} ${colors.primary}`
  let icon = rendered.get(key)
  if (!icon) {
    const logo = shell.logo ? await storedBytes(shell.logo) : null
    icon = renderIcon(logo, size, colors)
    rendered.set(key, icon)
    icon.catch(() => rendered.delete(key))
  }
  return icon
}

/** The web app manifest: the school's name and colours, opening on the home page like an app. */
export async function webAppManifest() {
  const [shell, colors] = await Promise.all([getSiteShell(), appColors()])
  return {
    name: shell.title,
    short_name: shell.title.length <= 12 ? shell.title : (shell.title.split(/\s+/)[0] ?? shell.title).slice(0, 12),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: colors.background,
    theme_color: colors.primary,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    ],
  }
}
