/**
 * Zod decides whether to compile its parsers by trying `new Function`. Under
 * this site's Content-Security-Policy (no 'unsafe-eval') browsers report that
 * caught probe as a violation (the Issues panel, Lighthouse's best practices).
 * Forms do not need compiled parsers. Zod reads its settings from this global
 * when it loads; setting the global rather than calling `z.config` keeps zod
 * off the pages that have no form. Imported first by the root route.
 */
if (typeof document !== 'undefined') {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> }
  holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true }
}
