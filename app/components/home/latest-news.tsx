import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { BlogCard } from '#app/components/site/blog-card.tsx'
import type { BlogPost } from '#app/domain/blog/blog.ts'

/** The newest posts under the hero, with the way to the rest; the page leaves the block out when there are none. */
export function LatestNews({ posts }: { posts: readonly BlogPost[] }) {
  return (
    <section aria-labelledby="latest-news-title" data-home-block="latestNews" className="px-4 py-16 md:py-20">
      <div className="mx-auto max-w-6xl">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="latest-news-title" className="text-3xl font-bold tracking-tight md:text-4xl">
            Latest News
          </h2>
          <ViewAllLink to="/blogs">View all news</ViewAllLink>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id}>
              <BlogCard post={post} headingLevel={3} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

export function ViewAllLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4 hover:decoration-2">
      {children}
      <ArrowRight aria-hidden className="size-4" />
    </Link>
  )
}
