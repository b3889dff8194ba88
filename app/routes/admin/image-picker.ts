import { DEFAULT_FOLDER } from '#app/domain/gallery/gallery.schema.ts'
import { getAdminGallery, uploadGalleryImages } from '#app/domain/gallery/gallery-admin.server.ts'
import { refused, submittedForm } from '#app/lib/action.server.ts'
import { requireStaff } from '#app/lib/permissions.server.ts'
import { chosenFile, UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import type { Route } from './+types/image-picker.ts'

/** The gallery's images, newest first, for the image picker. */
export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const { images } = await getAdminGallery()
  return { images: images.map(({ id, title, imageUrl }) => ({ id, title, imageUrl })) }
}

/** Spec §7: an image uploaded through the picker joins the gallery, titled with its file name. */
export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  const submitted = await submittedForm(request)
  if (!submitted.ok) return submitted.response
  const file = chosenFile(submitted.data.get('image'))
  if (!file) return refused(UPLOAD_MESSAGES.notAnImage)
  const result = await uploadGalleryImages({ files: [file], folder: DEFAULT_FOLDER, title: file.name.slice(0, 100) })
  if (!result.ok) return refused(result.error)
  return { ok: true as const, message: 'Image uploaded successfully', url: result.urls[0]! }
}
