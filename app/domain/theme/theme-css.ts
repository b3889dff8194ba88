import type { CSSProperties } from 'react'
import { readableTextOn } from './contrast.ts'
import { COLOR_KEYS, type ThemeColors } from './theme.schema.ts'

/**
 * The theme's colours as CSS variables named by the colour keys (spec §3),
 * plus text colours for primary, secondary and accent chosen for contrast.
 */
export function themeColorVariables(colors: ThemeColors): CSSProperties {
  const text = { light: colors.background, dark: colors.foreground }
  return {
    ...Object.fromEntries(COLOR_KEYS.map((key) => [`--${key}`, colors[key]])),
    '--primary-foreground': readableTextOn(colors.primary, text),
    '--secondary-foreground': readableTextOn(colors.secondary, text),
    '--accent-foreground': readableTextOn(colors.accent, text),
  } as CSSProperties
}
