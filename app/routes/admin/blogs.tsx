import { CalendarDays, Eye, History } from 'lucide-react'
import { useState } from 'react'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { AdminListPage, ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { BlogDialog } from '#app/components/admin/blog-dialog.tsx'
import { BlogHistoryDialog } from '#app/components/admin/blog-history-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { createBlogPost, deleteBlogPost, publicationFromForm, updateBlogPost } from '#app/domain/blog/blog-admin.server.ts'
import { BLOG_MESSAGES, blogActionSchema } from '#app/domain/blog/blog.schema.ts'
import { listBlogPosts } from '#app/domain/blog/blog.server.ts'
import { excerptOf, type BlogPost } from '#app/domain/blog/blog.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { PublicationBadge } from '#app/components/admin/publication-badge.tsx'
import { formatDate } from '#app/lib/format.ts'
import { listNoMatchText, listSearchText } from '#app/lib/list-search.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import type { Route } from './+types/blogs.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const search = listSearchText(request.url)
  return { posts: await listBlogPosts({ search }), search }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(blogActionSchema, request, Object.fromEntries)
    if (submission.intent === 'delete') {
      await deleteBlogPost(submission.id)
      return BLOG_MESSAGES.deleted
    }
    const post = { ...submission, publication: publicationFromForm(submission) }
    if (submission.intent === 'create') {
      await createBlogPost(post, { authorId: staff.userId })
      return BLOG_MESSAGES.created
    }
    await updateBlogPost(submission.id, post, { authorId: staff.userId })
    return BLOG_MESSAGES.updated
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Blogs | Admin Panel' }]

export default function BlogsAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Blogs Management"
      description="Posts for the public blog, newest first."
      addLabel="Add Blog"
      emptyText={loaderData.search ? listNoMatchText('posts', loaderData.search) : 'No blog posts yet.'}
      items={loaderData.posts}
      listClassName="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
      renderItem={(post, controls) => <BlogAdminCard post={post} controls={controls} />}
      renderDialog={(post, close) => <BlogDialog post={post} onClose={close} />}
    >
      <AdminListSearch label="Search posts by title" query={loaderData.search} />
    </AdminListPage>
  )
}

function BlogAdminCard({ post, controls }: { post: BlogPost; controls: ItemControls }) {
  const { timeZone } = useSite()
  const [historyOpen, setHistoryOpen] = useState(false)
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
              <PublicationBadge item={post} />
            </p>
          </div>
          <ItemActions
            name={post.title}
            confirmQuestion={BLOG_MESSAGES.confirmDelete}
            controls={controls}
            before={
              <>
                <Button asChild variant="ghost" size="icon">
                  <a href={`/preview/posts/${post.id}`} target="_blank" rel="noopener" aria-label={`Preview ${post.title} (opens in a new tab)`}>
                    <Eye aria-hidden />
                  </a>
                </Button>
                <Button variant="ghost" size="icon" aria-label={`History of ${post.title}`} onClick={() => setHistoryOpen(true)}>
                  <History aria-hidden />
                </Button>
              </>
            }
          />
        </div>
        <p className="line-clamp-3 text-sm text-muted-foreground">{excerptOf(post)}</p>
        {historyOpen ? <BlogHistoryDialog post={post} onClose={() => setHistoryOpen(false)} /> : null}
      </CardContent>
    </Card>
  )
}
