import { getPublicBlogPostBySlug } from '#app/domain/blog/blog.server.ts'
import { getPublicPageBySlug } from '#app/domain/page/page.server.ts'
import { imageDescriptions } from '#app/domain/media/media.server.ts'
import { getSectionContent } from '#app/domain/section/section.server.ts'
import { SHARE_IMAGE } from '#app/lib/share-images.ts'
import { pictureShareImage, siteShareImage } from '#app/services/share-images/share-image.server.ts'
import type { Route } from './+types/share-image.ts'

interface Picture {
  url: string
  focal?: { x: number; y: number }
}

/** The picture a page is shared with, or null when it has none (the site's card is used instead); undefined for no such page. */
async function pictureOf(name: string): Promise<Picture | null | undefined> {
  if (name === 'site.jpg') return null
  if (name === 'home.jpg') {
    const url = (await getSectionContent('home.hero'))?.slides[0]?.image
    return url ? { url, focal: (await imageDescriptions([url])).get(url)?.focal } : null
  }
  const pageSlug = /^pages\/([^/]+)\.jpg$/.exec(name)?.[1]
  if (pageSlug !== undefined) {
    const found = await getPublicPageBySlug(pageSlug)
    // Like a post's: nothing public may reveal a page visitors cannot see.
    if (!found) return undefined
    return found.page.coverImage ? { url: found.page.coverImage, focal: found.page.coverFocal } : null
  }
  const slug = /^posts\/([^/]+)\.jpg$/.exec(name)?.[1]
  if (slug === undefined) return undefined
  const post = await getPublicBlogPostBySlug(slug)
  // A draft or scheduled post has no share image yet: nothing public may reveal it.
  if (!post) return undefined
  return post.coverImage ? { url: post.coverImage, focal: post.coverFocal } : null
}

/**
 * `/share-images/site.jpg`, `/share-images/home.jpg`,
 * `/share-images/posts/{slug}.jpg`, `/share-images/pages/{slug}.jpg`: 1200×630 JPEG link previews, the page's
 * picture cut around its focal point, or the site's card.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const picture = await pictureOf(params['*'] ?? '')
  if (picture === undefined) return new Response('Not found', { status: 404 })
  const bytes = (picture ? await pictureShareImage(picture.url, picture.focal) : null) ?? (await siteShareImage())
  return new Response(new Uint8Array(bytes), {
    headers: { 'Content-Type': SHARE_IMAGE.contentType, 'Content-Length': String(bytes.byteLength), 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' },
  })
}
