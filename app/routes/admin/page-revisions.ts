import { currentPageSnapshot, listPageRevisions, restorePageRevision } from '#app/domain/page/page-admin.server.ts'
import { PAGE_MESSAGES } from '#app/domain/page/page.schema.ts'
import { itemHistoryRoute } from '#app/services/publishing/revision-routes.server.ts'
import type { Route } from './+types/page-revisions.ts'

const history = itemHistoryRoute({ list: listPageRevisions, current: currentPageSnapshot, restore: restorePageRevision, restoredMessage: PAGE_MESSAGES.restored })

/** A page's revisions, newest first, for its history dialog (editors). */
export const loader = (args: Route.LoaderArgs) => history.loader(args)

/** Restores one revision's words into the page (editors). */
export const action = (args: Route.ActionArgs) => history.action(args)
