import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import { activateTheme, createTheme, deleteTheme, updateTheme } from '#app/domain/theme/theme-admin.server.ts'
import {
  COLOR_KEYS,
  DEFAULT_COLORS,
  defaultSectionStyles,
  SECTION_STYLE_KEYS,
  sectionStylesSchema,
  THEME_MESSAGES,
  themeColorsSchema,
  themeNameSchema,
  type ColorKey,
  type SectionStyleKey,
  type Theme,
  type ThemeInput,
} from '#app/domain/theme/theme.schema.ts'
import { getTheme, listThemesPage } from '#app/domain/theme/theme.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { defineCollection } from '../collection.ts'
import { timestamp } from '../fields.ts'

/** A theme stops being active only when another one is activated: the site always shows one. */
export const THEMES_API_MESSAGES = {
  cannotDeactivate: 'The active theme cannot be deactivated: activate another theme instead.',
} as const

const COLORS_DESCRIPTION = `The seven colours, ${COLOR_KEYS.join(', ')}, each as H S% L% (example: 215 70% 35%).`
const SECTION_STYLES_DESCRIPTION = `The look of ${SECTION_STYLE_KEYS.join(', ')}, each with backgroundImage and borderImage ('' for none, a file of this site or an http(s) address), overlayOpacity (0 to 1), borderImageSlice (a whole number from 1 to 100) and borderImageWidth (a length such as 20px); header also has height (a length such as 80px). The keys are those of the stored settings.`
const IS_ACTIVE_DESCRIPTION =
  'Whether the public site shows this theme; exactly one theme is active. true activates this theme, and the one active until then no longer is. false is refused: activate another theme instead.'

const storedSectionStyle = z.object({
  backgroundImage: z.string(),
  overlayOpacity: z.number(),
  borderImage: z.string(),
  borderImageSlice: z.number(),
  borderImageWidth: z.string(),
  height: z.string().optional(),
})

/** As stored, merged over the defaults: every colour and section is always there. */
const item = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean().meta({ description: IS_ACTIVE_DESCRIPTION }),
  colors: z.object(Object.fromEntries(COLOR_KEYS.map((key) => [key, z.string()])) as Record<ColorKey, z.ZodString>).meta({ description: COLORS_DESCRIPTION }),
  section_styles: z
    .object(Object.fromEntries(SECTION_STYLE_KEYS.map((key) => [key, storedSectionStyle])) as Record<SectionStyleKey, typeof storedSectionStyle>)
    .meta({ description: SECTION_STYLES_DESCRIPTION }),
  created_at: timestamp('When the theme was created.'),
})

const input = z.object({
  name: themeNameSchema.meta({ description: 'Up to 100 characters.' }),
  colors: themeColorsSchema.optional().meta({ description: `${COLORS_DESCRIPTION} All seven are sent together; left out when creating, the default colours.` }),
  section_styles: sectionStylesSchema
    .optional()
    .meta({ description: `${SECTION_STYLES_DESCRIPTION} All sections are sent together; left out when creating, the default styles.` }),
  is_active: z.boolean({ error: 'is_active must be true or false' }).optional().meta({ description: `${IS_ACTIVE_DESCRIPTION} A new theme starts inactive unless it is true.` }),
})

type Values = z.output<typeof input>

function toItem(theme: Theme): z.output<typeof item> {
  return { id: theme.id, name: theme.name, is_active: theme.isActive, colors: theme.colors, section_styles: theme.sectionStyles, created_at: theme.createdAt }
}

/** What the theme editor saves; a part left out is the defaults, as 'Create New Theme' falls back to them. */
function toThemeInput(values: Values): ThemeInput {
  return { name: values.name, colors: values.colors ?? { ...DEFAULT_COLORS }, sectionStyles: values.section_styles ?? defaultSectionStyles() }
}

/** Creating and activating are one write: both happen, or neither. */
function addTheme(values: Values) {
  return writeTransaction(async () => {
    const created = await createTheme(toThemeInput(values))
    return toItem(values.is_active ? await activateTheme(created.id) : created)
  })
}

/** Saves the editor's values when they changed, then activates the theme if asked to, in one write. */
async function editTheme(id: string, values: Values) {
  const stored = await getTheme(id)
  if (!stored) throw DomainError.notFound(THEME_MESSAGES.notFound)
  if (stored.isActive && values.is_active === false) throw DomainError.conflict(THEMES_API_MESSAGES.cannotDeactivate, { is_active: THEMES_API_MESSAGES.cannotDeactivate })
  const next = toThemeInput(values)
  const unchanged = isDeepStrictEqual(next, { name: stored.name, colors: stored.colors, sectionStyles: stored.sectionStyles })
  return writeTransaction(async () => {
    const saved = unchanged ? stored : await updateTheme(id, next)
    return toItem(values.is_active && !stored.isActive ? await activateTheme(id) : saved)
  })
}

/** Themes: the public site's colours and section styles; the active one is shown. Admin keys only. */
export const themes = defineCollection({
  name: 'themes',
  title: 'Themes',
  description:
    'The public site\'s colour and section-style themes, as the Theme screen manages them, newest first. Exactly one is active; the active theme cannot be deleted or deactivated: activate another theme first.',
  minimumRole: 'admin',
  item,
  input,
  filters: z.object({}),
  domainFieldNames: { sectionStyles: 'section_styles' },
  editable: (theme) => ({ name: theme.name, colors: theme.colors, section_styles: theme.section_styles, is_active: theme.is_active }),
  async list({ limit, offset }) {
    const page = await listThemesPage({ limit, offset })
    return { items: page.themes.map(toItem), total: page.total }
  },
  async read(id) {
    const theme = await getTheme(id)
    return theme ? toItem(theme) : null
  },
  create: (values) => addTheme(values),
  update: (id, values) => editTheme(id, values),
  remove: (id) => deleteTheme(id),
})
