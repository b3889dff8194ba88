import { data } from 'react-router'
import { BackToBlogs, BlogPostArticle } from '#app/components/site/blog-post-article.tsx'
import { getPublicBlogPostBySlug } from '#app/domain/blog/blog.server.ts'
import { coverAltOf, excerptOf } from '#app/domain/blog/blog.ts'
import { blogPostPath } from '#app/services/feeds/feed-paths.ts'
import { sanitizeHtmlForDisplay } from '#app/lib/html-sanitizer.server.ts'
import { absoluteUrl, jsonLd, pageMeta } from '#app/lib/seo.ts'
import { postShareImagePath } from '#app/lib/share-images.ts'
import type { Route } from './+types/blog-post.ts'

export async function loader({ params }: Route.LoaderArgs) {
  const post = await getPublicBlogPostBySlug(params.slug)
  if (!post) return data({ post: null }, { status: 404 })
  return { post: { ...post, content: sanitizeHtmlForDisplay(post.content) } }
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
    ...(post.coverImage ? { image: { path: postShareImagePath(post.slug, post.updatedAt), alt: coverAltOf(post) || post.title } } : {}),
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

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData
  if (!post) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Blog post not found</h1>
        <BackToBlogs />
      </div>
    )
  }
  return <BlogPostArticle post={post} />
}
