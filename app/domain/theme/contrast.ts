import { contrastRatio, mixColors } from './color-space.ts'
// Types only: the theme's zod schemas must not reach every public page's bundle.
import type { ColorKey, ThemeColors } from './theme.schema.ts'

export { contrastRatio }

/**
 * Text colour for a theme colour used as a background: whichever of the
 * theme's own background and foreground reads better on it, so an admin's
 * light primary still gets dark button text.
 */
export function readableTextOn(color: string, candidates: { light: string; dark: string }): string {
  return contrastRatio(color, candidates.light) >= contrastRatio(color, candidates.dark) ? candidates.light : candidates.dark
}

/** The colours the public pages paint text with besides the seven, derived from them as the stylesheet does. */
export function derivedColors(colors: ThemeColors) {
  const text = { light: colors.background, dark: colors.foreground }
  return {
    // app.css: --color-muted-foreground is 68% foreground in the background, mixed in OKLab.
    mutedForeground: mixColors(colors.foreground, 0.68, colors.background, 'oklab'),
    primaryForeground: readableTextOn(colors.primary, text),
    secondaryForeground: readableTextOn(colors.secondary, text),
    accentForeground: readableTextOn(colors.accent, text),
    // Page banners and the hero are `bg-primary/5`: 5% primary painted over the background.
    bannerBackground: mixColors(colors.primary, 0.05, colors.background, 'rgb'),
  }
}

/** WCAG 2.1 AA: 4.5:1 for body text, 3:1 for large text (24 px, or 18.66 px bold). */
export const AA_MINIMUM = { body: 4.5, large: 3 } as const

type Derived = ReturnType<typeof derivedColors>

/** One place the public site sets text of one theme colour on another (docs/product-rules.md#themes). */
export interface ContrastPair {
  label: string
  size: keyof typeof AA_MINIMUM
  /** The colours an admin changes to fix it, as the editor names them. */
  colorKeys: readonly ColorKey[]
  text: (colors: ThemeColors, derived: Derived) => string
  background: (colors: ThemeColors, derived: Derived) => string
}

export const CONTRAST_PAIRS: readonly ContrastPair[] = [
  { label: 'Body text on the page', size: 'body', colorKeys: ['foreground', 'background'], text: (c) => c.foreground, background: (c) => c.background },
  {
    label: 'Dates, captions and quiet text on the page',
    size: 'body',
    colorKeys: ['foreground', 'background'],
    text: (_, d) => d.mutedForeground,
    background: (c) => c.background,
  },
  { label: 'Site name, menu and links on the page', size: 'body', colorKeys: ['primary', 'background'], text: (c) => c.primary, background: (c) => c.background },
  { label: 'Text on quiet panels', size: 'body', colorKeys: ['foreground', 'muted'], text: (c) => c.foreground, background: (c) => c.muted },
  { label: 'Button text on the primary colour', size: 'body', colorKeys: ['primary'], text: (_, d) => d.primaryForeground, background: (c) => c.primary },
  { label: 'Button text on the secondary colour', size: 'body', colorKeys: ['secondary'], text: (_, d) => d.secondaryForeground, background: (c) => c.secondary },
  { label: 'Page titles on the banner', size: 'large', colorKeys: ['foreground', 'primary', 'background'], text: (c) => c.foreground, background: (_, d) => d.bannerBackground },
]

export interface PairContrast {
  pair: ContrastPair
  /** The pair's colours in this theme, as 'H S% L%'. */
  text: string
  background: string
  ratio: number
  minimum: number
  passes: boolean
}

/** Every pair of the theme with its ratio and whether it meets WCAG AA. */
export function themeContrast(colors: ThemeColors): PairContrast[] {
  const derived = derivedColors(colors)
  return CONTRAST_PAIRS.map((pair) => {
    const [text, background] = [pair.text(colors, derived), pair.background(colors, derived)]
    const ratio = contrastRatio(text, background)
    const minimum = AA_MINIMUM[pair.size]
    // Rounded down to two decimals, as the editor shows it: 4.499 must not pass as '4.50:1'.
    return { pair, text, background, ratio, minimum, passes: Math.floor(ratio * 100) / 100 >= minimum }
  })
}

/** '4.52:1', truncated so a ratio just below the minimum never reads as meeting it. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`
}

/** 'Site name, menu and links on the page (primary on background): 1.38:1, needs 4.5:1' */
export function describeShortfall({ pair, ratio, minimum }: PairContrast): string {
  return `${pair.label} (${pair.colorKeys.join(', ')}): ${formatRatio(ratio)}, needs ${minimum}:1`
}
