import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { runInNewContext } from 'node:vm'
import { expect, test } from 'vitest'
import { HELD_SCRIPT_ID, HELD_SCRIPT_TYPE, scriptsAfterContent, STARTER } from '#app/lib/scripts-after-content.server.ts'

/** The page split into the given pieces of bytes, as React's stream may cut it. */
async function rewritten(page: string, cuts: number[]) {
  const bytes = Buffer.from(page)
  const pieces = [0, ...cuts, bytes.length].slice(1).map((end, n, ends) => bytes.subarray(n ? ends[n - 1] : 0, end))
  return text(Readable.from(pieces).pipe(scriptsAfterContent()))
}

/** Every cut the stream could make: none, inside 'É' (two bytes), and one byte at a time. */
function cutsOf(page: string) {
  const bytes = Buffer.byteLength(page)
  return [[], [32], [31, 32, 33], Array.from({ length: bytes - 1 }, (_, n) => n + 1)]
}

const BOOTSTRAP = ';\nimport * as route0 from "/assets/root.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client.js");'

function page(nonce: string) {
  return (
    '<!DOCTYPE html><html><head><title>École — Élèves</title>' +
    `<link rel="modulepreload" href="/assets/entry.client.js"${nonce}/><link rel="modulepreload" href="/assets/framework.js"${nonce}/>` +
    '<link rel="stylesheet" href="/assets/app.css"/></head>' +
    '<body><p>Élèves: <code>&lt;script type=&quot;module&quot; async=&quot;&quot;&gt;</code></p>' +
    `<script${nonce}>window.__reactRouterContext = {};</script><script${nonce} type="module" async="">${BOOTSTRAP}</script>` +
    `<script${nonce}>window.__reactRouterContext.streamController.close();</script></body></html>`
  )
}

function expected(nonce: string) {
  return (
    '<!DOCTYPE html><html><head><title>École — Élèves</title><link rel="stylesheet" href="/assets/app.css"/></head>' +
    '<body><p>Élèves: <code>&lt;script type=&quot;module&quot; async=&quot;&quot;&gt;</code></p>' +
    `<script${nonce}>window.__reactRouterContext = {};</script>` +
    `<script${nonce} type="${HELD_SCRIPT_TYPE}" id="${HELD_SCRIPT_ID}" data-modulepreload="/assets/entry.client.js /assets/framework.js">${BOOTSTRAP}</script>` +
    `<script${nonce}>${STARTER}</script>` +
    `<script${nonce}>window.__reactRouterContext.streamController.close();</script></body></html>`
  )
}

test.each([
  ['a page rendered for one visitor, with its nonce', ' nonce="+OTBYAy53XpMixBeCL8IYQ=="'],
  ['a page rendered for the cache, without one', ''],
])('%s: the head loses its module preloads, the module script is held until the first paint, however the stream is cut', async (_name, nonce) => {
  for (const cuts of cutsOf(page(nonce))) {
    expect(await rewritten(page(nonce), cuts)).toBe(expected(nonce))
  }
})

test('a module script that is not React Router’s, and module preloads in the body, pass unchanged', async () => {
  const other = '<html><head></head><body><p>Code: <link rel="modulepreload" href="/x.js"/></p><script id="mine" type="module" async="">import "/a.js";</script></body></html>'
  for (const cuts of cutsOf(other)) expect(await rewritten(other, cuts)).toBe(other)
})

test('a page that never closes its head, or its module script, comes out as it went in', async () => {
  const unclosedHead = '<html><head><link rel="modulepreload" href="/a.js"/>'
  expect(await rewritten(unclosedHead, [10])).toBe(unclosedHead)
  const unclosedScript = '<html><head></head><body><script type="module" async="">import "/a.js";'
  for (const cuts of cutsOf(unclosedScript)) expect(await rewritten(unclosedScript, cuts)).toBe(unclosedScript)
})

/** Runs the starter against a stand-in for the page: the held script, the head, paint timing and the load event. */
function runStarter({ paintTiming }: { paintTiming: boolean }) {
  const head: Record<string, string>[] = []
  const held = { dataset: { modulepreload: '/assets/entry.client.js /assets/framework.js' }, nonce: 'N0NCE', textContent: BOOTSTRAP, replacedBy: null as Record<string, string> | null }
  Object.assign(held, { replaceWith: (element: Record<string, string>) => (held.replacedBy = element) })
  const document = { getElementById: (id: string) => (id === HELD_SCRIPT_ID ? held : null), createElement: (tag: string) => ({ tag }), head: { append: (element: Record<string, string>) => head.push(element) } }
  const observers: { report: (names: string[]) => void; options?: unknown; disconnected: boolean }[] = []
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['mark', 'paint'] : ['mark']
    entry: (typeof observers)[number]
    constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
      this.entry = { report: (names) => callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) }), disconnected: false }
      observers.push(this.entry)
    }
    observe(options: unknown) {
      this.entry.options = options
    }
    disconnect() {
      this.entry.disconnected = true
    }
  }
  const listeners: Record<string, () => void> = {}
  const addEventListener = (type: string, listener: () => void) => (listeners[type] = listener)
  runInNewContext(STARTER, { document, window: { PerformanceObserver }, PerformanceObserver, addEventListener })
  return { head, held, observers, listeners }
}

test('the starter waits for the first contentful paint, then adds the preloads and runs the held script with its nonce', () => {
  const { head, held, observers } = runStarter({ paintTiming: true })
  expect(observers).toHaveLength(1)
  expect(observers[0]!.options).toEqual({ type: 'paint', buffered: true })
  observers[0]!.report(['first-paint'])
  expect(head).toEqual([])
  expect(held.replacedBy).toBeNull()

  observers[0]!.report(['first-paint', 'first-contentful-paint'])
  expect(observers[0]!.disconnected).toBe(true)
  expect(head).toEqual([
    { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client.js' },
    { tag: 'link', rel: 'modulepreload', href: '/assets/framework.js' },
  ])
  expect(held.replacedBy).toEqual({ tag: 'script', type: 'module', nonce: 'N0NCE', textContent: BOOTSTRAP })
})

test('a browser without paint timing starts the scripts at the load event', () => {
  const { head, held, observers, listeners } = runStarter({ paintTiming: false })
  expect(observers).toEqual([])
  expect(held.replacedBy).toBeNull()
  listeners.load!()
  expect(head).toHaveLength(2)
  expect(held.replacedBy).toMatchObject({ type: 'module', textContent: BOOTSTRAP })
})
