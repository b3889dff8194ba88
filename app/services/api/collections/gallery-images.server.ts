import { z } from 'zod'
import { deleteGalleryImage, updateGalleryImage, uploadGalleryImages } from '#app/domain/gallery/gallery-admin.server.ts'
import { DEFAULT_FOLDER, galleryImageSchema, galleryUploadSchema, type GalleryImage } from '#app/domain/gallery/gallery.schema.ts'
import { getGalleryImage, listGalleryImagesPage } from '#app/domain/gallery/gallery.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { defineCollection } from '../collection.ts'
import { timestamp } from '../fields.ts'
import { describedEditable, describedInput, describedInputFields, describedItem, describedItemFields } from '../image-description-fields.ts'
import { REQUEST_MESSAGES } from '../request.server.ts'

const item = z.object({
  id: z.string(),
  title: z.string().nullable(),
  image_url: z.string().meta({ description: 'Address of the image on this site (/files/gallery/{folder}/…).' }),
  folder: z.string().meta({
    description: `The name of the image's folder (a gallery folder, see /api/v1/gallery-folders). An image whose folder was deleted keeps its name here and is listed under ${DEFAULT_FOLDER} until moved.`,
  }),
  ...describedItemFields,
  position: z.number().int().meta({ description: 'Its place in its album (smallest first); the album page /gallery/{slug} shows photos in this order. Set by the admin screen\'s reorder.' }),
  created_at: timestamp('When the image was uploaded.'),
})

const input = z.object({
  image: z.file().optional().meta({
    description:
      'The image: one file in a multipart/form-data body (JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB), checked by its bytes. Required to create; an uploaded image cannot be replaced (upload a new one and delete this one).',
  }),
  title: z.union([galleryImageSchema.shape.title, z.null()]).meta({ description: 'Up to 100 characters; empty or null for none.' }),
  // Not a union with null: a union would answer a bad name with its own message instead of the form's.
  folder: galleryUploadSchema.shape.folder.meta({
    description: `A folder's name (letters, numbers, spaces, hyphens and underscores, up to 50 characters; any case). On upload: a folder that does not exist is created, shown on the public gallery and enabled, as the upload form's new folder; empty or left out is ${DEFAULT_FOLDER}. On change: the folder must exist (empty is ${DEFAULT_FOLDER}).`,
  }),
  ...describedInputFields,
})

function toItem(image: GalleryImage): z.output<typeof item> {
  return { id: image.id, title: image.title, image_url: image.imageUrl, folder: image.folder, ...describedItem(image), position: image.position, created_at: image.createdAt }
}

/** Gallery images: the school's photos, by folder; the public gallery shows those of folders shown and enabled. */
export const galleryImages = defineCollection({
  name: 'gallery-images',
  title: 'Gallery images',
  description:
    'The images of the gallery, newest first as the admin screen shows them. One image per upload (a multipart/form-data body); the public gallery (/gallery) shows the images of folders for external use and enabled.',
  minimumRole: 'editor',
  bodyLimit: 'galleryUpload',
  item,
  input,
  filters: z.object({
    folder: z.string().optional().meta({
      description: `Only the images listed under this folder (its exact name), as the admin screen's folder filter: ${DEFAULT_FOLDER} also lists the images whose folder is empty or was deleted.`,
    }),
  }),
  domainFieldNames: { images: 'image' },
  editable: (image) => ({ title: image.title, folder: image.folder, ...describedEditable(image) }),
  async list({ limit, offset, filters }) {
    const page = await listGalleryImagesPage({ limit, offset, folder: filters.folder })
    return { items: page.images.map(toItem), total: page.total }
  },
  async read(id) {
    const image = await getGalleryImage(id)
    return image ? toItem(image) : null
  },
  async create(values) {
    const [image] = await uploadGalleryImages({ files: values.image ? [values.image] : [], folder: values.folder ?? DEFAULT_FOLDER, title: values.title ?? null, ...describedInput(values) })
    if (!image) throw new Error('An upload of one image stored none')
    return toItem(image)
  },
  async update(id, values) {
    if (values.image) throw DomainError.invalidField('image', REQUEST_MESSAGES.readOnlyField('image'))
    return toItem(await updateGalleryImage(id, { title: values.title ?? null, folder: values.folder ?? DEFAULT_FOLDER, ...describedInput(values) }))
  },
  remove: (id) => deleteGalleryImage(id),
})
