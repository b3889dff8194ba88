import { currentBlogSnapshot, listBlogRevisions, restoreBlogRevision } from '#app/domain/blog/blog-admin.server.ts'
import { BLOG_MESSAGES } from '#app/domain/blog/blog.schema.ts'
import { itemHistoryRoute } from '#app/services/publishing/revision-routes.server.ts'
import type { Route } from './+types/blog-revisions.ts'

const history = itemHistoryRoute({ list: listBlogRevisions, current: currentBlogSnapshot, restore: restoreBlogRevision, restoredMessage: BLOG_MESSAGES.restored })

/** A post's revisions, newest first, for its history dialog (editors). */
export const loader = (args: Route.LoaderArgs) => history.loader(args)

/** Restores one revision's words into the post (editors). */
export const action = (args: Route.ActionArgs) => history.action(args)
