import type { MetaDescriptor } from 'react-router'

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
  /** Absolute or site-relative image for link previews. */
  image?: string | null
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
export function pageMeta(matches: readonly (MetaMatch | undefined)[], input: PageMetaInput): MetaDescriptor[] {
  const { siteUrl, siteName } = siteFrom(matches)
  const title = input.title ? `${input.title} | ${siteName}` : siteName
  const url = absoluteUrl(siteUrl, input.path)
  const image = input.image ? absoluteUrl(siteUrl, input.image) : null
  return [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: siteName },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: input.title ?? siteName },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: input.title ?? siteName },
    { name: 'twitter:description', content: input.description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
    ...(input.extra ?? []),
  ]
}

/** A schema.org JSON-LD block as a meta descriptor (React Router renders it as a script tag). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { 'script:ld+json': data }
}
