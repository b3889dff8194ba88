/** The longest slug of a post or a page: an address people can still read and type. */
export const SLUG_MAX_LENGTH = 100

/** Lower-case letters, digits and single hyphens between them: 'open-days-2027'. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export const SLUG_FORMAT_MESSAGE = 'Slug may only contain lowercase letters, numbers and hyphens'

/** 'Été à l'école: 2027!' → 'ete-a-l-ecole-2027': the slug the forms propose while the title is typed. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '')
}

/**
 * The slug made for an item whose slug is left to the title: `base` when it
 * is free, else the first free of `base-2`, `base-3`… (kept within the
 * longest slug), so a page titled 'Calendar' becomes 'calendar-2'.
 */
export function firstFreeSlug(base: string, unavailable: (slug: string) => boolean): string {
  if (!unavailable(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`
    if (!unavailable(candidate)) return candidate
  }
}
