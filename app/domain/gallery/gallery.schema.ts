import { z } from 'zod'
import { looksLikeImage, MAX_FILES_PER_UPLOAD, UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { checkedBox, optionalText, rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { altTextField, describedAs, focalCoordinate, type FocalPoint, type ImageDescription } from '#app/domain/media/media.schema.ts'
import { GRID_PAGE_SIZE } from '#app/lib/list-params.ts'

/** The folder of an upload that names none, and of an image whose folder is empty. */
export const DEFAULT_FOLDER = 'general'

export const FOLDER_NAME_MAX = 50
export const ALBUM_DESCRIPTION_MAX = 500
/** Photos on one page of the admin grid (docs/product-rules.md#gallery). */
export const GALLERY_PAGE_SIZE = GRID_PAGE_SIZE
/**
 * Folders on one page of the admin gallery's folder list: the filter links
 * of a school with hundreds of albums would otherwise fill screens before
 * the first photo.
 */
export const GALLERY_FOLDER_PAGE_SIZE = 24
/** The most photos one bulk move or delete takes: a page of the admin grid, as other lists' bulk limit is their page. */
export const BULK_MAX = GALLERY_PAGE_SIZE
/** Folder names become storage path segments (after slugifying), so they stay plain. */
const FOLDER_NAME_PATTERN = /^[A-Za-z0-9 _-]+$/

export const GALLERY_MESSAGES = {
  noImages: 'Please select at least one image',
  tooManyImages: `Please select at most ${MAX_FILES_PER_UPLOAD} images at a time`,
  folderNameRequired: 'Folder name is required',
  folderNameTooLong: `Folder name must be less than ${FOLDER_NAME_MAX} characters`,
  folderNameCharacters: 'Folder name may only contain letters, numbers, spaces, hyphens and underscores',
  folderNameTaken: 'A folder with this name already exists',
  defaultFolderFixed: `The default folder (${DEFAULT_FOLDER}) cannot be renamed or deleted`,
  folderUpdated: 'Folder updated successfully',
  imageUpdated: 'Image updated successfully',
  folderDeleted: 'Folder deleted successfully',
  folderNotFound: 'Folder not found',
  imageDeleted: 'Image deleted successfully',
  imageNotFound: 'Image not found',
  confirmDeleteImage: 'Are you sure you want to delete this image?',
  confirmDeleteFolder: 'Are you sure you want to delete this folder? Images in this folder will remain but will need to be reassigned.',
  albumCreated: 'Album created (not published yet)',
  albumPublished: 'Album published',
  descriptionTooLong: `Description must be less than ${ALBUM_DESCRIPTION_MAX} characters`,
  coverNotInAlbum: 'The cover must be a photo in this album',
  orderSaved: 'Order saved',
  orderStale: 'The album changed meanwhile: reload and try again',
  notInAlbum: 'Only a photo in an album can be put in order: move it to an album first',
  noneSelected: 'Select at least one image',
  tooManySelected: `Select at most ${BULK_MAX} images at a time`,
  descriptionsSaved: 'Descriptions saved',
  notInThisAlbum: 'Each photo must be in this album',
} as const

/** A place asked for outside the album: places run from 1 to its photo count. */
export function placeOutOfRange(count: number) {
  return `Choose a place from 1 to ${count}`
}

/** 'N image(s) moved to "{album}"'. */
export function movedMessage(count: number, album: string) {
  return `${count} image(s) moved to "${album}"`
}

/** 'N image(s) deleted successfully'. */
export function deletedMessage(count: number) {
  return `${count} image(s) deleted successfully`
}

/** 'N image(s) uploaded successfully', whatever N is (docs/product-rules.md#messages). */
export function uploadedMessage(count: number) {
  return `${count} image(s) uploaded successfully`
}

function folderNameRules(schema: z.ZodString) {
  return schema
    .max(FOLDER_NAME_MAX, GALLERY_MESSAGES.folderNameTooLong)
    .refine((name) => name === '' || FOLDER_NAME_PATTERN.test(name), GALLERY_MESSAGES.folderNameCharacters)
}

const folderName = folderNameRules(z.string({ error: GALLERY_MESSAGES.folderNameRequired }).trim().min(1, GALLERY_MESSAGES.folderNameRequired))
const optionalFolderName = folderNameRules(z.string().trim())
  .optional()
  .transform((name) => name || null)

const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File

/**
 * The chosen files; an empty file input still posts one nameless empty file.
 * The browser's type claim is only a first check: the server decodes each file.
 */
const imageFiles = z
  .array(z.custom<File>(isFile, UPLOAD_MESSAGES.notAnImage))
  .default([])
  .transform((files) => files.filter((file) => file.size > 0 || file.name !== ''))
  .pipe(
    z
      .array(z.custom<File>(isFile))
      .min(1, GALLERY_MESSAGES.noImages)
      .max(MAX_FILES_PER_UPLOAD, GALLERY_MESSAGES.tooManyImages)
      .refine((files) => files.every(looksLikeImage), UPLOAD_MESSAGES.notAnImage),
  )

/** The folder of an upload is the one chosen, else the new folder typed, else 'general'. */
export const galleryUploadSchema = z.object({
  images: imageFiles,
  folder: optionalFolderName,
  newFolder: optionalFolderName,
  title: optionalText('Title', 100),
})

export type GalleryUploadInput = z.infer<typeof galleryUploadSchema>

export const galleryFolderSchema = z.object({
  name: folderName,
  externalUse: checkedBox,
  enabled: checkedBox,
  description: optionalText('Description', ALBUM_DESCRIPTION_MAX).transform((text) => text ?? ''),
  /** The photo on the album's card; empty: the album's first photo. */
  coverImageId: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((id) => id || null),
})

/**
 * The switches of a new album, however it is made (the new-album dialog, an
 * upload naming a new folder, the content API without them): for external use
 * but not published, so someone checks photo consent before visitors see it.
 */
export const NEW_ALBUM_SWITCHES = { externalUse: true, enabled: false } as const

/** A new album: its name and description; its switches are NEW_ALBUM_SWITCHES. */
export const galleryNewAlbumSchema = galleryFolderSchema.pick({ name: true, description: true })

/** Several photos at once; a form posts each chosen id under `ids`. */
const imageIds = z.array(rowId).min(1, GALLERY_MESSAGES.noneSelected).max(BULK_MAX, GALLERY_MESSAGES.tooManySelected)

export const galleryMoveSchema = z.object({ ids: imageIds, folder: folderName })
export const galleryBulkDeleteSchema = z.object({ ids: imageIds })
const place = z.coerce.number({ error: 'Missing place' }).int('Missing place').min(0, 'Missing place').max(1_000_000, 'Missing place')
/**
 * One photo to a place in its album, from 0 (the grid sends the page's offset
 * plus the tile's index); `from`, the place the screen showed it at, lets a
 * move made on a stale screen change nothing.
 */
export const galleryPlaceSchema = z.object({ id: rowId, place, from: place.optional() })

export type GalleryFolderInput = z.infer<typeof galleryFolderSchema>

/**
 * An image's changes: its title (as the upload form's), the folder it moves
 * to (which must exist), and its description: alt text or decorative, and
 * the focal point crops keep in view.
 */
export const galleryImageSchema = z.object({
  title: galleryUploadSchema.shape.title,
  folder: folderName,
  alt: altTextField,
  decorative: checkedBox,
  focalX: focalCoordinate.default(0.5),
  focalY: focalCoordinate.default(0.5),
})

/** What an image's change sets: its title and folder, and its description and focal point when given. */
export interface GalleryImageChanges {
  title: string | null
  folder: string
  description?: ImageDescription
  focal?: FocalPoint
}

/** One photo's description on an album's 'Describe photos' screen: alt text, or decorative (then none). */
const photoDescriptionSchema = z
  .object({ id: rowId, alt: altTextField, decorative: checkedBox })
  .transform((photo) => ({ id: photo.id, ...describedAs(photo) }))

/** The descriptions of an album's photos, saved together: at most a page of the admin grid. */
export const albumDescriptionsSchema = z.object({
  album: rowId,
  photos: z.array(photoDescriptionSchema).min(1, GALLERY_MESSAGES.noneSelected).max(BULK_MAX, GALLERY_MESSAGES.tooManySelected),
})

export type PhotoDescription = z.output<typeof photoDescriptionSchema>

/** The names of one photo's fields in the descriptions form (and their ids on the page). */
export function photoDescriptionNames(id: string) {
  return { alt: `alt-${id}`, decorative: `decorative-${id}` }
}

/** What the descriptions form posts, for the schema: each photo's id under `ids`, then its fields by `photoDescriptionNames`. */
export function albumDescriptionValues(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  return {
    album: text('album'),
    photos: form.getAll('ids').map((id) => {
      const names = photoDescriptionNames(typeof id === 'string' ? id : '')
      return { id, alt: text(names.alt), decorative: text(names.decorative) }
    }),
  }
}

/** The changes the image form posts, as the domain operation takes them. */
export function galleryImageChangesOf(form: z.output<typeof galleryImageSchema>): GalleryImageChanges {
  return { title: form.title, folder: form.folder, description: describedAs(form), focal: { x: form.focalX, y: form.focalY } }
}

export const galleryActionSchema = z.discriminatedUnion(
  'intent',
  [
    galleryUploadSchema.extend({ intent: z.literal('upload') }),
    galleryFolderSchema.extend({ intent: z.literal('update-folder'), id: rowId }),
    z.object({ intent: z.literal('delete-folder'), id: rowId }),
    z.object({ intent: z.literal('delete-image'), id: rowId }),
    galleryImageSchema.extend({ intent: z.literal('update'), id: rowId }),
    galleryNewAlbumSchema.extend({ intent: z.literal('create-folder') }),
    z.object({ intent: z.literal('publish-folder'), id: rowId }),
    galleryMoveSchema.extend({ intent: z.literal('move-images') }),
    galleryBulkDeleteSchema.extend({ intent: z.literal('delete-images') }),
    galleryPlaceSchema.extend({ intent: z.literal('place-image') }),
  ],
  { error: UNKNOWN_ACTION },
)

/** What the gallery forms post, for the schema: the text fields, and every chosen file under `images`. */
export function galleryFormValues(form: FormData) {
  return { ...Object.fromEntries(form), images: form.getAll('images'), ids: form.getAll('ids') }
}

/** The folder an upload goes to: the one chosen, else the new folder typed, else 'general'. */
export function uploadFolderOf(input: Pick<GalleryUploadInput, 'folder' | 'newFolder'>) {
  return input.folder ?? input.newFolder ?? DEFAULT_FOLDER
}

/** One image takes the base title, several get ' 1', ' 2', …; no base title, no title. */
export function uploadTitles(baseTitle: string | null, count: number): (string | null)[] {
  return Array.from({ length: count }, (_, index) => batchTitle(baseTitle, index + 1, count))
}

/** The title of the image at `position` (from 1) of a batch of `count`, by the rule of `uploadTitles`. */
export function batchTitle(baseTitle: string | null, position: number, count: number): string | null {
  return baseTitle && count > 1 ? `${baseTitle} ${position}` : baseTitle
}

const batchNumber = z.coerce.number({ error: 'Missing position' }).int().min(1).max(MAX_FILES_PER_UPLOAD)

/**
 * One image of a batch chosen in the upload dialog, sent on its own so that
 * each file has its own progress and result: its position in the batch and
 * the batch's size number its title; its description is its own.
 */
export const galleryBatchImageSchema = galleryUploadSchema
  .extend({ position: batchNumber, count: batchNumber, alt: altTextField, decorative: checkedBox })
  .refine((upload) => upload.images.length === 1, { path: ['images'], message: 'Send one image at a time' })
  .refine((upload) => upload.position <= upload.count, { path: ['position'], message: 'Position past the end of the batch' })

/** 'Year 6 Trip' → 'year-6-trip': the storage path segment of a folder and the start of its album's address (its name stays as typed). */
export function folderStorageKey(name: string) {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || DEFAULT_FOLDER
  )
}

export interface GalleryImage {
  id: string
  title: string | null
  imageUrl: string
  /** The folder column as stored. */
  folder: string
  /** What the photo shows, for people who cannot see it; '' until written (docs/product-rules.md#alt-text). */
  alt: string
  decorative: boolean
  focal: FocalPoint
  /** Its place in its album, from 0. */
  position: number
  createdAt: string
}

export interface GalleryFolder {
  id: string
  name: string
  externalUse: boolean
  enabled: boolean
  /** The album's address is /gallery/{slug}. */
  slug: string
  description: string
  coverImageId: string | null
  createdAt: string
}

/** Visitors see an album (and its photos) only when it is for external use and enabled: 'Published'. */
export function isPublished(folder: Pick<GalleryFolder, 'externalUse' | 'enabled'>) {
  return folder.externalUse && folder.enabled
}

/** An album as visitors see it: its card on /gallery and the head of its page. */
export interface PublicAlbum {
  name: string
  slug: string
  description: string
  count: number
  /** The chosen cover, else the album's first photo; null for an empty album. */
  cover: { imageUrl: string; alt: string; title: string | null; focal: FocalPoint } | null
}

export interface AdminGalleryFolder extends GalleryFolder {
  /** Images shown under this folder's filter. */
  count: number
}

export interface AdminGalleryImage extends GalleryImage {
  /** The filter it is listed under: its folder, or 'general' when that folder has no row or is empty. */
  listedUnder: string
}
