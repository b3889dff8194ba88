import { z } from 'zod'
import { imageSourceOrEmpty } from '#app/lib/url-schemas.ts'
import { typedColor } from './color-space.ts'

export const COLOR_KEYS = ['primary', 'secondary', 'accent', 'background', 'foreground', 'muted', 'border'] as const
export type ColorKey = (typeof COLOR_KEYS)[number]
export type ThemeColors = Record<ColorKey, string>

export const DEFAULT_THEME_NAME = 'Default Theme'

export const DEFAULT_COLORS: ThemeColors = {
  primary: '215 70% 35%',
  secondary: '15 80% 60%',
  accent: '145 65% 50%',
  background: '0 0% 100%',
  foreground: '222 47% 11%',
  muted: '210 40% 96%',
  border: '214 32% 91%',
}

export const SECTION_STYLE_KEYS = [
  'hero',
  'features',
  'testimonials',
  'about',
  'contact',
  'footer',
  'pageTitle',
  'blogsPage',
  'eventsPage',
  'galleryPage',
  'policiesPage',
  'calendarPage',
  'schoolPages',
  'header',
] as const
export type SectionStyleKey = (typeof SECTION_STYLE_KEYS)[number]

export interface SectionStyle {
  backgroundImage: string
  overlayOpacity: number
  borderImage: string
  borderImageSlice: number
  borderImageWidth: string
  /** Only the header entry uses it. */
  height?: string
}

export type SectionStyles = Record<SectionStyleKey, SectionStyle>

const PAGE_BANNERS: readonly SectionStyleKey[] = [
  'pageTitle',
  'blogsPage',
  'eventsPage',
  'galleryPage',
  'policiesPage',
  'calendarPage',
  'schoolPages',
]

/** Border width defaults: 30px footer, 20px page banners, 10px elsewhere. */
export function defaultBorderWidth(key: SectionStyleKey): string {
  if (key === 'footer') return '30px'
  if (PAGE_BANNERS.includes(key)) return '20px'
  return '10px'
}

export function defaultSectionStyle(key: SectionStyleKey): SectionStyle {
  return {
    backgroundImage: '',
    overlayOpacity: 0.5,
    borderImage: '',
    borderImageSlice: 30,
    borderImageWidth: defaultBorderWidth(key),
    ...(key === 'header' ? { height: '80px' } : {}),
  }
}

export function defaultSectionStyles(): SectionStyles {
  return Object.fromEntries(SECTION_STYLE_KEYS.map((key) => [key, defaultSectionStyle(key)])) as SectionStyles
}

/** 'H S% L%', for example '215 70% 35%'; '#rrggbb' is accepted and stored in that format. */
export const hslColorSchema = z
  .string()
  .trim()
  .transform(typedColor)
  .pipe(
    z
      .string()
      .regex(
        /^(360|3[0-5]\d|[12]?\d?\d)(\.\d+)?\s+(100|\d?\d)(\.\d+)?%\s+(100|\d?\d)(\.\d+)?%$/,
        'Use the format H S% L% (example: 215 70% 35%)',
      ),
  )

export const themeColorsSchema = z.object(
  Object.fromEntries(COLOR_KEYS.map((key) => [key, hslColorSchema])) as Record<ColorKey, typeof hslColorSchema>,
)

export interface Theme {
  id: string
  name: string
  isActive: boolean
  colors: ThemeColors
  sectionStyles: SectionStyles
  createdAt: string
}

/** Stored colours merged over the defaults, so a partial or damaged row still renders. */
export function completeColors(stored: Partial<Record<string, unknown>>): ThemeColors {
  const colors = { ...DEFAULT_COLORS }
  for (const key of COLOR_KEYS) {
    const parsed = hslColorSchema.safeParse(stored[key])
    if (parsed.success) colors[key] = parsed.data
  }
  return colors
}

export function completeSectionStyles(stored: Partial<Record<string, unknown>>): SectionStyles {
  const styles = defaultSectionStyles()
  for (const key of SECTION_STYLE_KEYS) {
    const entry = stored[key]
    if (entry && typeof entry === 'object') styles[key] = { ...styles[key], ...(entry as Partial<SectionStyle>) }
  }
  return styles
}

/** The Theme screen's messages (docs/product-rules.md#messages). */
export const THEME_MESSAGES = {
  updated: 'Theme updated successfully',
  activated: 'Theme activated successfully',
  deleted: 'Theme deleted successfully',
  created: 'New theme created successfully',
  reset: 'Theme reset to default values',
  nameRequired: 'Please enter a theme name',
  noneSelected: 'No theme selected',
  notFound: 'Theme not found',
  activeCannotBeDeleted: 'The active theme cannot be deleted: activate another theme first.',
  tooLittleContrast: 'Visitors could not read some text with these colours',
  activeMustStayReadable: 'The active theme must stay readable for visitors',
} as const

const CSS_LENGTH = /^\d{1,4}(\.\d{1,2})?(px|rem|em|%)$/
const cssLength = (label: string) => z.string().trim().regex(CSS_LENGTH, `${label} must be a length such as 20px`)
/** '' (none) or an image source: the same rule `cssUrl` applies when rendering. */
const styleImage = imageSourceOrEmpty()

export const sectionStyleSchema = z.object({
  backgroundImage: styleImage,
  overlayOpacity: z.number({ error: 'Overlay opacity must be between 0 and 1' }).min(0, 'Overlay opacity must be between 0 and 1').max(1, 'Overlay opacity must be between 0 and 1'),
  borderImage: styleImage,
  borderImageSlice: z.number({ error: 'Border slice must be a number' }).int('Border slice must be a whole number').min(1, 'Border slice must be between 1 and 100').max(100, 'Border slice must be between 1 and 100'),
  borderImageWidth: cssLength('Border width'),
  height: cssLength('Header height').optional(),
})

export const sectionStylesSchema = z.object(
  Object.fromEntries(SECTION_STYLE_KEYS.map((key) => [key, sectionStyleSchema])) as Record<SectionStyleKey, typeof sectionStyleSchema>,
)

export const themeNameSchema = z.string({ error: THEME_MESSAGES.nameRequired }).trim().min(1, THEME_MESSAGES.nameRequired).max(100, 'Theme name must be less than 100 characters')

/** What the editor saves: name, colors, section_styles. */
export const themeInputSchema = z.object({
  name: themeNameSchema,
  colors: themeColorsSchema,
  sectionStyles: sectionStylesSchema,
})

export type ThemeInput = z.infer<typeof themeInputSchema>

/** The editor posts the theme as one JSON field: it has over seventy values. */
const themeJson = z
  .string({ error: THEME_MESSAGES.noneSelected })
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      context.addIssue({ code: 'custom', message: 'The theme could not be read' })
      return z.NEVER
    }
  })
  .pipe(themeInputSchema)

const themeId = z.string({ error: THEME_MESSAGES.noneSelected }).trim().min(1, THEME_MESSAGES.noneSelected).max(64)

export const themeActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('update'), id: themeId, theme: themeJson }),
    z.object({ intent: z.literal('create'), theme: themeJson }),
    z.object({ intent: z.literal('activate'), id: themeId }),
    z.object({ intent: z.literal('delete'), id: themeId }),
  ],
  { error: 'Unknown action' },
)
