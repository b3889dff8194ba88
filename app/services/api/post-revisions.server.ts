import { z } from 'zod'
import { listBlogRevisions, restoreBlogRevision } from '#app/domain/blog/blog-admin.server.ts'
import { authorizedCaller } from './authenticate.server.ts'
import { posts, toPostItem } from './collections/posts.server.ts'
import { timestamp } from './fields.ts'
import { answerApi, methodNotAllowed, NO_STORE } from './handler.server.ts'

/** One saved version of a post, as `/api/v1/posts/{id}/revisions` lists it. */
export const postRevisionItem = z.object({
  id: z.string(),
  created_at: timestamp('When this version was saved.'),
  author: z.string().nullable().meta({ description: 'Who saved it (their name, or e-mail); null for a deleted account.' }),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  content: z.string(),
})

/** `/api/v1/posts/{id}/revisions`: the post's last 20 saved versions, newest first. */
export function answerPostRevisions(request: Request, postId: string): Promise<Response> {
  return answerApi(async () => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(request.method, ['GET'])
    await authorizedCaller(request, posts)
    const revisions = await listBlogRevisions(postId)
    const data = revisions.map((revision) => postRevisionItem.parse({ id: revision.id, created_at: revision.createdAt, author: revision.author, ...revision.snapshot }))
    return Response.json({ data }, { headers: NO_STORE })
  })
}

/** `/api/v1/posts/{id}/revisions/{revision_id}/restore`: puts that version's words back; 200 with the post. */
export function answerRestorePostRevision(request: Request, postId: string, revisionId: string): Promise<Response> {
  return answerApi(async () => {
    if (request.method !== 'POST') return methodNotAllowed(request.method, ['POST'])
    const caller = await authorizedCaller(request, posts)
    const post = await restoreBlogRevision(postId, revisionId, { authorId: caller.userId })
    return Response.json(posts.item.parse(toPostItem(post)), { headers: NO_STORE })
  })
}
