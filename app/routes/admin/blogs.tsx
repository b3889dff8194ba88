import { CalendarDays, Eye, FileX, History, Send, Trash2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { z } from 'zod'
import { BulkToolbar, SelectRow, useBulkSelection } from '#app/components/admin/bulk-selection.tsx'
import { ListFilterTabs, publicationFilterChoices } from '#app/components/admin/list-filter-tabs.tsx'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { deleteBlogPosts, listBlogPostsForAdmin, setBlogPostsPublication } from '#app/domain/blog/blog-admin-list.server.ts'
import { BLOG_LIST_FILTER, BLOG_LIST_MESSAGES, type ListedBlogPost } from '#app/domain/blog/blog-admin-list.ts'
import { bulkFormFields } from '#app/lib/list-page.server.ts'
import { bulkIds, readListParams } from '#app/lib/list-params.ts'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { AdminListPage, ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { BlogDialog } from '#app/components/admin/blog-dialog.tsx'
import { BlogHistoryDialog } from '#app/components/admin/blog-history-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { createBlogPost, deleteBlogPost, publicationFromForm, updateBlogPost } from '#app/domain/blog/blog-admin.server.ts'
import { BLOG_MESSAGES, blogActionSchema } from '#app/domain/blog/blog.schema.ts'
import type { BlogPost } from '#app/domain/blog/blog.ts'
import { answerAction, postedForm, validated } from '#app/lib/action.server.ts'
import { PublicationBadge } from '#app/components/admin/publication-badge.tsx'
import { formatDate } from '#app/lib/format.ts'
import { listNoMatchText } from '#app/lib/list-search.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import type { Route } from './+types/blogs.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const { search, filter, page } = readListParams(request.url, BLOG_LIST_FILTER)
  return { ...(await listBlogPostsForAdmin({ search, filter, page })), search, filter }
}

const BULK_INTENTS = ['publish-selected', 'unpublish-selected', 'delete-selected'] as const
const bulkBlogSchema = z.object({ intent: z.enum(BULK_INTENTS), ids: bulkIds })

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'editor')
  return answerAction(async () => {
    const form = await postedForm(request)
    if ((BULK_INTENTS as readonly unknown[]).includes(form.get('intent'))) {
      const { intent, ids } = validated(bulkBlogSchema, bulkFormFields(form))
      if (intent === 'delete-selected') return BLOG_LIST_MESSAGES.deletedMany(await deleteBlogPosts(ids))
      const state = intent === 'publish-selected' ? 'published' : 'draft'
      const changed = await setBlogPostsPublication(ids, state, { authorId: staff.userId })
      return state === 'published' ? BLOG_LIST_MESSAGES.published(changed) : BLOG_LIST_MESSAGES.unpublished(changed)
    }
    const submission = validated(blogActionSchema, Object.fromEntries(form))
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
  const { posts, pages, counts, search, filter } = loaderData
  const selection = useBulkSelection(posts.map((post) => post.id))
  return (
    <AdminListPage<ListedBlogPost, BlogPost>
      title="Blogs Management"
      description="Posts for the public blog, newest first."
      addLabel="Add Blog"
      emptyText={search ? listNoMatchText('posts', search) : BLOG_LIST_MESSAGES.none(filter)}
      items={posts}
      listClassName="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
      renderItem={(post, controls) => <BlogAdminCard post={post} controls={controls} select={<SelectRow selection={selection} id={post.id} label={`Select ${post.title}`} />} />}
      editAddress={(post) => `/admin/blogs/${post.id}`}
      renderDialog={(post: BlogPost | null, close: () => void) => <BlogDialog post={post} onClose={close} />}
      aboveItems={
        <BulkToolbar
          selection={selection}
          thing="post"
          actions={[
            { intent: 'publish-selected', label: 'Publish', icon: <Send aria-hidden /> },
            { intent: 'unpublish-selected', label: 'Unpublish', icon: <FileX aria-hidden /> },
            { intent: 'delete-selected', label: 'Delete', icon: <Trash2 aria-hidden />, destructive: true },
          ]}
        />
      }
      belowItems={<ListPager pages={pages} thing="post" />}
    >
      <ListFilterTabs
        label="Show posts"
        fallback={BLOG_LIST_FILTER.fallback}
        current={filter}
        choices={publicationFilterChoices(counts)}
      />
      <AdminListSearch label="Search posts by title" query={search} />
    </AdminListPage>
  )
}

function BlogAdminCard({ post, controls, select }: { post: ListedBlogPost; controls: ItemControls; select: ReactNode }) {
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
      <CardContent className="flex flex-1 flex-col gap-2">
        <h2 className="font-semibold break-words">{post.title}</h2>
        <p className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
          {select}
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, timeZone)}</time>
          <PublicationBadge item={post} />
        </p>
        <p className="line-clamp-3 text-sm text-muted-foreground">{post.cardText}</p>
        {/* Four buttons beside the title left it a third of a phone's card: they sit under the text, at the card's foot. */}
        <div className="mt-auto flex justify-end">
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
        {historyOpen ? <BlogHistoryDialog post={post} onClose={() => setHistoryOpen(false)} /> : null}
      </CardContent>
    </Card>
  )
}
