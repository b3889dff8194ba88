import { describe, expect, test } from 'vitest'
import { contrastRatio, describeShortfall, formatRatio, readableTextOn, themeContrast } from '#app/domain/theme/contrast.ts'
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

describe('the theme contrast gate', () => {
  test('the default theme meets WCAG AA on every pair the public site paints', () => {
    const report = themeContrast(DEFAULT_COLORS)
    expect(report.map((entry) => entry.pair.label)).toEqual([
      'Body text on the page',
      'Dates, captions and quiet text on the page',
      'Site name, menu and links on the page',
      'Text on quiet panels',
      'Button text on the primary colour',
      'Button text on the secondary colour',
      'Page titles on the banner',
    ])
    expect(report.filter((entry) => !entry.passes)).toEqual([])
    expect(report.map((entry) => entry.minimum)).toEqual([4.5, 4.5, 4.5, 4.5, 4.5, 4.5, 3])
  })

  test('a gold primary fails only where it is text on the page, and the shortfall names the pair and the colours', () => {
    const failing = themeContrast({ ...DEFAULT_COLORS, primary: '51 100% 50%' }).filter((entry) => !entry.passes)
    expect(failing.map(describeShortfall)).toEqual(['Site name, menu and links on the page (primary, background): 1.38:1, needs 4.5:1'])
  })

  test('a ratio just under the minimum never shows or counts as meeting it', () => {
    expect(formatRatio(4.4999)).toBe('4.49:1')
    expect(formatRatio(21)).toBe('21.00:1')
    // #767676 on white is the well-known 4.54:1; #777777 is 4.48:1.
    expect(formatRatio(contrastRatio('0 0% 46.27%', '0 0% 100%'))).toBe('4.54:1')
    const justUnder = themeContrast({ ...DEFAULT_COLORS, foreground: '0 0% 46.67%' })[0]!
    expect(justUnder).toMatchObject({ passes: false, minimum: 4.5 })
  })
})
