import { createHash } from 'node:crypto'

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const SOURCE_ATTRIBUTE = /\ssrc\s*=/i
/** Data blocks (JSON-LD, JSON) are never run, so the policy need not allow them. */
const DATA_TYPE = /\stype\s*=\s*["']?[^"'\s>]*json/i

/**
 * The Content-Security-Policy sources ('sha256-…') that allow exactly the
 * inline scripts of an HTML page: a page shared by every visitor cannot
 * carry a per-response nonce, so its scripts are allowed by their hashes.
 * A browser hashes a script's text as written between its tags (scripts
 * are raw text: no entities are decoded), in UTF-8.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (SOURCE_ATTRIBUTE.test(attributes) || DATA_TYPE.test(attributes)) continue
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}
