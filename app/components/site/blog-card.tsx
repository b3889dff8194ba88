import { ImageIcon } from 'lucide-react'
import { Link } from 'react-router'
import { focalObjectPosition } from '#app/domain/media/focal-point.ts'
import { coverAltOf, excerptOf, type BlogPost } from '#app/domain/blog/blog.ts'
import { formatDate } from '#app/lib/format.ts'
import { blogPostPath } from '#app/services/feeds/feed-paths.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'

/**
 * One post in a list of posts: cover, title, date, excerpt and a 'Read More'
 * link. Its title is an h2 on the blog page and an h3 under the home page's
 * 'Latest News' heading. The first card of a page's list is in the first
 * screen: its cover loads at once and first, as the page's largest image.
 */
export function BlogCard({ post, headingLevel = 2, first = false }: { post: BlogPost; headingLevel?: 2 | 3; first?: boolean }) {
  const { timeZone } = useSite()
  const Heading = headingLevel === 3 ? 'h3' : 'h2'
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm">
      {post.coverImage ? (
        <img src={post.coverImage} srcSet={imageSrcSet(post.coverImage)} sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" alt={coverAltOf(post)} loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : undefined} decoding="async" className="aspect-video w-full object-cover" style={{ objectPosition: focalObjectPosition(post.coverFocal) }} />
      ) : (
        <div aria-hidden className="flex aspect-video w-full items-center justify-center bg-muted text-muted-foreground">
          <ImageIcon className="size-10" />
        </div>
      )}
      <div className="flex flex-1 flex-col p-6">
        <Heading className="text-xl font-semibold leading-snug">{post.title}</Heading>
        <p className="mt-1 text-sm text-muted-foreground">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, timeZone)}</time>
        </p>
        <p className="mt-3 flex-1 text-muted-foreground">{excerptOf(post)}</p>
        <Link
          to={blogPostPath(post.slug)}
          className="mt-4 self-start font-medium text-primary underline-offset-4 hover:underline"
        >
          Read More<span className="sr-only"> about {post.title}</span>
        </Link>
      </div>
    </article>
  )
}
