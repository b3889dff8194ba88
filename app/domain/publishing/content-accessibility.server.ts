import { Parser } from 'htmlparser2'

/** Link words that say nothing about where a link goes, once case and punctuation are set aside. */
const VAGUE_LINK_TEXT = new Set(['click here', 'click', 'here', 'read more', 'more', 'learn more', 'link', 'this link', 'this', 'go', 'see here'])

const HEADING_LEVEL: Record<string, number> = { h2: 2, h3: 3, h4: 4 }

const words = (text: string) => text.replace(/\s+/g, ' ').trim()
const normalised = (text: string) => words(text).toLowerCase().replace(/[^\p{L}\p{N} ]/gu, '').trim()

export const CONTENT_ACCESSIBILITY_MESSAGES = {
  skippedHeading: (heading: string, level: number, expected: number) =>
    `The heading "${heading}" is level ${level} but should be level ${expected} at most: headings go down one level at a time, from level 2 under the title.`,
  vagueLink: (text: string) => `The link "${text}" does not say where it goes: use words that name the page or document.`,
} as const

/**
 * What keeps people using screen readers from following a post's text
 * (docs/product-rules.md#accessibility-checks): a heading that skips a level
 * (the page title is level 1, so the text starts at 2, and each heading goes
 * at most one level deeper than the one before), and a link whose words do
 * not say where it goes ('click here'). Level-1 headings cannot occur: the
 * sanitiser drops them.
 */
export function contentAccessibilityProblems(html: string): string[] {
  const problems: string[] = []
  let previousLevel = 1
  let heading: { level: number; text: string } | null = null
  let link: { text: string } | null = null
  const parser = new Parser({
    onopentag(name) {
      if (name in HEADING_LEVEL) heading = { level: HEADING_LEVEL[name]!, text: '' }
      if (name === 'a') link = { text: '' }
    },
    ontext(text) {
      if (heading) heading.text += text
      if (link) link.text += text
    },
    onclosetag(name) {
      if (heading && name in HEADING_LEVEL) {
        if (heading.level > previousLevel + 1) problems.push(CONTENT_ACCESSIBILITY_MESSAGES.skippedHeading(words(heading.text), heading.level, previousLevel + 1))
        previousLevel = heading.level
        heading = null
      }
      if (link && name === 'a') {
        if (VAGUE_LINK_TEXT.has(normalised(link.text))) problems.push(CONTENT_ACCESSIBILITY_MESSAGES.vagueLink(words(link.text)))
        link = null
      }
    },
  }, { decodeEntities: true })
  parser.end(html)
  return problems
}
