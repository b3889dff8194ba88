import { z } from 'zod'
import { PUBLISH_STATUSES, type PublishStatus } from '#db/tables/content.ts'

/**
 * What a visitor sees of an item: a draft never; a published item once its
 * publish time has come. "Scheduled" is not stored: it is a published item
 * whose time is still ahead (docs/product-rules.md#publishing).
 */
export type PublicationState = 'draft' | 'scheduled' | 'published'

export const PUBLICATION_STATES = ['draft', 'scheduled', 'published'] as const satisfies readonly PublicationState[]

export const PUBLICATION_MESSAGES = {
  invalidTime: 'Publish date must be a valid date and time',
  finerThanMillisecond: 'Publish date is kept to the millisecond: send at most three digits after the seconds',
  scheduleNeedsTime: 'Choose when the post should be published',
  scheduleInPast: 'A scheduled time must be in the future',
  invalidState: 'Status must be draft, scheduled or published',
  previewLinkCreated: 'Preview link created',
  previewLinksRevoked: 'Preview links revoked: the links shared so far no longer work.',
  previewIntent: 'Choose to share a preview link or to revoke the links.',
  previewExpired: 'This preview link has expired or does not exist.',
  /** Publishing waits until every image is described: 'the cover image', 'the image "trip.png"'. */
  undescribedImages: (images: readonly string[]) =>
    `Add alt text to ${images.join(' and ')} before publishing, or mark ${images.length === 1 ? 'it' : 'them'} decorative. Drafts can be saved without it.`,
  /** Headings and links that a screen reader cannot make sense of, each said in its own sentence. */
  inaccessibleText: (problems: readonly string[]) => `${problems.join(' ')} Fix ${problems.length === 1 ? 'it' : 'them'} before publishing; drafts can be saved as they are.`,
} as const

export function publicationState(item: { status: PublishStatus; publishedAt: string }, now: Date = new Date()): PublicationState {
  if (item.status === 'draft') return 'draft'
  return new Date(item.publishedAt).getTime() > now.getTime() ? 'scheduled' : 'published'
}

/**
 * How a write changes an item's publication: keep it a draft, publish it
 * (at `publishAt` when given, which may be in the past, otherwise now), or
 * schedule it for `publishAt`, which must be ahead. `publishAt` is a
 * wall-clock time of the school's zone, as the forms give it.
 */
export interface PublicationChange {
  state: PublicationState
  publishAt?: string | null
}

/**
 * The button a form was sent with: 'Save draft' (`draft`) or the publishing
 * one (`published`). Left out (a form sent without a button, a script), a new
 * item is published and a stored one keeps its status.
 */
export const publicationButton = z.enum(PUBLISH_STATUSES, { error: PUBLICATION_MESSAGES.invalidState }).optional()
