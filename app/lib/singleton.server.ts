/**
 * One instance per process, kept across Vite's module reloads in development
 * (a reload would otherwise open a second database connection or change feed).
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __singletons?: Map<string, unknown> }
  store.__singletons ??= new Map()
  if (!store.__singletons.has(name)) store.__singletons.set(name, create())
  return store.__singletons.get(name) as T
}
