type Values = Record<string, unknown>

/**
 * The values of a form's named fields as the schema sees them: a dotted name
 * ('slides.0.title') becomes a nested value (`{ slides: [{ title }] }`), a
 * numeric part an array index. A name given twice keeps its last value, as
 * `Object.fromEntries(formData)` does.
 */
export function formValues(form: HTMLFormElement | FormData): Values {
  const data = form instanceof FormData ? form : new FormData(form)
  const values: Values = {}
  for (const [name, value] of data) setPath(values, name.split('.'), value)
  return values
}

/** A copy of `values` with one dotted path set, as `formValues` would read it. */
export function withValue(values: unknown, path: string, value: unknown): unknown {
  const copy: Values = structuredClone(values !== null && typeof values === 'object' ? (values as Values) : {})
  setPath(copy, path.split('.'), value)
  return copy
}

const isIndex = (part: string) => /^\d+$/.test(part)

function setPath(target: Values | unknown[], path: string[], value: unknown) {
  const [head, ...rest] = path
  if (head === undefined) return
  const slot = target as Record<string, unknown>
  // Own keys only: a field named '__proto__' or 'constructor' stays a plain key.
  if (head === '__proto__') return
  if (rest.length === 0) {
    slot[head] = value
    return
  }
  const existing = Object.hasOwn(slot, head) ? slot[head] : undefined
  const next = existing !== null && typeof existing === 'object' ? (existing as Values) : isIndex(rest[0]!) ? [] : {}
  slot[head] = next
  setPath(next, rest, value)
}
