// Regular expressions are enough for the HTML this app renders (React writes every attribute in double quotes).

/** The start tags of the given elements, e.g. `<link rel="stylesheet" href="/assets/app.css"/>`. */
export function startTags(html: string, ...elements: string[]) {
  return [...html.matchAll(new RegExp(`<(?:${elements.join('|')})\\b[^>]*>`, 'gi'))].map(([tag]) => tag)
}

/** The value of one attribute of a start tag (any letter case), or undefined. */
export function attribute(tag: string, name: string) {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]
}
