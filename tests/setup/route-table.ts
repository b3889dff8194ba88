import routes from '#app/routes.ts'

interface RouteEntry {
  path?: string
  index?: boolean
  file: string
  children?: RouteEntry[]
}

/** Every route of app/routes.ts with its whole path (`/gallery/:album`, `/` for the index), however deep in layouts. */
export function routeTable(entries: readonly RouteEntry[] = routes, parent = ''): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`
    const own = entry.path !== undefined || entry.index ? [{ path: path || '/', file: `app/${entry.file}` }] : []
    return [...own, ...routeTable(entry.children ?? [], path)]
  })
}
