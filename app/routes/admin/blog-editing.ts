import { getBlogPostForEditing } from '#app/domain/blog/blog-admin.server.ts'
import { editableItemLoader } from '#app/services/publishing/editable-item-route.server.ts'
import type { Route } from './+types/blog-editing.ts'

const load = editableItemLoader(getBlogPostForEditing)

/** A whole post, for its editor (editors): the blog list carries only what its cards show. */
export const loader = (args: Route.LoaderArgs) => load(args)

/** Opened once per editing: later saves elsewhere on the page need not fetch it again. */
export const shouldRevalidate = () => false
