import { ArrowLeft } from 'lucide-react'
import { data, Link } from 'react-router'
import { RichTextContent } from '#app/components/site/rich-text-content.tsx'
import { getBlogPostBySlug } from '#app/domain/blog/blog.server.ts'
import { excerptOf } from '#app/domain/blog/blog.ts'
import { blogPostPath } from '#app/lib/feeds/feed-paths.ts'
import { formatDate } from '#app/lib/format.ts'
import { sanitizeHtml } from '#app/lib/html-sanitizer.server.ts'
import { absoluteUrl, jsonLd, pageMeta } from '#app/lib/seo.ts'
import { useSite } from '#app/lib/use-site.ts'
import type { Route } from './+types/blog-post.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'

export async function loader({ params }: Route.LoaderArgs) {
  const post = await getBlogPostBySlug(params.slug)
  if (!post) return data({ post: null }, { status: 404 })
  return { post: { ...post, content: sanitizeHtml(post.content) } }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const post = loaderData?.post
  if (!post) return [{ title: 'Blog post not found' }, { name: 'robots', content: 'noindex' }]
  const siteUrl = matches[0]?.loaderData?.siteUrl ?? ''
  const shell = matches[1]?.loaderData?.shell
  const path = blogPostPath(post.slug)
  const description = excerptOf(post)
  const school = {
    '@type': 'Organization',
    name: shell?.title,
    url: `${siteUrl}/`,
    ...(shell?.logo ? { logo: absoluteUrl(siteUrl, shell.logo) } : {}),
  }
  return pageMeta(matches, {
    title: post.title,
    description,
    path,
    image: post.coverImage,
    type: 'article',
    extra: [
      { property: 'article:published_time', content: post.publishedAt },
      { property: 'article:modified_time', content: post.updatedAt },
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        ...(post.coverImage ? { image: absoluteUrl(siteUrl, post.coverImage) } : {}),
        url: absoluteUrl(siteUrl, path),
        mainEntityOfPage: absoluteUrl(siteUrl, path),
        author: school,
        publisher: school,
      }),
    ],
  })
}

function BackToBlogs() {
  return (
    <Link to="/blogs" className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden className="size-4" />
      Back to Blogs
    </Link>
  )
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData
  const { timeZone } = useSite()
  if (!post) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Blog post not found</h1>
        <BackToBlogs />
      </div>
    )
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <BackToBlogs />
      {post.coverImage ? (
        <img
          src={post.coverImage}
          srcSet={imageSrcSet(post.coverImage)}
          sizes="(min-width: 768px) 768px, 100vw"
          alt={post.title}
          fetchPriority="high"
          decoding="async"
          className="mt-6 aspect-video w-full rounded-lg object-cover shadow-sm"
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
