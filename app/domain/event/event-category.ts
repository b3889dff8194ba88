/**
 * Category colours: a fixed palette whose badge (dark text on a light tint)
 * passes WCAG AA contrast on the public pages in light and dark themes alike,
 * whatever the school's theme colours are.
 */
export const CATEGORY_COLOURS = ['blue', 'green', 'red', 'purple', 'orange', 'teal', 'pink', 'gray'] as const
export type CategoryColour = (typeof CATEGORY_COLOURS)[number]

export const CATEGORY_COLOUR_LABELS: Record<CategoryColour, string> = {
  blue: 'Blue',
  green: 'Green',
  red: 'Red',
  purple: 'Purple',
  orange: 'Orange',
  teal: 'Teal',
  pink: 'Pink',
  gray: 'Grey',
}

/** Badge classes per colour: written out whole so Tailwind finds them. */
export const CATEGORY_BADGE_CLASSES: Record<CategoryColour, string> = {
  blue: 'bg-blue-100 text-blue-900 border-blue-300',
  green: 'bg-green-100 text-green-900 border-green-300',
  red: 'bg-red-100 text-red-900 border-red-300',
  purple: 'bg-purple-100 text-purple-900 border-purple-300',
  orange: 'bg-orange-100 text-orange-900 border-orange-300',
  teal: 'bg-teal-100 text-teal-900 border-teal-300',
  pink: 'bg-pink-100 text-pink-900 border-pink-300',
  gray: 'bg-gray-100 text-gray-900 border-gray-300',
}

export interface EventCategory {
  id: string
  name: string
  slug: string
  colour: CategoryColour
  position: number
}

export function isCategoryColour(value: string): value is CategoryColour {
  return (CATEGORY_COLOURS as readonly string[]).includes(value)
}
