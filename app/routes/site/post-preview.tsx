import { BlogPostArticle } from '#app/components/site/blog-post-article.tsx'
import { PreviewBanner } from '#app/components/site/preview-banner.tsx'
import { getBlogPost } from '#app/domain/blog/blog.server.ts'
import { BLOG_MESSAGES } from '#app/domain/blog/blog.schema.ts'
import { publicationState } from '#app/domain/publishing/publication.ts'
import { sanitizeHtmlForDisplay } from '#app/lib/html-sanitizer.server.ts'
import { requireRole } from '#app/services/permissions.server.ts'
import { answerPreviewLinkAction, countPreviewLinks } from '#app/services/publishing/preview-links.server.ts'
import type { Route } from './+types/post-preview.ts'

/** A post as visitors will see it, drafts and scheduled ones included: for signed-in staff only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'editor')
  const post = await getBlogPost(params.id)
  if (!post) throw Response.json({ error: BLOG_MESSAGES.notFound }, { status: 404 })
  return { post: { ...post, content: sanitizeHtmlForDisplay(post.content) }, state: publicationState(post), sharedLinks: await countPreviewLinks({ subject: 'blogs', id: post.id }) }
}

/** Shares a link anyone can open, until it expires, to see this post as it is then; or revokes the links shared so far. */
export async function action({ request, params }: Route.ActionArgs) {
  await requireRole(request, 'editor')
  return answerPreviewLinkAction(request, { subject: 'blogs', id: params.id }, { exists: async () => Boolean(await getBlogPost(params.id)), notFound: BLOG_MESSAGES.notFound })
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Preview: ${loaderData?.post.title ?? 'Blog post'}` }, { name: 'robots', content: 'noindex, nofollow' }]
}

export default function PostPreview({ loaderData }: Route.ComponentProps) {
  const { post, state, sharedLinks } = loaderData
  return (
    <>
      <PreviewBanner state={state} publishedAt={post.publishedAt} sharedLinks={sharedLinks} />
      <BlogPostArticle post={post} />
    </>
  )
}
