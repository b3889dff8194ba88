import { richTextForDisplay, sanitizeRichText } from './rich-text-sanitizer.ts'

/**
 * Rich text as the server stores and renders it: whatever a form or a script
 * sent, cleaned by the rules the editor also applies to pasted HTML.
 */
export function sanitizeHtml(html: string): string {
  return sanitizeRichText(html)
}

/** Rich text as a page shows it: sanitised, each table in its own sideways-scrolling region. */
export function sanitizeHtmlForDisplay(html: string): string {
  return richTextForDisplay(sanitizeRichText(html))
}
