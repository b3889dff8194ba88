import { z } from 'zod'
import { UNKNOWN_ACTION, requiredText, rowId } from '#app/lib/schema-helpers.ts'
import { CATEGORY_COLOURS } from './event-category.ts'

export const EVENT_CATEGORY_MESSAGES = {
  created: 'Category created successfully',
  updated: 'Category updated successfully',
  deleted: 'Category deleted successfully',
  notFound: 'Category not found',
  nameTaken: 'A category with this name already exists',
  colour: 'Choose one of the colours',
  confirmDelete: 'Are you sure you want to delete this category? Its events stay on the calendar without a category.',
} as const

export const EVENT_CATEGORY_NAME_MAX = 50

export const eventCategorySchema = z.object({
  name: requiredText('Name', EVENT_CATEGORY_NAME_MAX),
  colour: z.enum(CATEGORY_COLOURS, { error: EVENT_CATEGORY_MESSAGES.colour }),
})

export type EventCategoryInput = z.infer<typeof eventCategorySchema>

export const eventCategoryActionSchema = z.discriminatedUnion(
  'intent',
  [
    eventCategorySchema.extend({ intent: z.literal('create-category') }),
    eventCategorySchema.extend({ intent: z.literal('update-category'), id: rowId }),
    z.object({ intent: z.literal('delete-category'), id: rowId }),
  ],
  { error: UNKNOWN_ACTION },
)
