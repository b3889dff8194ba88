import { z } from 'zod'
import { UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'

/** The keys with a form in Sections Management; calendar.google is edited in Events. */
export const EDITABLE_SECTION_KEYS = ['home.about', 'home.contact', 'home.features', 'home.hero', 'home.logos'] as const
export type EditableSectionKey = (typeof EDITABLE_SECTION_KEYS)[number]

export function isEditableSectionKey(key: string): key is EditableSectionKey {
  return (EDITABLE_SECTION_KEYS as readonly string[]).includes(key)
}

export const SECTION_MESSAGES = {
  updated: 'Section updated successfully',
  noForm: 'No form available for this section type.',
  notFound: 'Section not found',
} as const

/** A form posts the section key and its content as JSON; the content is checked against that key's schema. */
export const sectionActionSchema = z.object({
  intent: z.literal('save', { error: UNKNOWN_ACTION }),
  key: z.enum(EDITABLE_SECTION_KEYS, { error: SECTION_MESSAGES.noForm }),
  content: z.string().max(200_000),
})

/** The home page layout posts its content as JSON under `layout`; the content is checked against `homeLayoutSchema`. */
export const homeLayoutActionSchema = z.object({
  intent: z.literal('layout', { error: UNKNOWN_ACTION }),
  layout: z.string().max(10_000),
})
