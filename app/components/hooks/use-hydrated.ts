import { useSyncExternalStore } from 'react'

const neverChanges = () => () => {}

/** False in the server's HTML and while React hydrates it; true once the page's scripts have taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  )
}
