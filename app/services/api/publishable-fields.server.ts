import { z } from 'zod'
import { altTextField, focalCoordinate, type FocalPoint } from '#app/domain/media/media.schema.ts'
import { PUBLICATION_MESSAGES, PUBLICATION_STATES, type PublicationChange, type PublicationState } from '#app/domain/publishing/publication.ts'
import { API_TIME_DESCRIPTION, isApiTime, isFinerThanMillisecond, wallClock } from './api-time.server.ts'
import { optionalSwitchField } from './fields.ts'

/**
 * The fields a published item with a cover shares in the content API (posts,
 * pages): its status and publication time, and its cover with the cover's
 * description. `noun` names the item in the reference ('post', 'page').
 */
export function publishableFields(noun: string) {
  const coverAlt = `The cover's alt text: what it shows, for people who cannot see it (up to 250 characters). A ${noun} with a cover is published only when it has alt text or is decorative.`
  const coverDecorative = 'The cover adds nothing a reader needs: pages give it an empty alt.'
  const coverFocal = (edge: string) => `Where the cover's subject is, from its ${edge} edge: 0 to 1 (0.5 is the middle). Crops (cards, link previews) keep it in view.`
  return {
    /** As every answer gives them. */
    item: {
      cover_alt: z.string().meta({ description: coverAlt }),
      cover_decorative: z.boolean().meta({ description: coverDecorative }),
      cover_focal_x: z.number().meta({ description: coverFocal('left') }),
      cover_focal_y: z.number().meta({ description: coverFocal('top') }),
      status: z.enum(PUBLICATION_STATES).meta({
        description: 'draft (seen only by staff), scheduled (published, its time still ahead: it goes live by itself then) or published (on the site).',
      }),
    },
    /** As a create or a change takes them. */
    input: {
      status: z.enum(PUBLICATION_STATES, { error: PUBLICATION_MESSAGES.invalidState }).optional().meta({
        description: `draft keeps the ${noun} off the site; published puts it on (at published_at when given, which may be in the past; otherwise now, or its current date if it is already live); scheduled needs a published_at ahead. A new ${noun} is published now when left out.`,
      }),
      published_at: z
        .string()
        .trim()
        // The plainer message first: a field's first message is the one given.
        .refine((value) => !isFinerThanMillisecond(value), PUBLICATION_MESSAGES.finerThanMillisecond)
        .refine(isApiTime, PUBLICATION_MESSAGES.invalidTime)
        .optional()
        .meta({ format: 'date-time', description: `${API_TIME_DESCRIPTION} A published ${noun} with a time ahead is scheduled.` }),
      cover_image: z.union([z.file(), z.null()]).optional().meta({
        description: 'A new cover: an image file in a multipart/form-data body (JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 10 MB). null (JSON) removes the cover; leaving it out keeps it.',
      }),
      cover_alt: altTextField.optional().meta({ description: `${coverAlt} Left out, the stored one stays (none for a new cover).` }),
      cover_decorative: optionalSwitchField(coverDecorative),
      cover_focal_x: focalCoordinate.optional().meta({ description: `${coverFocal('left')} Send both or neither.` }),
      cover_focal_y: focalCoordinate.optional().meta({ description: `${coverFocal('top')} Send both or neither.` }),
    },
  }
}

interface CoverOfItem {
  coverImage: string | null
  coverAlt: string
  coverDecorative: boolean
  coverFocal: FocalPoint
}

/** An item's cover as answers give it. */
export function coverFieldsOf(item: CoverOfItem) {
  return {
    cover_image: item.coverImage,
    cover_alt: item.coverAlt,
    cover_decorative: item.coverDecorative,
    cover_focal_x: item.coverFocal.x,
    cover_focal_y: item.coverFocal.y,
  }
}

interface PublishableInput {
  status?: PublicationState
  published_at?: string
  cover_image?: File | null
  cover_alt?: string
  cover_decorative?: boolean
  cover_focal_x?: number
  cover_focal_y?: number
}

/**
 * What a create or change asks of the item's publication and cover, as its
 * admin form gives them to the domain: a publication change only when status
 * or published_at was given and differs from the stored item's; a file
 * replaces the cover, null removes it.
 */
export function publishableSubmission(values: PublishableInput, timeZone: string, stored?: { status: PublicationState; published_at: string }) {
  return {
    publication: publicationOf(values, timeZone, stored),
    coverFile: values.cover_image ?? null,
    removeCover: values.cover_image === null,
    coverAlt: values.cover_alt,
    coverDecorative: values.cover_decorative,
    coverFocalX: values.cover_focal_x,
    coverFocalY: values.cover_focal_y,
  }
}

function publicationOf(values: PublishableInput, timeZone: string, stored?: { status: PublicationState; published_at: string }): PublicationChange | undefined {
  if (values.status === undefined && values.published_at === undefined) return undefined
  if (stored && values.status === stored.status && values.published_at === stored.published_at) return undefined
  const state = values.status ?? (stored?.status === 'draft' ? 'draft' : 'published')
  return { state, publishAt: values.published_at === undefined || values.published_at === stored?.published_at ? null : wallClock(values.published_at, timeZone) }
}
