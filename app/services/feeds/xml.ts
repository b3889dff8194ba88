/** Everything outside XML 1.0's Char production: C0 controls other than tab and newlines, U+FFFE, U+FFFF and lone surrogates. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Text safe for XML element content and attribute values; characters XML cannot carry are dropped. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'
