import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.tsx'

/** What the root loader gives every page: the active theme, the school's time zone, the site's address. */
export function useSite() {
  const data = useRouteLoaderData<typeof rootLoader>('root')
  if (!data) throw new Error('useSite() needs the root loader data')
  return data
}
