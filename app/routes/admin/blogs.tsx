import { CalendarDays } from 'lucide-react'
import { AdminListPage, ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { BlogDialog } from '#app/components/admin/blog-dialog.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { createBlogPost, deleteBlogPost, updateBlogPost } from '#app/domain/blog/blog-admin.server.ts'
import { BLOG_MESSAGES, blogActionSchema } from '#app/domain/blog/blog.schema.ts'
import { listBlogPosts } from '#app/domain/blog/blog.server.ts'
import { excerptOf, type BlogPost } from '#app/domain/blog/blog.ts'
import { parseForm, refused, succeeded } from '#app/lib/action.server.ts'
import { formatDate } from '#app/lib/format.ts'
import { requireStaff } from '#app/lib/permissions.server.ts'
import { chosenFile } from '#app/lib/uploads/upload-rules.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'
import { checkImageUpload } from '#app/lib/uploads/uploads.server.ts'
import { useSite } from '#app/lib/use-site.ts'
import type { Route } from './+types/blogs.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  return { posts: await listBlogPosts() }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  const parsed = await parseForm(blogActionSchema, request, Object.fromEntries)
  if (!parsed.ok) return parsed.response
  const submission = parsed.data
  if (submission.intent === 'delete') {
    if (!(await deleteBlogPost(submission.id))) return refused(BLOG_MESSAGES.notFound, 404)
    return succeeded(BLOG_MESSAGES.deleted)
  }
  const file = chosenFile(submission.coverFile)
  const cover = file ? await checkImageUpload(file) : null
  if (cover && !cover.ok) return refused(cover.error, 400, { coverFile: cover.error })
  const input = { ...submission, coverBytes: cover?.value ?? null }
  const result = submission.intent === 'create' ? await createBlogPost(input) : await updateBlogPost(submission.id, input)
  if (!result.ok) return refused(result.error, result.status, result.field ? { [result.field]: result.error } : {})
  return succeeded(submission.intent === 'create' ? BLOG_MESSAGES.created : BLOG_MESSAGES.updated)
}

export const meta: Route.MetaFunction = () => [{ title: 'Blogs | Admin Panel' }]

export default function BlogsAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Blogs Management"
      description="Posts for the public blog, newest first."
      addLabel="Add Blog"
      emptyText="No blog posts yet."
      items={loaderData.posts}
      listClassName="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
      renderItem={(post, controls) => <BlogAdminCard post={post} controls={controls} />}
      renderDialog={(post, close) => <BlogDialog post={post} onClose={close} />}
    />
  )
}

function BlogAdminCard({ post, controls }: { post: BlogPost; controls: ItemControls }) {
  const { timeZone } = useSite()
  return (
    <Card className="h-full gap-4 overflow-hidden pt-0">
      {post.coverImage ? (
        <img
          src={post.coverImage}
          srcSet={imageSrcSet(post.coverImage)}
          sizes="(min-width: 1280px) 25vw, (min-width: 768px) 40vw, 100vw"
          alt=""
          loading="lazy"
          className="aspect-video w-full object-cover"
        />
      ) : null}
      <CardContent className="space-y-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0 space-y-1">
            <h2 className="font-semibold break-words">{post.title}</h2>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarDays aria-hidden className="size-4 shrink-0" />
              <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, timeZone)}</time>
            </p>
          </div>
          <ItemActions name={post.title} confirmQuestion={BLOG_MESSAGES.confirmDelete} controls={controls} />
        </div>
        <p className="line-clamp-3 text-sm text-muted-foreground">{excerptOf(post)}</p>
      </CardContent>
    </Card>
  )
}
