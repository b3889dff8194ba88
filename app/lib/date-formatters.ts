/**
 * Creating an Intl.DateTimeFormat resolves its locale and time-zone data each
 * time, which showed as a few per cent of the server's time under load;
 * formatting with one is cheap. So one formatter per locale and options is
 * kept for the life of the process. The options come from the code and the
 * school's time zone, so the set stays small.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options)
    formatters.set(key, formatter)
  }
  return formatter
}
