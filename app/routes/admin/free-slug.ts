import { z } from 'zod'
import { suggestBlogPostSlug } from '#app/domain/blog/blog-admin.server.ts'
import { suggestPageSlug } from '#app/domain/page/page-admin.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/free-slug.ts'

const suggestionSchema = z.object({
  subject: z.enum(['pages', 'blogs'], { error: 'Ask for a page\'s or a post\'s slug.' }),
  title: z.string({ error: 'Give the title to make the slug from.' }).max(500, 'Give the title to make the slug from.'),
  exceptId: z.string().max(64).optional(),
})

/** The slug the editor proposes while a new page's or post's title is typed: free of other items and of the site's addresses. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const query = suggestionSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!query.success) return Response.json({ error: query.error.issues[0]?.message }, { status: 400 })
  const { subject, title, exceptId } = query.data
  const slug = subject === 'pages' ? await suggestPageSlug(title, exceptId) : await suggestBlogPostSlug(title, exceptId)
  return Response.json({ title, slug: slug ?? '' }, { headers: { 'Cache-Control': 'private, no-store' } })
}
