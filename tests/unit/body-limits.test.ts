import { describe, expect, test } from 'vitest'
import { BLOG_LIMITS } from '#app/domain/blog/blog.schema.ts'
import { BODY_LIMITS, formatBytes, formLimitFor, isAdminPath, LONGEST_BODY_MS, staffBodyLimitName } from '#app/lib/body-limits.ts'
import { MAX_DOCUMENT_BYTES, MAX_FILES_PER_UPLOAD, MAX_IMAGE_BYTES } from '#app/lib/uploads/upload-rules.ts'

describe('body limits by route', () => {
  test('upload routes get their upload limit, other admin paths the text form limit, the rest none for staff', () => {
    expect(staffBodyLimitName('/admin/gallery')).toBe('galleryUpload')
    expect(staffBodyLimitName('/admin/gallery.data')).toBe('galleryUpload')
    expect(staffBodyLimitName('/ADMIN/Gallery/')).toBe('galleryUpload')
    expect(staffBodyLimitName('/admin/policies')).toBe('documentUpload')
    for (const path of ['/admin/blogs', '/admin/events', '/admin/staff', '/admin/image-picker', '/admin/gallery/upload']) expect(staffBodyLimitName(path)).toBe('imageUpload')
    for (const path of ['/admin', '/admin.data', '/admin/sections', '/admin/theme', '/admin/users', '/admin/no-such-page']) expect(staffBodyLimitName(path)).toBe('staffForm')
    for (const path of ['/', '/api/auth/sign-in/email', '/api/functions/create-user', '/administrator', '/auth']) expect(staffBodyLimitName(path)).toBeNull()
    expect(isAdminPath('/administrator')).toBe(false)
    expect(formLimitFor('/')).toBe(BODY_LIMITS.anyone)
  })

  test('each limit holds the largest legitimate form of its routes', () => {
    // The contact message (1,000 characters), every character percent-encoded from three UTF-8 bytes, with name and address.
    expect(BODY_LIMITS.anyone.maxBytes).toBeGreaterThan((1_000 + 100 + 255) * 9)
    expect(BODY_LIMITS.staffForm.maxBytes).toBeGreaterThan(BLOG_LIMITS.content * 9 + 100_000)
    expect(BODY_LIMITS.imageUpload.maxBytes).toBeGreaterThan(MAX_IMAGE_BYTES + BLOG_LIMITS.content * 3)
    expect(BODY_LIMITS.galleryUpload.maxBytes).toBeGreaterThan(MAX_FILES_PER_UPLOAD * MAX_IMAGE_BYTES)
    expect(BODY_LIMITS.galleryUpload.maxFiles).toBe(MAX_FILES_PER_UPLOAD)
    expect(BODY_LIMITS.documentUpload.maxFileBytes).toBe(MAX_DOCUMENT_BYTES)
    expect(LONGEST_BODY_MS).toBe(BODY_LIMITS.galleryUpload.maxMs)
  })

  test('limits read as people write them', () => {
    expect(formatBytes(BODY_LIMITS.anyone.maxBytes)).toBe('64 KB')
    expect(formatBytes(BODY_LIMITS.imageUpload.maxBytes)).toBe('12 MB')
  })
})
