import { useLocation } from 'react-router'

/**
 * Links of a back-office list that change some of its parameters and keep
 * the others (search, filter, page). A parameter set to null (or a first
 * page) is left out, so the plain address stays the list's first page.
 */
export function useListHref() {
  const location = useLocation()
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search)
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || (name === 'page' && value === 1)) params.delete(name)
      else params.set(name, String(value))
    }
    return `${location.pathname}${params.size ? `?${params.toString()}` : ''}`
  }
}
