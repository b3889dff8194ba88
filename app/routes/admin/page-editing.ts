import { getPageForEditing } from '#app/domain/page/page-admin.server.ts'
import { editableItemLoader } from '#app/services/publishing/editable-item-route.server.ts'
import type { Route } from './+types/page-editing.ts'

const load = editableItemLoader(getPageForEditing)

/** A whole page, for its editor (editors): the page list carries only what its rows show. */
export const loader = (args: Route.LoaderArgs) => load(args)

/** Opened once per editing: later saves elsewhere on the page need not fetch it again. */
export const shouldRevalidate = () => false
