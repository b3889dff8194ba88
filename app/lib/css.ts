import { isImageSource } from './url-rules.ts'

/**
 * A CSS url() for an image chosen in the admin, or undefined when the value is
 * not an image source: theme values end up in style attributes, so nothing
 * else may pass.
 */
export function cssUrl(value: string | undefined | null): string | undefined {
  return value && isImageSource(value) ? `url("${value}")` : undefined
}
