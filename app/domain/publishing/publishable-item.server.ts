import { DomainError } from '#app/lib/errors/domain-error.ts'
import { sanitizeHtml } from '#app/lib/html-sanitizer.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import type { Bucket } from '#app/lib/storage/storage.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import type { WriteTransaction } from '#app/lib/transaction.server.ts'
import { chosenFile } from '#app/lib/uploads/upload-rules.ts'
import { checkImageUpload, storeImage } from '#app/lib/uploads/uploads.server.ts'
import { describedAs, type FocalPoint, type ImageDescription } from '../media/media.schema.ts'
import { contentAccessibilityProblems } from './content-accessibility.server.ts'
import { PUBLICATION_MESSAGES, type PublicationChange } from './publication.ts'
import { undescribedImages, type DescribableCover } from './undescribed-images.server.ts'

/*
 * What posts and pages do alike when they are saved: their rich text as
 * stored, their cover (file, description, focal point) and the checks that
 * keep an unreadable item off the site (docs/product-rules.md#publishing).
 */

/** What a form or the content API gives about an item's cover. */
export interface CoverSubmission {
  coverFile?: unknown
  removeCover?: boolean
  /** The cover's description; left out, the stored one stays (none for a new cover). */
  coverAlt?: string
  coverDecorative?: boolean
  coverFocalX?: number
  coverFocalY?: number
}

/** The form's publishing button and date as a publication change; a date ahead makes 'published' a schedule. */
export function publicationFromForm(input: { publication?: 'draft' | 'published'; publishAt?: string | null }): PublicationChange | undefined {
  return input.publication ? { state: input.publication, publishAt: input.publishAt } : undefined
}

/** The clock and the school's zone a publication is worked out by; read before a write's transaction opens. */
export const publishingClock = async () => ({ now: new Date(), timeZone: await siteTimeZone() })

/** The editor keeps an empty paragraph after a final heading or list: it would only add space below the item. */
function withoutTrailingEmptyParagraphs(html: string) {
  return html.replace(/(?:<p>(?:\s|<br\s*\/?>)*<\/p>)+$/, '')
}

/**
 * Rich text as stored: sanitised, then checked again by `check` (unsafe
 * markup alone leaves nothing, and escaping & → &amp; can take text past a
 * limit); `check` answers the first problem's message, or null.
 */
export function storedRichText(html: string, check: (content: string) => string | null): string {
  const content = withoutTrailingEmptyParagraphs(sanitizeHtml(html))
  const problem = check(content)
  if (problem) throw DomainError.invalidField('content', problem)
  return content
}

/** The chosen cover file, checked by its bytes and stored in `bucket`; null when none was chosen. */
export async function storedCoverImage(value: unknown, bucket: Bucket): Promise<string | null> {
  const file = chosenFile(value)
  if (!file) return null
  const checked = await checkImageUpload(file)
  if (!checked.ok) throw DomainError.invalidField('coverFile', checked.error)
  return storeImage(storage, bucket, checked.value)
}

/** The cover's focal point as stored: the middle for a new cover, the submission's when given, else the stored one. */
export function coverFocal(submission: CoverSubmission, stored: FocalPoint | null): FocalPoint {
  if (submission.coverFocalX !== undefined && submission.coverFocalY !== undefined) return { x: submission.coverFocalX, y: submission.coverFocalY }
  return stored ?? { x: 0.5, y: 0.5 }
}

/** The cover's description as stored: none without a cover, the submission's, else the stored one. */
export function coverDescription(submission: CoverSubmission, cover: string | null, stored: ImageDescription, keptCover: boolean): ImageDescription {
  if (!cover) return { alt: '', decorative: false }
  if (submission.coverAlt === undefined && !submission.coverDecorative) return keptCover ? stored : { alt: '', decorative: false }
  return describedAs({ alt: submission.coverAlt?.trim() ?? '', decorative: submission.coverDecorative ?? false })
}

/**
 * An item goes public only when people using screen readers can follow it:
 * its headings and links pass the checks, and its cover and each picture in
 * its text has alt text or is marked decorative. Drafts are saved as they
 * are (docs/product-rules.md#alt-text, #accessibility-checks).
 */
export async function refuseUnreadableForScreenReaders(tx: WriteTransaction, status: string, content: string, cover: DescribableCover) {
  if (status !== 'published') return
  const problems = contentAccessibilityProblems(content)
  if (problems.length) throw DomainError.invalidField('content', PUBLICATION_MESSAGES.inaccessibleText(problems))
  const missing = await undescribedImages(tx, content, cover)
  const names = [...(missing.cover ? ['the cover image'] : []), ...missing.inline]
  if (!names.length) return
  const message = PUBLICATION_MESSAGES.undescribedImages(names)
  throw DomainError.invalid(message, { ...(missing.cover ? { coverAlt: message } : {}), ...(missing.inline.length ? { content: message } : {}) })
}
