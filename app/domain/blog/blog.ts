export interface BlogPost {
  id: string
  slug: string
  title: string
  content: string
  excerpt: string | null
  coverImage: string | null
  publishedAt: string
  updatedAt: string
}

export const EXCERPT_FALLBACK_LENGTH = 150

/** HTML to plain text, for excerpts and feeds. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

/** Spec §2: the excerpt field, or the first 150 characters of the content followed by '...'. */
export function excerptOf(post: Pick<BlogPost, 'excerpt' | 'content'>): string {
  if (post.excerpt?.trim()) return post.excerpt.trim()
  return `${plainText(post.content).slice(0, EXCERPT_FALLBACK_LENGTH)}...`
}
