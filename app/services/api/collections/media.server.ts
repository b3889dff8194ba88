import { z } from 'zod'
import { deleteMedia, updateMedia, uploadMedia } from '#app/domain/media/media-admin.server.ts'
import type { MediaItem } from '#app/domain/media/media.schema.ts'
import { getMediaItem, listMediaPage } from '#app/domain/media/media.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { defineCollection } from '../collection.ts'
import { timestamp } from '../fields.ts'
import { describedEditable, describedInput, describedInputFields, describedItem, describedItemFields } from '../image-description-fields.ts'
import { REQUEST_MESSAGES } from '../request.server.ts'

const item = z.object({
  id: z.string(),
  url: z.string().meta({ description: 'Address of the image on this site (/files/uploads/…), to use in sections, posts and themes.' }),
  file_name: z.string().meta({ description: 'The uploaded file\'s name, to recognise it by.' }),
  ...describedItemFields,
  created_at: timestamp('When the image was added.'),
})

const input = z.object({
  image: z.file().optional().meta({
    description:
      'The image: one file in a multipart/form-data body (JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB), checked by its bytes. Required to create; it cannot be replaced (add a new image instead).',
  }),
  ...describedInputFields,
})

function toItem(media: MediaItem): z.output<typeof item> {
  return {
    id: media.id,
    url: media.url,
    file_name: media.fileName,
    ...describedItem(media),
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
  editable: describedEditable,
  async list({ limit, offset }) {
    const page = await listMediaPage({ limit, offset })
    return { items: page.items.map(toItem), total: page.total }
  },
  async read(id) {
    const found = await getMediaItem(id)
    return found ? toItem(found) : null
  },
  async create(values, caller) {
    const { description, focal } = describedInput(values)
    return toItem(await uploadMedia(values.image, description, caller.userId, focal))
  },
  async update(id, values) {
    if (values.image) throw DomainError.invalidField('image', REQUEST_MESSAGES.readOnlyField('image'))
    return toItem(await updateMedia(id, describedInput(values)))
  },
  remove: (id) => deleteMedia(id),
})
