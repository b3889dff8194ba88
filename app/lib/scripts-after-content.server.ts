import { Transform } from 'node:stream'

const HEAD_END = Buffer.from('</head>')
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]*)"[^>]*>/g
/** How React Router's inline module script, the one that imports the page's modules and starts the app, opens. */
const BOOTSTRAP_MARKER = Buffer.from(' type="module" async="">')
const BOOTSTRAP_TAG = /<script((?: nonce="[^"]*")?) type="module" async="">$/
const SCRIPT_START = Buffer.from('<script')
const SCRIPT_END = Buffer.from('</script>')
/** Longer than the bootstrap's opening tag with its nonce: what is held back in case a tag is cut between two chunks. */
const HOLD_BACK = 256

/** The id of the held script; its `data-modulepreload` lists the modules React Router would have preloaded in the head. */
export const HELD_SCRIPT_ID = 'scripts-after-first-paint'
export const HELD_SCRIPT_TYPE = 'text/x-after-first-paint'

/**
 * Runs in the page as it is parsed: once the browser reports the page's first contentful paint, it adds the
 * module preloads to the head and turns the held script into the module script it was. A browser without paint
 * timing starts at the load event. Constant text, so a cached page's policy allows it by one hash.
 */
export const STARTER = `(() => {
  const start = () => {
    const held = document.getElementById('${HELD_SCRIPT_ID}')
    if (!held) return
    for (const href of held.dataset.modulepreload.split(' ').filter(Boolean)) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      document.head.append(link)
    }
    const script = document.createElement('script')
    script.type = 'module'
    script.nonce = held.nonce
    script.textContent = held.textContent
    held.replaceWith(script)
  }
  if (!window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return addEventListener('load', start, { once: true })
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    start()
  })
  observer.observe({ type: 'paint', buffered: true })
})()`

/**
 * Holds the page's scripts back until the page has painted: the head's module preloads are taken out, and React
 * Router's module script is sent inert, with a small script after it that starts both once the browser reports
 * the first contentful paint. A phone on a slow connection then spends its bandwidth and its main thread on the
 * stylesheet, the text and the lead image first; every page is complete and its forms work before its scripts
 * have run (docs/product-rules.md#performance-budget). The rest of the stream passes through; a tag cut between
 * two chunks is found all the same.
 */
export function scriptsAfterContent() {
  let head: Buffer | null = Buffer.alloc(0)
  const preloads: string[] = []
  /** The body's bytes not yet passed on: a tail that may hold the start of the bootstrap, or the bootstrap itself. */
  let body: Buffer = Buffer.alloc(0)
  let done = false

  function rewriteHead(bytes: Buffer) {
    return Buffer.from(
      bytes.toString().replace(MODULE_PRELOAD, (_tag, href: string) => {
        preloads.push(href)
        return ''
      }),
    )
  }

  /** What of the body can be passed on now. */
  function advance(final: boolean): Buffer {
    if (done) {
      const out = body
      body = Buffer.alloc(0)
      return out
    }
    const marker = body.indexOf(BOOTSTRAP_MARKER)
    if (marker === -1) {
      if (final) return take(body.length)
      return take(Math.max(0, body.length - HOLD_BACK))
    }
    const tagStart = body.lastIndexOf(SCRIPT_START, marker)
    const contentStart = marker + BOOTSTRAP_MARKER.length
    const tag = tagStart === -1 ? null : BOOTSTRAP_TAG.exec(body.subarray(tagStart, contentStart).toString())
    const end = body.indexOf(SCRIPT_END, contentStart)
    if (!tag) {
      // Not React Router's script after all: pass it on and look further.
      const before = take(contentStart)
      return Buffer.concat([before, advance(final)])
    }
    if (end === -1) return final ? take(body.length) : take(tagStart)
    const nonce = tag[1] ?? ''
    const held =
      `<script${nonce} type="${HELD_SCRIPT_TYPE}" id="${HELD_SCRIPT_ID}" data-modulepreload="${preloads.join(' ')}">` +
      body.subarray(contentStart, end + SCRIPT_END.length).toString() +
      `<script${nonce}>${STARTER}</script>`
    const before = take(tagStart)
    take(end + SCRIPT_END.length - tagStart)
    done = true
    return Buffer.concat([before, Buffer.from(held), advance(final)])
  }

  function take(length: number) {
    const out = body.subarray(0, length)
    body = body.subarray(length)
    return out
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head) {
        head = Buffer.concat([head, chunk])
        // Searched in bytes: a chunk may end inside a character, and the head ends at an ASCII '<'.
        const end = head.indexOf(HEAD_END)
        if (end === -1) return callback()
        const rewritten = rewriteHead(head.subarray(0, end))
        body = head.subarray(end)
        head = null
        return callback(null, Buffer.concat([rewritten, advance(false)]))
      }
      // Once React Router's script has been held, the rest is passed on as it comes.
      if (done) return callback(null, chunk)
      body = Buffer.concat([body, chunk])
      const out = advance(false)
      callback(null, out.length ? out : undefined)
    },
    flush(callback) {
      if (head) return callback(null, head.length ? head : undefined)
      const out = advance(true)
      callback(null, out.length ? out : undefined)
    },
  })
}
