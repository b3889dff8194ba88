import { ListPager } from '#app/components/admin/list-pager.tsx'
import { BlogCard } from '#app/components/site/blog-card.tsx'
import { CardList } from '#app/components/site/card-list.tsx'
import { GetNotifiedButton } from '#app/components/site/get-notified-button.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { listPublicBlogPostsPage } from '#app/domain/blog/blog.server.ts'
import { BLOG_ATOM_PATH, BLOG_FEED_PATH, BLOG_JSON_FEED_PATH } from '#app/services/feeds/feed-paths.ts'
import { readListParams } from '#app/lib/list-params.ts'
import { pagedPath, pageMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/blogs.ts'

const TITLE = 'School Blog'
const SUBTITLE = 'News and stories from our school community.'

/** `?page=` as typed: a page that is not a number is the first, one past the end the last. */
export async function loader({ request }: Route.LoaderArgs) {
  return await listPublicBlogPostsPage(readListParams(request.url).page)
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: TITLE,
    description: SUBTITLE,
    path: pagedPath('/blogs', loaderData?.pages.page ?? 1),
    extra: [
      { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: `${TITLE} (RSS)`, href: BLOG_FEED_PATH },
      { tagName: 'link', rel: 'alternate', type: 'application/atom+xml', title: `${TITLE} (Atom)`, href: BLOG_ATOM_PATH },
      { tagName: 'link', rel: 'alternate', type: 'application/feed+json', title: `${TITLE} (JSON Feed)`, href: BLOG_JSON_FEED_PATH },
    ],
  })
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const { posts, pages } = loaderData
  return (
    <>
      <PageBanner page="blogsPage" title={TITLE} subtitle={SUBTITLE} />
      <div className="mx-auto max-w-6xl px-4 py-12">
        <CardList items={posts} empty="No blog posts yet." className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" renderCard={(post, index) => <BlogCard post={post} first={index === 0} />} />
        {pages.pageCount > 1 ? <ListPager pages={pages} thing="post" /> : null}
        <div className="mt-12 max-w-xl">
          <GetNotifiedButton />
        </div>
      </div>
    </>
  )
}
