import sanitize from 'sanitize-html'
import { isImageSource } from './url-rules.ts'
import { isVideoPlayerSource, VIDEO_MESSAGES } from './video-embeds.ts'

/*
 * The markup rich text may keep (about section, blog posts, pages), applied in two
 * places with the same rules: on the server before anything is stored or
 * shown, and in the editor to HTML pasted into it. sanitize-html reads HTML
 * with its own parser, without building DOM nodes, so pasted event handlers
 * never reach the page's document (where even an unattached element's
 * handler is checked, and reported, by the Content-Security-Policy).
 */

/** http(s), mailto and tel links, in-page anchors, and paths of this site (not `//host`, which leaves it). */
const SAFE_LINK = /^(?:https?:|mailto:|tel:|#|\/(?![/\\]))/i

/** The kinds of callout box: `<aside data-callout="info">`; any other value is read as info. */
export const CALLOUT_KINDS = ['info', 'warning', 'success'] as const
export type CalloutKind = (typeof CALLOUT_KINDS)[number]

function withoutAttribute(attribs: sanitize.Attributes, name: string) {
  const { [name]: _removed, ...rest } = attribs
  return rest
}

const options: sanitize.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li',
    'blockquote', 'a', 'img', 'figure', 'figcaption', 'hr', 'code', 'pre',
    'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'aside', 'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    aside: ['data-callout'],
    iframe: ['src', 'title', 'allowfullscreen', 'loading'],
  },
  // Only the video players' own addresses; the transform below checks the whole address.
  allowedIframeHostnames: ['www.youtube-nocookie.com', 'player.vimeo.com'],
  allowIframeRelativeUrls: false,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // sanitize-html lets any relative URL through; we only trust site-relative ones.
    a: (tagName, attribs) => {
      let safe = attribs
      if (safe.href !== undefined && !SAFE_LINK.test(safe.href.trim())) safe = withoutAttribute(safe, 'href')
      if (safe.target === '_blank') safe = { ...safe, rel: 'noopener noreferrer' }
      else if (safe.target !== undefined) safe = withoutAttribute(safe, 'target')
      return { tagName, attribs: safe }
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: attribs.src !== undefined && isImageSource(attribs.src) ? attribs : withoutAttribute(attribs, 'src'),
    }),
    aside: (tagName, attribs) => ({
      tagName,
      attribs: { 'data-callout': (CALLOUT_KINDS as readonly string[]).includes(attribs['data-callout'] ?? '') ? attribs['data-callout']! : 'info' },
    }),
    // A player of an allowed service, and nothing else; it always has a title for screen readers and loads when scrolled to.
    iframe: (tagName, attribs): sanitize.Tag => {
      const src = attribs.src?.trim() ?? ''
      if (!isVideoPlayerSource(src)) return { tagName, attribs: {} }
      return { tagName, attribs: { src, title: attribs.title?.trim() || VIDEO_MESSAGES.defaultTitle, allowfullscreen: '', loading: 'lazy' } }
    },
  },
  // An image without a usable source would only show a broken-image icon; an iframe without one, an empty box.
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
}

/** Keeps only safe formatting markup from rich text written or pasted in the admin. */
export function sanitizeRichText(html: string): string {
  return sanitize(html, options)
}

/**
 * Sanitised rich text as pages show it: each table in a region of its own
 * that scrolls sideways on a narrow phone, so the page itself never does.
 * Only for display: stored text keeps its tables bare.
 */
export function richTextForDisplay(sanitised: string): string {
  return sanitised
    .replace(/<table>/g, '<div class="rich-text-table" role="region" aria-label="Table" tabindex="0"><table>')
    .replace(/<\/table>/g, '</table></div>')
}
