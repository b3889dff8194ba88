import { listGalleryImagesPage } from '#app/domain/gallery/gallery.server.ts'
import { uploadMedia } from '#app/domain/media/media-admin.server.ts'
import { imageDescriptionSchema, MEDIA_MESSAGES } from '#app/domain/media/media.schema.ts'
import { listMediaForAdmin } from '#app/domain/media/media-admin-list.server.ts'
import { answerAction, postedForm, validated } from '#app/lib/action.server.ts'
import { readListParams } from '#app/lib/list-params.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/image-picker.ts'

/** The picker's Gallery tab lists this many of the newest photos; older ones are on the gallery screen. */
const PICKER_GALLERY_LIMIT = 200

/**
 * A page of the media library's images (`?q=` and `?page=` as on the media
 * library screen) and the gallery's newest photos, each with its description.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const { search, page } = readListParams(request.url)
  const [media, gallery] = await Promise.all([listMediaForAdmin({ search, page }), listGalleryImagesPage({ limit: PICKER_GALLERY_LIMIT, offset: 0 })])
  return {
    media: media.items.map(({ id, url, fileName, alt, decorative }) => ({ id, url, label: fileName, alt, decorative })),
    pages: media.pages,
    search,
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
