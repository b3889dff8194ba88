import { z } from 'zod'
import { getEventCategory, listEventCategories } from '#app/domain/event/event-category.server.ts'
import { CATEGORY_COLOURS, type EventCategory } from '#app/domain/event/event-category.ts'
import { defineCollection } from '../collection.ts'

const item = z.object({
  id: z.string(),
  name: z.string().meta({ description: 'Unique, up to 50 characters.' }),
  slug: z.string().meta({ description: 'Its address in the calendar\'s filter and feed: /calendar?category={slug}, /calendar.ics?category={slug}.' }),
  colour: z.enum(CATEGORY_COLOURS).meta({ description: 'One of a fixed palette.' }),
  position: z.number().int().meta({ description: 'Place in the admins\' order, smallest first.' }),
})

function toItem(category: EventCategory): z.output<typeof item> {
  return { id: category.id, name: category.name, slug: category.slug, colour: category.colour, position: category.position }
}

/** Event categories: read here to set an event's category_id; admins manage them on the Events screen. */
export const eventCategories = defineCollection({
  name: 'event-categories',
  title: 'Event categories',
  description: 'The categories events can have, in the admins\' order. Read-only here: admins manage them on the Events screen.',
  minimumRole: 'editor',
  item,
  input: z.object({}),
  filters: z.object({}),
  editable: () => ({}),
  async list({ limit, offset }) {
    const categories = await listEventCategories()
    return { items: categories.slice(offset, offset + limit).map(toItem), total: categories.length }
  },
  async read(id) {
    const category = await getEventCategory(id)
    return category ? toItem(category) : null
  },
})
