/** Link previews (Open Graph) are shown at 1.91:1; 1200×630 is the size every major network asks for. */
export const SHARE_IMAGE = { width: 1200, height: 630, contentType: 'image/jpeg' } as const

/** Where the link-preview images live: pages link to them, the share-image route answers them. */
export const SHARE_IMAGES_PREFIX = '/share-images/'
export const SITE_SHARE_IMAGE_PATH = `${SHARE_IMAGES_PREFIX}site.jpg`
export const HOME_SHARE_IMAGE_PATH = `${SHARE_IMAGES_PREFIX}home.jpg`

/** A page's share image (its slug is unique across pages, whatever its parent); `v` as for posts. */
export function pageShareImagePath(slug: string, updatedAt: string) {
  return `${SHARE_IMAGES_PREFIX}pages/${encodeURIComponent(slug)}.jpg?v=${Date.parse(updatedAt) || 0}`
}

/** A post's share image; `v` changes with the post, so a network that cached the old one asks again. */
export function postShareImagePath(slug: string, updatedAt: string) {
  return `${SHARE_IMAGES_PREFIX}posts/${encodeURIComponent(slug)}.jpg?v=${Date.parse(updatedAt) || 0}`
}
