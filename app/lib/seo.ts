import type { MetaDescriptor } from 'react-router'
import { SHARE_IMAGE, SITE_SHARE_IMAGE_PATH } from './share-images.ts'

interface MetaMatch {
  id: string
  loaderData?: unknown
}

interface PageMetaInput {
  /** The page's own title; omit on the home page, whose title is the school's name. */
  title?: string
  description: string
  /** Path of this page, for the canonical URL and og:url. */
  path: string
  /** The page's link-preview image (a 1200×630 JPEG under /share-images/) and its alt text; the site's card when left out. */
  image?: { path: string; alt: string }
  type?: 'website' | 'article'
  /** Extra tags, e.g. article:published_time. */
  extra?: MetaDescriptor[]
}

function siteFrom(matches: readonly (MetaMatch | undefined)[]) {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as { siteUrl?: string } | undefined
  const layout = matches.find((match) => match?.id === 'routes/site/layout')?.loaderData as
    | { shell?: { title?: string } }
    | undefined
  return { siteUrl: root?.siteUrl ?? '', siteName: layout?.shell?.title ?? 'Our School' }
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string) {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`
}

/**
 * Title, description, canonical URL, Open Graph and Twitter card tags for a
 * public page, so search engines and link previews can read it.
 */
/** The address of a paged list's page, for its canonical link: the plain path is page 1, so each page names itself. */
export function pagedPath(path: string, page: number) {
  return page > 1 ? `${path}?page=${page}` : path
}

export function pageMeta(matches: readonly (MetaMatch | undefined)[], input: PageMetaInput): MetaDescriptor[] {
  const { siteUrl, siteName } = siteFrom(matches)
  const title = input.title ? `${input.title} | ${siteName}` : siteName
  const url = absoluteUrl(siteUrl, input.path)
  const image = absoluteUrl(siteUrl, input.image?.path ?? SITE_SHARE_IMAGE_PATH)
  const imageAlt = input.image?.alt ?? siteName
  return [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: siteName },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: input.title ?? siteName },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: SHARE_IMAGE.contentType },
    { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
    { property: 'og:image:alt', content: imageAlt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: input.title ?? siteName },
    { name: 'twitter:description', content: input.description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: imageAlt },
    ...(input.extra ?? []),
  ]
}

/** A schema.org JSON-LD block as a meta descriptor (React Router renders it as a script tag). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { 'script:ld+json': data }
}
