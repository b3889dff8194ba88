import { z } from 'zod'
import { createGalleryFolder, deleteGalleryFolder, updateGalleryFolder } from '#app/domain/gallery/gallery-admin.server.ts'
import { DEFAULT_FOLDER, galleryFolderSchema, NEW_ALBUM_SWITCHES, type AdminGalleryFolder, type GalleryFolder } from '#app/domain/gallery/gallery.schema.ts'
import { getGalleryFolder, listGalleryFoldersPage } from '#app/domain/gallery/gallery.server.ts'
import { defineCollection } from '../collection.ts'
import { switchField, timestamp } from '../fields.ts'

const EXTERNAL_USE = 'Shown on the public gallery (/gallery) when also enabled: the admin screen\'s "for external use".'
const ENABLED = 'Switched on: a folder switched off is hidden from the public gallery whatever external_use says.'

const item = z.object({
  id: z.string(),
  name: z.string().meta({ description: `Unique regardless of case. The images name their folder by it. ${DEFAULT_FOLDER} is the default folder: it keeps its name and cannot be deleted.` }),
  external_use: z.boolean().meta({ description: EXTERNAL_USE }),
  enabled: z.boolean().meta({ description: ENABLED }),
  image_count: z.number().int().meta({ description: `The images listed under this folder; ${DEFAULT_FOLDER}'s count includes the images whose folder is empty or was deleted.` }),
  slug: z.string().meta({ description: 'The album page is /gallery/{slug} (shown to visitors only when external_use and enabled are both on). Made from the name when the folder is made; kept when it is renamed.' }),
  description: z.string().meta({ description: 'Shown on the album card and page; up to 500 characters, empty for none.' }),
  cover_image_id: z.string().nullable().meta({ description: "The id of the album's cover photo (one of its images); null: its first photo." }),
  created_at: timestamp('When the folder was made.'),
})

const input = z.object({
  name: galleryFolderSchema.shape.name.meta({ description: 'Letters, numbers, spaces, hyphens and underscores, up to 50 characters; unique regardless of case. Renaming moves the folder\'s images with it.' }),
  // Left out, they are those of every new album: not published until someone has checked photo consent.
  external_use: switchField(EXTERNAL_USE, NEW_ALBUM_SWITCHES.externalUse),
  enabled: switchField(ENABLED, NEW_ALBUM_SWITCHES.enabled),
  description: galleryFolderSchema.shape.description.meta({ description: 'Up to 500 characters; empty for none.' }),
  cover_image_id: z.union([z.string().max(64), z.null()]).optional().meta({ description: 'One of the album\'s images; null or empty: its first photo.' }),
})

function toItem(folder: GalleryFolder, imageCount: number): z.output<typeof item> {
  return {
    id: folder.id,
    name: folder.name,
    external_use: folder.externalUse,
    enabled: folder.enabled,
    image_count: imageCount,
    slug: folder.slug,
    description: folder.description,
    cover_image_id: folder.coverImageId,
    created_at: folder.createdAt,
  }
}

const fromAdmin = (folder: AdminGalleryFolder) => toItem(folder, folder.count)

function toSubmission(values: z.output<typeof input>) {
  return {
    name: values.name,
    externalUse: values.external_use,
    enabled: values.enabled,
    description: values.description,
    ...(values.cover_image_id === undefined ? {} : { coverImageId: values.cover_image_id || null }),
  }
}

/** The folder as stored after a write, with its count (a rename moves images, so the count is read again). */
async function storedFolder(folder: GalleryFolder) {
  const stored = await getGalleryFolder(folder.id)
  return stored ? fromAdmin(stored) : toItem(folder, 0)
}

/** Gallery folders: how images are grouped, and which groups the public gallery shows. */
export const galleryFolders = defineCollection({
  name: 'gallery-folders',
  title: 'Gallery folders',
  description:
    'The folders of the gallery, by name as the admin screen shows them. Deleting a folder leaves its images in place, listed under general until they are moved.',
  minimumRole: 'editor',
  item,
  input,
  filters: z.object({}),
  domainFieldNames: { externalUse: 'external_use', coverImageId: 'cover_image_id' },
  editable: (folder) => ({ name: folder.name, external_use: folder.external_use, enabled: folder.enabled, description: folder.description, cover_image_id: folder.cover_image_id }),
  async list({ limit, offset }) {
    const page = await listGalleryFoldersPage({ limit, offset })
    return { items: page.folders.map(fromAdmin), total: page.total }
  },
  async read(id) {
    const folder = await getGalleryFolder(id)
    return folder ? fromAdmin(folder) : null
  },
  create: async (values) => storedFolder(await createGalleryFolder(toSubmission(values))),
  update: async (id, values) => storedFolder(await updateGalleryFolder(id, toSubmission(values))),
  remove: (id) => deleteGalleryFolder(id),
})
