import type { CSSProperties } from 'react'
import { COLOR_KEYS, type ThemeColors } from './theme.schema.ts'

/** The theme's colours as CSS variables named by the colour keys (spec §3). */
export function themeColorVariables(colors: ThemeColors): CSSProperties {
  return Object.fromEntries(COLOR_KEYS.map((key) => [`--${key}`, colors[key]])) as CSSProperties
}
