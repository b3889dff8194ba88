import { z } from 'zod'
import { getEditableSection, listEditableSectionsPage, saveSectionContent, type EditableSection } from '#app/domain/section/section-admin.server.ts'
import { EDITABLE_SECTION_KEYS, type EditableSectionKey } from '#app/domain/section/section-forms.ts'
import { sectionSchemas } from '#app/domain/section/section.schema.ts'
import { defineCollection } from '../collection.ts'
import { timestamp } from '../fields.ts'

/** Each key's content, for the reference: what a write must send for that key. */
const contentShapes = EDITABLE_SECTION_KEYS.map((key) => {
  const { $schema: _, ...shape } = z.toJSONSchema(sectionSchemas[key], { io: 'input' })
  return { ...shape, title: key }
})

type Shape = { properties?: Record<string, Shape>; items?: Shape }

/** "slides (a list of title, subtitle, image)": a key's fields in words, for the reference page. */
function fieldsInWords(shape: Shape): string {
  return Object.entries(shape.properties ?? {})
    .map(([name, field]) => (field.items?.properties ? `${name} (a list of ${fieldsInWords(field.items)})` : name))
    .join(', ')
}

const CONTENT_DESCRIPTION = `The section's content, shaped by its key as the Sections Management form for it: ${contentShapes
  .map((shape) => `${shape.title}: ${fieldsInWords(shape as Shape)}`)
  .join('; ')}. An update replaces it whole: read the section, change what you need and send all of it back.`

const content = z.record(z.string(), z.unknown(), { error: 'content must be an object' }).meta({ description: CONTENT_DESCRIPTION, anyOf: contentShapes })

const item = z.object({
  key: z.enum(EDITABLE_SECTION_KEYS).meta({ description: 'Which part of the home page the section is; it names the section in its path.' }),
  content,
  updated_at: timestamp('When the content was last saved.'),
})

const input = z.object({ content })

function toItem(section: EditableSection): z.output<typeof item> {
  return { key: section.key, content: section.content as Record<string, unknown>, updated_at: section.updatedAt }
}

/** The section schema names a field by its path in the content (`slides.0.title`); the API by its path in the body. */
function inBody(field: string) {
  return field === 'form' ? 'content' : `content.${field}`
}

async function saveContent(key: EditableSectionKey, values: z.output<typeof input>) {
  await saveSectionContent(key, values.content)
  const saved = await getEditableSection(key)
  if (!saved) throw new Error(`The section ${key} was saved but cannot be read back.`)
  return toItem(saved)
}

/**
 * Sections: the editable parts of the home page (hero slides, features,
 * about, contact details, logo). The seed creates them; they can be read and
 * changed, never created or deleted. The calendar address is edited with
 * the events, so it is not one of them.
 */
export const sections = defineCollection({
  name: 'sections',
  title: 'Home page sections',
  description:
    'The parts of the home page that Sections Management edits, ordered by key. Sections are part of the site: they can be read and their content replaced, not created or deleted.',
  minimumRole: 'editor',
  item,
  input,
  filters: z.object({}),
  domainFieldNames: inBody,
  itemKey: { name: 'key', description: `The section's key: ${EDITABLE_SECTION_KEYS.join(', ')}.` },
  editable: (section) => ({ content: section.content }),
  async list({ limit, offset }) {
    const page = await listEditableSectionsPage({ limit, offset })
    return { items: page.sections.map(toItem), total: page.total }
  },
  async read(key) {
    const section = await getEditableSection(key)
    return section ? toItem(section) : null
  },
  // Reached only for a key read() found, so it is one of the editable keys.
  update: (key, values) => saveContent(key as EditableSectionKey, values),
})
