import { z } from 'zod'
import { deleteMedia, updateMedia, uploadMedia } from '#app/domain/media/media-admin.server.ts'
import { altTextField, describedAs, focalCoordinate, MAX_ALT_LENGTH, type MediaItem } from '#app/domain/media/media.schema.ts'
import { getMediaItem, listMediaPage } from '#app/domain/media/media.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { defineCollection } from '../collection.ts'
import { switchField, timestamp } from '../fields.ts'
import { REQUEST_MESSAGES } from '../request.server.ts'

const ALT_DESCRIPTION = `What the image shows, for people who cannot see it; up to ${MAX_ALT_LENGTH} characters. Empty when the image is decorative or not yet described.`
const DECORATIVE_DESCRIPTION = 'The image adds nothing a reader needs: pages give it an empty alt, and any alt text sent with it is dropped.'
const FOCAL_DESCRIPTION = (axis: string) => `Where the subject is, from the ${axis} edge: 0 to 1 (0.5 is the middle). Crops, such as link previews, keep it in view.`

/** A coordinate as JSON gives it, or as a multipart form's text. */
const focalField = (axis: string) => focalCoordinate.default(0.5).meta({ description: FOCAL_DESCRIPTION(axis) })

const item = z.object({
  id: z.string(),
  url: z.string().meta({ description: 'Address of the image on this site (/files/uploads/…), to use in sections, posts and themes.' }),
  file_name: z.string().meta({ description: 'The uploaded file\'s name, to recognise it by.' }),
  alt: z.string().meta({ description: ALT_DESCRIPTION }),
  decorative: z.boolean().meta({ description: DECORATIVE_DESCRIPTION }),
  focal_x: z.number().meta({ description: FOCAL_DESCRIPTION('left') }),
  focal_y: z.number().meta({ description: FOCAL_DESCRIPTION('top') }),
  created_at: timestamp('When the image was added.'),
})

const input = z.object({
  image: z.file().optional().meta({
    description:
      'The image: one file in a multipart/form-data body (JPEG, PNG, WebP, GIF or AVIF, up to 10 MB), checked by its bytes. Required to create; it cannot be replaced (add a new image instead).',
  }),
  alt: altTextField.meta({ description: ALT_DESCRIPTION }),
  decorative: switchField(DECORATIVE_DESCRIPTION, false),
  focal_x: focalField('left'),
  focal_y: focalField('top'),
})

function toItem(media: MediaItem): z.output<typeof item> {
  return {
    id: media.id,
    url: media.url,
    file_name: media.fileName,
    alt: media.alt,
    decorative: media.decorative,
    focal_x: media.focal.x,
    focal_y: media.focal.y,
    created_at: media.createdAt,
  }
}

/** The media library: images the pages use, apart from the gallery. */
export const media = defineCollection({
  name: 'media',
  title: 'Media library',
  description:
    'The images the pages use (logos, slides, covers, pictures in text), newest first; they never show in the public gallery. One image per upload (a multipart/form-data body). An image in use cannot be deleted: the refusal (409) lists where it is used.',
  minimumRole: 'editor',
  bodyLimit: 'imageUpload',
  item,
  input,
  filters: z.object({}),
  editable: (stored) => ({ alt: stored.alt, decorative: stored.decorative, focal_x: stored.focal_x, focal_y: stored.focal_y }),
  async list({ limit, offset }) {
    const page = await listMediaPage({ limit, offset })
    return { items: page.items.map(toItem), total: page.total }
  },
  async read(id) {
    const found = await getMediaItem(id)
    return found ? toItem(found) : null
  },
  create: async (values, caller) =>
    toItem(await uploadMedia(values.image, describedAs({ alt: values.alt, decorative: values.decorative }), caller.userId, { x: values.focal_x, y: values.focal_y })),
  async update(id, values) {
    if (values.image) throw DomainError.invalidField('image', REQUEST_MESSAGES.readOnlyField('image'))
    return toItem(await updateMedia(id, { description: describedAs({ alt: values.alt, decorative: values.decorative }), focal: { x: values.focal_x, y: values.focal_y } }))
  },
  remove: (id) => deleteMedia(id),
})
