import { BlogPostArticle } from '#app/components/site/blog-post-article.tsx'
import { PreviewBanner } from '#app/components/site/preview-banner.tsx'
import { getBlogPost } from '#app/domain/blog/blog.server.ts'
import { BLOG_MESSAGES } from '#app/domain/blog/blog.schema.ts'
import { PUBLICATION_MESSAGES, publicationState } from '#app/domain/publishing/publication.ts'
import { answerAction } from '#app/lib/action.server.ts'
import { config } from '#app/lib/env.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { sanitizeHtmlForDisplay } from '#app/lib/html-sanitizer.server.ts'
import { requireRole } from '#app/services/permissions.server.ts'
import { createPreviewLink } from '#app/services/publishing/preview-links.server.ts'
import type { Route } from './+types/post-preview.ts'

/** A post as visitors will see it, drafts and scheduled ones included: for signed-in staff only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'editor')
  const post = await getBlogPost(params.id)
  if (!post) throw Response.json({ error: BLOG_MESSAGES.notFound }, { status: 404 })
  return { post: { ...post, content: sanitizeHtmlForDisplay(post.content) }, state: publicationState(post) }
}

/** Makes a link anyone can open, until it expires, to see this post as it is then. */
export async function action({ request, params }: Route.ActionArgs) {
  await requireRole(request, 'editor')
  return answerAction(async () => {
    if (!(await getBlogPost(params.id))) throw DomainError.notFound(BLOG_MESSAGES.notFound)
    const { token, expiresAt } = await createPreviewLink({ subject: 'blogs', id: params.id })
    return { ok: true as const, message: PUBLICATION_MESSAGES.previewLinkCreated, url: `${config.publicUrl}/preview/${token}`, expiresAt }
  })
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Preview: ${loaderData?.post.title ?? 'Blog post'}` }, { name: 'robots', content: 'noindex, nofollow' }]
}

export default function PostPreview({ loaderData }: Route.ComponentProps) {
  const { post, state } = loaderData
  return (
    <>
      <PreviewBanner state={state} publishedAt={post.publishedAt} />
      <BlogPostArticle post={post} />
    </>
  )
}
