/**
 * A CSS url() for an image chosen in the admin, or undefined when the value is
 * not one of our files or an http(s) URL: theme values end up in style
 * attributes, so nothing else may pass.
 */
export function cssUrl(value: string | undefined | null): string | undefined {
  if (!value) return undefined
  const safe = /^\/files\/[a-z]+\/[A-Za-z0-9._/-]+$/.test(value) || /^https?:\/\/[^\s"'()\\]+$/.test(value)
  return safe ? `url("${value}")` : undefined
}
