import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { useSite } from '#app/components/hooks/use-site.ts'
import { RichTextContent } from '#app/components/site/rich-text-content.tsx'
import { focalObjectPosition } from '#app/domain/media/focal-point.ts'
import { coverAltOf, type BlogPost } from '#app/domain/blog/blog.ts'
import { formatDate } from '#app/lib/format.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'

export function BackToBlogs() {
  return (
    <Link to="/blogs" className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden className="size-4" />
      Back to Blogs
    </Link>
  )
}

/** A post as visitors read it at /blogs/{slug}; previews show drafts the same way. `post.content` is already sanitised. */
export function BlogPostArticle({ post }: { post: Pick<BlogPost, 'title' | 'content' | 'coverImage' | 'coverAlt' | 'coverDecorative' | 'coverFocal' | 'publishedAt'> }) {
  const { timeZone } = useSite()
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <BackToBlogs />
      {post.coverImage ? (
        <img
          src={post.coverImage}
          srcSet={imageSrcSet(post.coverImage)}
          sizes="(min-width: 768px) 768px, 100vw"
          alt={coverAltOf(post)}
          fetchPriority="high"
          decoding="async"
          className="mt-6 aspect-video w-full rounded-lg object-cover shadow-sm"
          style={{ objectPosition: focalObjectPosition(post.coverFocal) }}
        />
      ) : null}
      <h1 className="mt-8 text-3xl font-bold tracking-tight text-balance md:text-4xl">{post.title}</h1>
      <p className="mt-3 text-muted-foreground">
        <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, timeZone)}</time>
      </p>
      <RichTextContent html={post.content} className="mt-8 text-lg [&_a]:text-primary" />
    </article>
  )
}
