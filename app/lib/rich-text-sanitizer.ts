import sanitize from 'sanitize-html'
import { isImageSource } from './url-rules.ts'

/*
 * The markup rich text may keep (about section, blog posts), applied in two
 * places with the same rules: on the server before anything is stored or
 * shown, and in the editor to HTML pasted into it. sanitize-html reads HTML
 * with its own parser, without building DOM nodes, so pasted event handlers
 * never reach the page's document (where even an unattached element's
 * handler is checked, and reported, by the Content-Security-Policy).
 */

/** http(s), mailto and tel links, in-page anchors, and paths of this site (not `//host`, which leaves it). */
const SAFE_LINK = /^(?:https?:|mailto:|tel:|#|\/(?![/\\]))/i

function withoutAttribute(attribs: sanitize.Attributes, name: string) {
  const { [name]: _removed, ...rest } = attribs
  return rest
}

const options: sanitize.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li',
    'blockquote', 'a', 'img', 'figure', 'figcaption', 'hr', 'code', 'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
  },
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
  },
  // An image without a usable source would only show a broken-image icon.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
}

/** Keeps only safe formatting markup from rich text written or pasted in the admin. */
export function sanitizeRichText(html: string): string {
  return sanitize(html, options)
}
