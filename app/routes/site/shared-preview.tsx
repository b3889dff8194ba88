import { data, redirect } from 'react-router'
import { BlogPostArticle } from '#app/components/site/blog-post-article.tsx'
import { PageArticle } from '#app/components/site/page-article.tsx'
import { PreviewBanner } from '#app/components/site/preview-banner.tsx'
import { getBlogPost } from '#app/domain/blog/blog.server.ts'
import { pageAddress } from '#app/domain/page/page-address.ts'
import { getPageWithFamily } from '#app/domain/page/page.server.ts'
import { PUBLICATION_MESSAGES, publicationState } from '#app/domain/publishing/publication.ts'
import { sanitizeHtmlForDisplay } from '#app/lib/html-sanitizer.server.ts'
import { blogPostPath } from '#app/services/feeds/feed-paths.ts'
import { findPreviewLink, type PreviewTarget } from '#app/services/publishing/preview-links.server.ts'
import type { Route } from './+types/shared-preview.ts'

/** What a link shows, ready to render, with its state and where it lives once public; null when it is gone. */
async function previewOf(target: PreviewTarget) {
  if (target.subject === 'pages') {
    const found = await getPageWithFamily(target.id)
    if (!found) return null
    const page = { ...found.page, content: sanitizeHtmlForDisplay(found.page.content) }
    const address = pageAddress({ slug: page.slug, parentSlug: found.parent?.slug ?? null })
    return { shown: { kind: 'page' as const, page, parent: found.parent, children: found.children, state: publicationState(page) }, address }
  }
  const post = await getBlogPost(target.id)
  if (!post) return null
  return { shown: { kind: 'post' as const, post: { ...post, content: sanitizeHtmlForDisplay(post.content) }, state: publicationState(post) }, address: blogPostPath(post.slug) }
}

/**
 * A shared preview: the post or page as it is now, to whoever has the link,
 * until it expires. Once it is public the link leads to its address.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const link = await findPreviewLink(params.token)
  const found = link ? await previewOf(link.target) : null
  if (!link || !found) return data({ preview: null }, { status: 404 })
  if (found.shown.state === 'published') throw redirect(found.address)
  return { preview: { ...found.shown, expiresAt: link.expiresAt } }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const preview = loaderData?.preview
  const title = preview ? (preview.kind === 'page' ? preview.page.title : preview.post.title) : null
  return [{ title: title ? `Preview: ${title}` : 'Preview not found' }, { name: 'robots', content: 'noindex, nofollow' }]
}

export default function SharedPreview({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData
  if (!preview) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{PUBLICATION_MESSAGES.previewExpired}</h1>
      </div>
    )
  }
  if (preview.kind === 'page') {
    return (
      <>
        <PreviewBanner state={preview.state} publishedAt={preview.page.publishedAt} sharedUntil={preview.expiresAt} noun="page" />
        <PageArticle page={preview.page} parent={preview.parent} children={preview.children} />
      </>
    )
  }
  return (
    <>
      <PreviewBanner state={preview.state} publishedAt={preview.post.publishedAt} sharedUntil={preview.expiresAt} />
      <BlogPostArticle post={preview.post} />
    </>
  )
}
