/** The request fields through which Better Auth's endpoints are told where to send the browser afterwards. */
export const RETURN_ADDRESS_FIELDS = ['callbackURL', 'redirectTo', 'newUserCallbackURL', 'errorCallbackURL'] as const

/** Percent-decoding is repeated this often, so a twice-encoded `//` is seen as well. */
const DECODING_ROUNDS = 3

/**
 * Browsers drop tabs and line breaks from a URL and read `\` as `/`, so
 * `/\evil.example` or `/<tab>/evil.example` leave the site: refuse them before the query.
 */
function hasConfusableCharacter(text: string): boolean {
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0
    if (code <= 0x20 || code === 0x7f || character === '\\') return true
  }
  return false
}

/** `value` and what it becomes after each round of percent-decoding, stopping at the first that does not decode. */
function decodings(value: string): string[] {
  const forms = [value]
  let current = value
  for (let round = 0; round < DECODING_ROUNDS; round++) {
    let decoded: string
    try {
      decoded = decodeURIComponent(current)
    } catch {
      break
    }
    if (decoded === current) break
    forms.push(decoded)
    current = decoded
  }
  return forms
}

/** Whether one form of the address stays on `origin`, even after the URL parser normalises `/./` and `/../`. */
function staysOnOrigin(form: string, origin: string): boolean {
  const beforeQuery = form.split(/[?#]/, 1)[0] ?? ''
  // Better Auth URI-encodes the address, which throws on a lone surrogate.
  if (!form.isWellFormed() || hasConfusableCharacter(beforeQuery)) return false
  let resolved: URL
  try {
    resolved = new URL(form, origin)
  } catch {
    return false
  }
  if (resolved.origin !== origin) return false
  // Better Auth rebuilds the address from its normalised path, where `/.//evil` has become the protocol-relative `//evil`.
  if (resolved.pathname.startsWith('//')) return false
  const relative = !/^[a-z][a-z0-9+.-]*:/i.test(form)
  return !relative || (form.startsWith('/') && !form.startsWith('//'))
}

/**
 * Whether a return address is a path on this site (`/admin`, or the same
 * path written as an absolute URL on `origin`), in every form a browser or
 * Better Auth may read it: raw, percent-decoded, and normalised.
 */
export function isOwnReturnAddress(value: string, origin: string): boolean {
  return decodings(value).every((form) => staysOnOrigin(form, origin))
}

/** The first return-address field among `sources` that does not lead back to this site, or null when all do. */
export function foreignReturnAddressField(origin: string, ...sources: unknown[]): (typeof RETURN_ADDRESS_FIELDS)[number] | null {
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue
    for (const field of RETURN_ADDRESS_FIELDS) {
      const value: unknown = (source as Record<string, unknown>)[field]
      // Better Auth treats an empty address as none.
      if (value === undefined || value === '') continue
      if (typeof value !== 'string' || !isOwnReturnAddress(value, origin)) return field
    }
  }
  return null
}
