import { listGalleryImagesPage } from '#app/domain/gallery/gallery.server.ts'
import { uploadMedia } from '#app/domain/media/media-admin.server.ts'
import { imageDescriptionSchema, MEDIA_MESSAGES } from '#app/domain/media/media.schema.ts'
import { listMediaPage } from '#app/domain/media/media.server.ts'
import { answerAction, postedForm, validated } from '#app/lib/action.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/image-picker.ts'

/** The picker lists this many of the newest media images and gallery photos; older ones are in their screens' own lists. */
const PICKER_MEDIA_LIMIT = 200

/** The media library's images and the gallery's photos, newest first, each with its description. */
export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const [media, gallery] = await Promise.all([listMediaPage({ limit: PICKER_MEDIA_LIMIT, offset: 0 }), listGalleryImagesPage({ limit: PICKER_MEDIA_LIMIT, offset: 0 })])
  return {
    media: media.items.map(({ id, url, fileName, alt, decorative }) => ({ id, url, label: fileName, alt, decorative })),
    gallery: gallery.images.map(({ id, title, imageUrl }) => ({ id, url: imageUrl, label: title ?? '', alt: '', decorative: false })),
  }
}

/** An image uploaded through the picker joins the media library (never the gallery), with the description typed for it. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'editor')
  return answerAction(async () => {
    const form = await postedForm(request)
    const description = validated(imageDescriptionSchema, { alt: form.get('alt') ?? '', decorative: form.get('decorative') === 'on' })
    const item = await uploadMedia(form.get('image'), description, staff.userId)
    return { ok: true as const, message: MEDIA_MESSAGES.uploaded, url: item.url }
  })
}
