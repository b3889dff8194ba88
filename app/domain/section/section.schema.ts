import { z } from 'zod'
import { CALENDAR_URL_REFUSAL } from '#app/lib/calendar-hosts.ts'
import { requiredText } from '#app/lib/schema-helpers.ts'
import { isEmbeddableCalendarUrl } from '#app/lib/url-rules.ts'
import { imageSource } from '#app/lib/url-schemas.ts'

export const SECTION_KEYS = ['calendar.google', 'home.about', 'home.contact', 'home.features', 'home.hero', 'home.logos'] as const
export type SectionKey = (typeof SECTION_KEYS)[number]

export const FEATURE_ICONS = [
  'BookOpen',
  'Users',
  'Award',
  'Heart',
  'GraduationCap',
  'Star',
  'Target',
  'Zap',
  'Globe',
  'Calendar',
] as const
export type FeatureIcon = (typeof FEATURE_ICONS)[number]
export const DEFAULT_FEATURE_ICON: FeatureIcon = 'BookOpen'

/** One of our stored files or an https address. */
const imageUrl = imageSource()

const optionalImageUrl = z.union([z.literal(''), imageUrl]).optional().default('')

export const heroSlideSchema = z.object({
  title: requiredText('Title', 100),
  subtitle: requiredText('Subtitle', 200),
  image: imageUrl,
})

export const heroSectionSchema = z.object({
  slides: z.array(heroSlideSchema).min(1, 'At least one slide is required'),
})

export const featureSchema = z.object({
  icon: z.enum(FEATURE_ICONS, { error: 'Icon is required' }),
  title: requiredText('Title', 50),
  description: requiredText('Description', 200),
  image: optionalImageUrl,
})

export const featuresSectionSchema = z.object({
  title: requiredText('Title', 100),
  features: z.array(featureSchema).min(1, 'At least one feature is required'),
})

export const aboutSectionSchema = z.object({
  title: requiredText('Title', 100),
  content: requiredText('Content', 2000),
  image: optionalImageUrl,
})

export const contactSectionSchema = z.object({
  schoolName: requiredText('School name', 100),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(1, 'Phone is required')
    .regex(/^[\d\s\-+()]+$/, 'Invalid phone number format'),
  email: z.string().trim().max(255, 'Email must be less than 255 characters').pipe(z.email('Invalid email address')),
  address: requiredText('Address', 500),
})

export const logosSectionSchema = z.object({
  image: imageUrl,
  title: requiredText('Title', 50),
  hoverText: requiredText('Hover text', 100),
  /** The link preview of pages without a picture of their own; empty: one is made from the logo and the theme's colours. */
  shareImage: optionalImageUrl,
})

/** Empty (no calendar) or an embed address the public calendar page frames; anything else would be stored and never shown. */
export const calendarSectionSchema = z.object({
  url: z
    .string()
    .max(2000, CALENDAR_URL_REFUSAL)
    .refine((url) => url === '' || isEmbeddableCalendarUrl(url), CALENDAR_URL_REFUSAL),
})

export const sectionSchemas = {
  'home.hero': heroSectionSchema,
  'home.features': featuresSectionSchema,
  'home.about': aboutSectionSchema,
  'home.contact': contactSectionSchema,
  'home.logos': logosSectionSchema,
  'calendar.google': calendarSectionSchema,
} satisfies Record<SectionKey, z.ZodType>

export type SectionContent = { [K in SectionKey]: z.infer<(typeof sectionSchemas)[K]> }

/**
 * The home page's blocks, in the order a site shows them until an editor
 * changes it (docs/product-rules.md#home-page-layout).
 */
export const HOME_BLOCKS = ['hero', 'latestNews', 'upcomingEvents', 'features', 'testimonials', 'about', 'contact'] as const
export type HomeBlock = (typeof HOME_BLOCKS)[number]

/** The layout is stored as a section row of its own, outside SECTION_KEYS: a site without the row shows the default layout. */
export const HOME_LAYOUT_KEY = 'home.layout'

export const HOME_LAYOUT_MESSAGES = {
  unknownBlock: 'Unknown home page block',
  everyBlockOnce: 'Each home page block must appear exactly once',
  hiddenOnce: 'A hidden block is listed more than once',
  heroShown: "The hero cannot be hidden: it holds the page's main heading",
  updated: 'Home page layout updated',
} as const

const homeBlock = z.enum(HOME_BLOCKS, { error: HOME_LAYOUT_MESSAGES.unknownBlock })

/** Every block exactly once in `order`; `hidden` names blocks that are not shown, never the hero. Unknown keys are refused. */
export const homeLayoutSchema = z
  .object({
    order: z
      .array(homeBlock, { error: HOME_LAYOUT_MESSAGES.everyBlockOnce })
      .refine((order) => order.length === HOME_BLOCKS.length && new Set(order).size === HOME_BLOCKS.length, HOME_LAYOUT_MESSAGES.everyBlockOnce),
    hidden: z
      .array(homeBlock, { error: HOME_LAYOUT_MESSAGES.hiddenOnce })
      .max(HOME_BLOCKS.length, HOME_LAYOUT_MESSAGES.hiddenOnce)
      .refine((hidden) => new Set(hidden).size === hidden.length, HOME_LAYOUT_MESSAGES.hiddenOnce)
      .refine((hidden) => !hidden.includes('hero'), HOME_LAYOUT_MESSAGES.heroShown),
  })
  .strict()

export type HomeLayout = z.infer<typeof homeLayoutSchema>

export const DEFAULT_HOME_LAYOUT: HomeLayout = { order: [...HOME_BLOCKS], hidden: [] }

/** The blocks the home page shows, in their order. */
export function visibleHomeBlocks(layout: HomeLayout): HomeBlock[] {
  return layout.order.filter((block) => !layout.hidden.includes(block))
}
