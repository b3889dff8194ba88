import { converter, formatHex, interpolate, modeHsl, modeLrgb, modeOklab, modeRgb, parse, useMode as registerColorSpace, wcagContrast, type Color } from 'culori/fn'

// culori's tree-shakable entry: only the colour spaces used here reach the public pages' bundle.
// (Its `useMode` registers a colour space; it is not a React hook, hence the other name.)
registerColorSpace(modeRgb)
registerColorSpace(modeLrgb)
registerColorSpace(modeHsl)
registerColorSpace(modeOklab)

const toHsl = converter('hsl')

/** A theme colour, stored as 'H S% L%' (the CSS variables wrap it in hsl()); black when it cannot be read. */
function colorOf(hsl: string): Color {
  return parse(`hsl(${hsl.trim()})`) ?? { mode: 'rgb', r: 0, g: 0, b: 0 }
}

/** '215 70% 35%' → '#1b4f98' for the native colour picker; null when the text is not a colour. */
export function hslToHex(hsl: string): string | null {
  const color = parse(`hsl(${hsl.trim()})`)
  return color ? formatHex(color) : null
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i

/** What an admin types as a colour: '#800020' becomes '345 100% 25%'; anything else is left for the format check. */
export function typedColor(text: string): string {
  const trimmed = text.trim()
  return HEX_COLOR.test(trimmed) ? hexToHsl(trimmed) : text
}

/** '#1b4f98' → '215 70% 35%', rounded to whole numbers as the editor shows them. */
export function hexToHsl(hex: string): string {
  const { h = 0, s, l } = toHsl(parse(hex) ?? 'black') ?? { h: 0, s: 0, l: 0 }
  return `${Math.round(h) % 360} ${Math.round(s * 100)}% ${Math.round(l * 100)}%`
}

/** The WCAG 2 contrast ratio of two theme colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  return wcagContrast(colorOf(a), colorOf(b))
}

/**
 * `share` of `from` mixed into `into`, as 'H S% L%': in OKLab as the
 * stylesheet's `color-mix(in oklab, …)` does, or in sRGB as a translucent
 * colour painted over another (`bg-primary/5`) looks.
 */
export function mixColors(from: string, share: number, into: string, space: 'oklab' | 'rgb'): string {
  const mixed = interpolate([colorOf(into), colorOf(from)], space)(share)
  const { h = 0, s, l } = toHsl(mixed)
  return `${h.toFixed(1)} ${(s * 100).toFixed(1)}% ${(l * 100).toFixed(1)}%`
}
