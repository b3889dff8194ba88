import type { CSSProperties } from 'react'
import { readableTextOn } from './contrast.ts'
// Types only: the theme's zod schemas must not reach every public page's bundle.
import type { ThemeColors } from './theme.schema.ts'

/**
 * The theme's colours as CSS variables named by the colour keys (docs/product-rules.md#themes),
 * plus text colours for primary, secondary and accent chosen for contrast.
 */
export function themeColorVariables(colors: ThemeColors): CSSProperties {
  const text = { light: colors.background, dark: colors.foreground }
  return {
    ...Object.fromEntries(Object.entries(colors).map(([key, value]) => [`--${key}`, value])),
    '--primary-foreground': readableTextOn(colors.primary, text),
    '--secondary-foreground': readableTextOn(colors.secondary, text),
    '--accent-foreground': readableTextOn(colors.accent, text),
  } as CSSProperties
}
