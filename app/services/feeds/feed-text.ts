import sanitize from 'sanitize-html'

/** Everything outside XML 1.0's Char production: C0 controls other than tab and newlines, U+FFFE, U+FFFF and lone surrogates. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/**
 * Text a feed can carry: the feed library escapes markup but passes
 * characters XML cannot hold (a bell pasted into a title) straight through,
 * which would make the whole feed unreadable; they are dropped.
 */
export function feedText(text: string): string {
  return text.replace(NOT_XML_CHAR, '')
}

/**
 * Plain text for the fields Atom and JSON Feed read as HTML (titles and
 * summaries the library marks type="html", content_html): a '<' in a title
 * must show as a '<', not open a tag.
 */
export function feedHtml(text: string): string {
  return sanitize(feedText(text), { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'recursiveEscape' })
}
