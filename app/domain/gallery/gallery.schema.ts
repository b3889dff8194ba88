import { z } from 'zod'
import { MAX_FILES_PER_UPLOAD, UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { optionalText, rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'

/** The folder of an upload that names none, and of an image whose folder is empty. */
export const DEFAULT_FOLDER = 'general'

export const FOLDER_NAME_MAX = 50
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
  folderDeleted: 'Folder deleted successfully',
  folderNotFound: 'Folder not found',
  imageDeleted: 'Image deleted successfully',
  imageNotFound: 'Image not found',
  confirmDeleteImage: 'Are you sure you want to delete this image?',
  confirmDeleteFolder: 'Are you sure you want to delete this folder? Images in this folder will remain but will need to be reassigned.',
} as const

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

/** A form switch posts 'on' when checked and nothing when not. */
const switchValue = z
  .string()
  .optional()
  .transform((value) => value === 'on' || value === 'true')

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
      .refine((files) => files.every((file) => file.type.startsWith('image/')), UPLOAD_MESSAGES.notAnImage),
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
  externalUse: switchValue,
  enabled: switchValue,
})

export type GalleryFolderInput = z.infer<typeof galleryFolderSchema>

/** An image's changes: its title (as the upload form's) and the folder it moves to, which must exist. */
export const galleryImageSchema = z.object({
  title: galleryUploadSchema.shape.title,
  folder: folderName,
})

export type GalleryImageChanges = z.infer<typeof galleryImageSchema>

export const galleryActionSchema = z.discriminatedUnion(
  'intent',
  [
    galleryUploadSchema.extend({ intent: z.literal('upload') }),
    galleryFolderSchema.extend({ intent: z.literal('update-folder'), id: rowId }),
    z.object({ intent: z.literal('delete-folder'), id: rowId }),
    z.object({ intent: z.literal('delete-image'), id: rowId }),
  ],
  { error: UNKNOWN_ACTION },
)

/** What the gallery forms post, for the schema: the text fields, and every chosen file under `images`. */
export function galleryFormValues(form: FormData) {
  return { ...Object.fromEntries(form), images: form.getAll('images') }
}

/** The folder an upload goes to: the one chosen, else the new folder typed, else 'general'. */
export function uploadFolderOf(input: Pick<GalleryUploadInput, 'folder' | 'newFolder'>) {
  return input.folder ?? input.newFolder ?? DEFAULT_FOLDER
}

/** One image takes the base title, several get ' 1', ' 2', …; no base title, no title. */
export function uploadTitles(baseTitle: string | null, count: number): (string | null)[] {
  return Array.from({ length: count }, (_, index) => (baseTitle && count > 1 ? `${baseTitle} ${index + 1}` : baseTitle))
}

/** 'Year 6 Trip' → 'year-6-trip': the storage path segment of a folder (its name stays as typed). */
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
  createdAt: string
}

export interface GalleryFolder {
  id: string
  name: string
  externalUse: boolean
  enabled: boolean
}

export interface AdminGalleryFolder extends GalleryFolder {
  /** Images shown under this folder's filter. */
  count: number
}

export interface AdminGalleryImage extends GalleryImage {
  /** The filter it is listed under: its folder, or 'general' when that folder has no row or is empty. */
  listedUnder: string
}
