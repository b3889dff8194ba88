import { uploadGalleryImages } from '#app/domain/gallery/gallery-admin.server.ts'
import { batchTitle, galleryBatchImageSchema, galleryFormValues, uploadedMessage, uploadFolderOf } from '#app/domain/gallery/gallery.schema.ts'
import { describedAs } from '#app/domain/media/media.schema.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/gallery-upload.ts'

/** One image of the upload dialog's batch: stored, or refused with its reason, whatever happens to the others. */
export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const upload = await validatedForm(galleryBatchImageSchema, request, galleryFormValues)
    const [image] = await uploadGalleryImages({
      files: upload.images,
      folder: uploadFolderOf(upload),
      title: batchTitle(upload.title, upload.position, upload.count),
      description: describedAs(upload),
    })
    return { ok: true as const, message: uploadedMessage(1), id: image!.id, url: image!.imageUrl }
  })
}
