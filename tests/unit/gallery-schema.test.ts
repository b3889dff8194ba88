import { describe, expect, test } from 'vitest'
import {
  folderStorageKey,
  galleryFolderSchema,
  galleryFormValues,
  galleryUploadSchema,
  uploadFolderOf,
  uploadTitles,
} from '#app/domain/gallery/gallery.schema.ts'
import { assertValidKey } from '#app/lib/storage/storage.ts'

const image = (name = 'a.png') => new File(['bytes'], name, { type: 'image/png' })
/** What an empty file input posts. */
const noFile = new File([], '', { type: 'application/octet-stream' })

function uploadForm(fields: Record<string, string>, files: File[]) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  for (const file of files) form.append('images', file)
  return galleryFormValues(form)
}

function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error!.issues[0]!.message
}

describe('gallery upload form', () => {
  test('the folder is the select, else the new-folder text, else general', () => {
    const parse = (fields: Record<string, string>) => uploadFolderOf(galleryUploadSchema.parse(uploadForm(fields, [image()])))
    expect(parse({ folder: 'events', newFolder: 'Choir' })).toBe('events')
    expect(parse({ folder: '', newFolder: '  Choir  ' })).toBe('Choir')
    expect(parse({ folder: '', newFolder: '  ' })).toBe('general')
    expect(parse({})).toBe('general')
  })

  test('one image takes the base title; several are numbered; no base title, no title', () => {
    expect(uploadTitles('Sports Day', 1)).toEqual(['Sports Day'])
    expect(uploadTitles('Sports Day', 3)).toEqual(['Sports Day 1', 'Sports Day 2', 'Sports Day 3'])
    expect(uploadTitles(null, 2)).toEqual([null, null])
  })

  test.each([
    ['no file chosen', [noFile], 'Please select at least one image'],
    ['nothing posted', [], 'Please select at least one image'],
    ['a file the browser does not call an image', [image(), new File(['x'], 'notes.txt', { type: 'text/plain' })], 'Please select an image file'],
    ['more files than one upload takes', Array.from({ length: 21 }, (_, index) => image(`${index}.png`)), 'Please select at most 20 images at a time'],
  ])('%s is refused', (_label, files, message) => {
    expect(firstError(galleryUploadSchema.safeParse(uploadForm({}, files)))).toBe(message)
  })
})

describe('folder names', () => {
  test.each([
    ['', 'Folder name is required'],
    ['   ', 'Folder name is required'],
    ['x'.repeat(51), 'Folder name must be less than 50 characters'],
    ['../etc', 'Folder name may only contain letters, numbers, spaces, hyphens and underscores'],
    ['Trips/2026', 'Folder name may only contain letters, numbers, spaces, hyphens and underscores'],
  ])('%j is refused with %s', (name, message) => {
    expect(firstError(galleryFolderSchema.safeParse({ name }))).toBe(message)
  })

  test('a valid name is trimmed; the switches post "on" when checked', () => {
    expect(galleryFolderSchema.parse({ name: ' Year 6_trip-2026 ', externalUse: 'on' })).toEqual({ name: 'Year 6_trip-2026', externalUse: true, enabled: false, description: '', coverImageId: null })
  })

  test('the storage key of a folder is a valid path segment, whatever its name', () => {
    for (const [name, key] of [
      ['Year 6 Trip', 'year-6-trip'],
      ['  __Sports--Day__ ', 'sports-day'],
      ['___', 'general'],
    ] as const) {
      expect(folderStorageKey(name)).toBe(key)
      expect(() => assertValidKey(`${folderStorageKey(name)}/x.webp`)).not.toThrow()
    }
  })
})
