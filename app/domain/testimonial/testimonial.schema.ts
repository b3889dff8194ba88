import { z } from 'zod'
import { countOf } from '#app/lib/list-params.ts'
import { requiredText, rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'

export const RATING_MAX = 5
export const DEFAULT_RATING = 5

/** Parent name and message required; rating 1-5, default 5. */
export const testimonialSchema = z.object({
  parentName: requiredText('Parent name', 100),
  message: requiredText('Message', 1000),
  rating: z.coerce
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(RATING_MAX, 'Rating must be a whole number from 1 to 5')
    .default(DEFAULT_RATING),
})

export type TestimonialInput = z.infer<typeof testimonialSchema>

export const testimonialActionSchema = z.discriminatedUnion('intent', [
  testimonialSchema.extend({ intent: z.literal('create') }),
  testimonialSchema.extend({ intent: z.literal('update'), id: rowId }),
  z.object({ intent: z.literal('delete'), id: rowId }),
], { error: UNKNOWN_ACTION })

export const TESTIMONIAL_MESSAGES = {
  created: 'Testimonial created successfully',
  updated: 'Testimonial updated successfully',
  deleted: 'Testimonial deleted successfully',
  deletedMany: (count: number) => `${countOf(count, 'testimonial')} deleted`,
  none: 'No testimonials yet.',
  notFound: 'Testimonial not found',
  confirmDelete: 'Are you sure you want to delete this testimonial?',
} as const
