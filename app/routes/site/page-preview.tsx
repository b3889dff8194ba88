import { PageArticle } from '#app/components/site/page-article.tsx'
import { PreviewBanner } from '#app/components/site/preview-banner.tsx'
import { PAGE_MESSAGES } from '#app/domain/page/page.schema.ts'
import { getPage, getPageWithFamily } from '#app/domain/page/page.server.ts'
import { publicationState } from '#app/domain/publishing/publication.ts'
import { sanitizeHtmlForDisplay } from '#app/lib/html-sanitizer.server.ts'
import { requireRole } from '#app/services/permissions.server.ts'
import { answerPreviewLinkAction, countPreviewLinks } from '#app/services/publishing/preview-links.server.ts'
import type { Route } from './+types/page-preview.ts'

/** A page as visitors will see it, drafts and scheduled ones included: for signed-in staff only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'editor')
  const found = await getPageWithFamily(params.id)
  if (!found) throw Response.json({ error: PAGE_MESSAGES.notFound }, { status: 404 })
  return { found: { ...found, page: { ...found.page, content: sanitizeHtmlForDisplay(found.page.content) } }, state: publicationState(found.page), sharedLinks: await countPreviewLinks({ subject: 'pages', id: found.page.id }) }
}

/** Shares a link anyone can open, until it expires, to see this page as it is then; or revokes the links shared so far. */
export async function action({ request, params }: Route.ActionArgs) {
  await requireRole(request, 'editor')
  return answerPreviewLinkAction(request, { subject: 'pages', id: params.id }, { exists: async () => Boolean(await getPage(params.id)), notFound: PAGE_MESSAGES.notFound })
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Preview: ${loaderData?.found.page.title ?? 'Page'}` }, { name: 'robots', content: 'noindex, nofollow' }]
}

export default function PagePreview({ loaderData }: Route.ComponentProps) {
  const { found, state, sharedLinks } = loaderData
  return (
    <>
      <PreviewBanner state={state} publishedAt={found.page.publishedAt} sharedLinks={sharedLinks} noun="page" />
      <PageArticle page={found.page} parent={found.parent} children={found.children} />
    </>
  )
}
