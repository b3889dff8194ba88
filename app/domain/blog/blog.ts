import type { PublishStatus } from '#db/tables/content.ts'

export interface BlogPost {
  id: string
  status: PublishStatus
  slug: string
  title: string
  content: string
  excerpt: string | null
  coverImage: string | null
  /** The cover's alt text: '' when decorative or not yet written. */
  coverAlt: string
  coverDecorative: boolean
  /** Where the cover's subject is, 0 to 1 from the left and top: every crop keeps it in view. */
  coverFocal: { x: number; y: number }
  publishedAt: string
  updatedAt: string
}

export const EXCERPT_FALLBACK_LENGTH = 150

/** The cover's alt text as pages give it: '' when decorative; a cover not yet described (published before alt text existed) goes by the post's title. */
export function coverAltOf(post: Pick<BlogPost, 'title' | 'coverAlt' | 'coverDecorative'>): string {
  if (post.coverDecorative) return ''
  return post.coverAlt || post.title
}

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

/** What a post's card shows: the excerpt field, or the first 150 characters of the content followed by '...'. */
export function excerptOf(post: Pick<BlogPost, 'excerpt' | 'content'>): string {
  if (post.excerpt?.trim()) return post.excerpt.trim()
  return `${plainText(post.content).slice(0, EXCERPT_FALLBACK_LENGTH)}...`
}
