/** WCAG contrast for theme colours given as 'H S% L%'. */

function parseHsl(value: string): [number, number, number] {
  const [h = 0, s = 0, l = 0] = value.replace(/%/g, '').trim().split(/\s+/).map(Number)
  return [h, s / 100, l / 100]
}

function hslToRgb([h, s, l]: [number, number, number]): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
  return [f(0), f(8), f(4)]
}

function relativeLuminance(value: string): number {
  const [r, g, b] = hslToRgb(parseHsl(value)).map((channel) =>
    channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (lighter + 0.05) / (darker + 0.05)
}

/**
 * Text colour for a theme colour used as a background: whichever of the
 * theme's own background and foreground reads better on it, so an admin's
 * light primary still gets dark button text.
 */
export function readableTextOn(color: string, candidates: { light: string; dark: string }): string {
  return contrastRatio(color, candidates.light) >= contrastRatio(color, candidates.dark) ? candidates.light : candidates.dark
}
