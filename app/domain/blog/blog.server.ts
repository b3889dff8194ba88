import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readTimestamp } from '#db/portable.ts'
import type { BlogTable } from '#db/tables/content.ts'
import type { BlogPost } from './blog.ts'

function toBlogPost(row: Selectable<BlogTable>): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    coverImage: row.cover_image,
    publishedAt: readTimestamp(row.published_at),
    updatedAt: readTimestamp(row.updated_at),
  }
}

/** Newest first (spec §7). */
export async function listBlogPosts(): Promise<BlogPost[]> {
  const rows = await db.selectFrom('blogs').selectAll().orderBy('published_at', 'desc').execute()
  return rows.map(toBlogPost)
}

export async function getBlogPostBySlug(slug: string): Promise<BlogPost | null> {
  const row = await db.selectFrom('blogs').selectAll().where('slug', '=', slug).executeTakeFirst()
  return row ? toBlogPost(row) : null
}
