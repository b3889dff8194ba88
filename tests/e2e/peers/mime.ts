/**
 * The links of a raw MIME message, with quoted-printable soft line breaks and
 * escapes undone so they read whole, and the HTML part's &amp; read as &.
 */
export function linksInMessage(raw: string): string[] {
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#38;|&amp;/g, '&')
  return [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])]
}
