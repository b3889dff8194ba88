import { listGalleryFolderNames } from '#app/domain/gallery/gallery-admin.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/gallery-folders.ts'

/** Every folder's name, for the dialogs and the bulk move that choose one: the gallery screen itself lists a page of them. */
export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  return { names: await listGalleryFolderNames() }
}
