import { sanitizeRichText } from './rich-text-sanitizer.ts'

/**
 * Rich text as the server stores and renders it: whatever a form or a script
 * sent, cleaned by the rules the editor also applies to pasted HTML.
 */
export function sanitizeHtml(html: string): string {
  return sanitizeRichText(html)
}
