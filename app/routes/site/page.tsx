import { data, redirect } from 'react-router'
import { NotFoundMessage } from '#app/components/site/not-found-message.tsx'
import { PageArticle } from '#app/components/site/page-article.tsx'
import { coverAltOf, plainText } from '#app/domain/blog/blog.ts'
import { pageAddress } from '#app/domain/page/page-address.ts'
import { getPublicPageBySlug } from '#app/domain/page/page.server.ts'
import { sanitizeHtmlForDisplay } from '#app/lib/html-sanitizer.server.ts'
import { absoluteUrl, jsonLd, pageMeta } from '#app/lib/seo.ts'
import { pageShareImagePath } from '#app/lib/share-images.ts'
import type { Route } from './+types/page.ts'

/** How much of the text stands in for a missing SEO description: what search engines show. */
const DESCRIPTION_FALLBACK_LENGTH = 160

/**
 * `/{slug}` (a top-level page) and `/{parent}/{slug}` (a child page under its
 * own parent), served by both routes `routes/site/page` and
 * `routes/site/child-page`. Every fixed address of the site wins over these
 * (app/routes.ts), and a page cannot take one (docs/product-rules.md#pages).
 * An address no visitor may see answers the site's usual 404; a child page
 * asked for at `/{slug}` alone moves for good to its real address.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const found = await getPublicPageBySlug(params.slug)
  const askedParent = 'parent' in params && typeof params.parent === 'string' ? params.parent : null
  if (!found) return data({ found: null }, { status: 404 })
  const parentSlug = found.parent?.slug ?? null
  if (askedParent !== parentSlug) {
    if (askedParent === null && parentSlug !== null) throw redirect(pageAddress({ slug: found.page.slug, parentSlug }), 301)
    return data({ found: null }, { status: 404 })
  }
  return { found: { ...found, page: { ...found.page, content: sanitizeHtmlForDisplay(found.page.content) } } }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const found = loaderData?.found
  if (!found) return [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }]
  const { page, parent } = found
  const siteUrl = matches[0]?.loaderData?.siteUrl ?? ''
  const path = pageAddress({ slug: page.slug, parentSlug: parent?.slug ?? null })
  const description = page.seoDescription || plainText(page.content).slice(0, DESCRIPTION_FALLBACK_LENGTH) || page.title
  return pageMeta(matches, {
    title: page.title,
    description,
    path,
    ...(page.coverImage ? { image: { path: pageShareImagePath(page.slug, page.updatedAt), alt: coverAltOf(page) || page.title } } : {}),
    extra: [
      { property: 'article:modified_time', content: page.updatedAt },
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        name: page.title,
        description,
        dateModified: page.updatedAt,
        url: absoluteUrl(siteUrl, path),
        ...(parent
          ? {
              breadcrumb: {
                '@type': 'BreadcrumbList',
                itemListElement: [
                  { '@type': 'ListItem', position: 1, name: 'Home', item: absoluteUrl(siteUrl, '/') },
                  { '@type': 'ListItem', position: 2, name: parent.title, item: absoluteUrl(siteUrl, pageAddress({ slug: parent.slug, parentSlug: null })) },
                  { '@type': 'ListItem', position: 3, name: page.title, item: absoluteUrl(siteUrl, path) },
                ],
              },
            }
          : {}),
      }),
    ],
  })
}

export default function SchoolPage({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData
  if (!found) return <NotFoundMessage className="min-h-[60vh]" />
  return <PageArticle page={found.page} parent={found.parent} children={found.children} />
}
