import { data, redirect } from 'react-router'
import { BlogPostArticle } from '#app/components/site/blog-post-article.tsx'
import { PreviewBanner } from '#app/components/site/preview-banner.tsx'
import { getBlogPost } from '#app/domain/blog/blog.server.ts'
import { PUBLICATION_MESSAGES, publicationState } from '#app/domain/publishing/publication.ts'
import { sanitizeHtml } from '#app/lib/html-sanitizer.server.ts'
import { blogPostPath } from '#app/services/feeds/feed-paths.ts'
import { findPreviewLink } from '#app/services/publishing/preview-links.server.ts'
import type { Route } from './+types/shared-preview.ts'

/**
 * A shared preview: the post as it is now, to whoever has the link, until it
 * expires. Once the post is public the link leads to its page.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const link = await findPreviewLink(params.token)
  const post = link ? await getBlogPost(link.target.id) : null
  if (!link || !post) return data({ preview: null }, { status: 404 })
  const state = publicationState(post)
  if (state === 'published') throw redirect(blogPostPath(post.slug))
  return { preview: { post: { ...post, content: sanitizeHtml(post.content) }, state, expiresAt: link.expiresAt } }
}

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.preview ? `Preview: ${loaderData.preview.post.title}` : 'Preview not found' }, { name: 'robots', content: 'noindex, nofollow' }]
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
  return (
    <>
      <PreviewBanner state={preview.state} publishedAt={preview.post.publishedAt} sharedUntil={preview.expiresAt} />
      <BlogPostArticle post={preview.post} />
    </>
  )
}
