import { describe, expect, test } from 'vitest'
import { contrastRatio, readableTextOn } from '#app/domain/theme/contrast.ts'
import { themeColorVariables } from '#app/domain/theme/theme-css.ts'
import { DEFAULT_COLORS } from '#app/domain/theme/theme.schema.ts'

describe('theme contrast', () => {
  test('contrast ratios match WCAG for black, white and grey', () => {
    expect(contrastRatio('0 0% 0%', '0 0% 100%')).toBeCloseTo(21, 1)
    expect(contrastRatio('0 0% 100%', '0 0% 100%')).toBeCloseTo(1, 5)
    expect(contrastRatio('0 0% 46%', '0 0% 100%')).toBeGreaterThan(4.5)
  })

  test('text on a theme colour is whichever of background and foreground reads better', () => {
    const text = { light: DEFAULT_COLORS.background, dark: DEFAULT_COLORS.foreground }
    expect(readableTextOn('215 70% 35%', text)).toBe(text.light)
    expect(readableTextOn('55 90% 75%', text)).toBe(text.dark)
  })

  test('the default theme gives readable button text (at least 4.5:1)', () => {
    const variables = themeColorVariables(DEFAULT_COLORS) as Record<string, string>
    expect(variables['--primary']).toBe('215 70% 35%')
    expect(contrastRatio(variables['--primary']!, variables['--primary-foreground']!)).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio(variables['--foreground']!, variables['--background']!)).toBeGreaterThanOrEqual(4.5)
  })
})
