import { z } from 'zod'
import { createTestimonial, deleteTestimonial, updateTestimonial } from '#app/domain/testimonial/testimonial-admin.server.ts'
import { testimonialSchema } from '#app/domain/testimonial/testimonial.schema.ts'
import { getTestimonial, listTestimonialsPage, type Testimonial } from '#app/domain/testimonial/testimonial.server.ts'
import { defineCollection } from '../collection.ts'
import { timestamp } from '../fields.ts'

const item = z.object({
  id: z.string(),
  parent_name: z.string(),
  message: z.string(),
  rating: z.number().int().meta({ description: 'Stars, from 1 to 5.' }),
  created_at: timestamp('When the testimonial was added.'),
})

const input = z.object({
  parent_name: testimonialSchema.shape.parentName,
  message: testimonialSchema.shape.message,
  rating: testimonialSchema.shape.rating.meta({ description: 'A whole number from 1 to 5; 5 when left out.' }),
})

function toItem(testimonial: Testimonial): z.output<typeof item> {
  return { id: testimonial.id, parent_name: testimonial.parentName, message: testimonial.message, rating: testimonial.rating, created_at: testimonial.createdAt }
}

function toSubmission(values: z.output<typeof input>) {
  return { parentName: values.parent_name, message: values.message, rating: values.rating }
}

/** Testimonials: parents' words on the home page, newest first. */
export const testimonials = defineCollection({
  name: 'testimonials',
  title: 'Testimonials',
  description: 'What parents say about the school; the newest few are shown on the home page. Newest first.',
  minimumRole: 'editor',
  item,
  input,
  filters: z.object({}),
  domainFieldNames: { parentName: 'parent_name' },
  editable: (testimonial) => ({ parent_name: testimonial.parent_name, message: testimonial.message, rating: testimonial.rating }),
  async list({ limit, offset }) {
    const page = await listTestimonialsPage({ limit, offset })
    return { items: page.testimonials.map(toItem), total: page.total }
  },
  async read(id) {
    const testimonial = await getTestimonial(id)
    return testimonial ? toItem(testimonial) : null
  },
  create: async (values) => toItem(await createTestimonial(toSubmission(values))),
  update: async (id, values) => toItem(await updateTestimonial(id, toSubmission(values))),
  remove: (id) => deleteTestimonial(id),
})
