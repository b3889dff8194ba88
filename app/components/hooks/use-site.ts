import { useRouteLoaderData } from 'react-router'
import { usePreviewTheme, type PreviewTheme } from './theme-preview.ts'

/** What the root loader returns to every page (its loader is typed with it). */
export interface SiteData {
  theme: PreviewTheme
  timeZone: string
  siteUrl: string
}

/**
 * What the root loader gives every page: the active theme (or, inside the
 * theme editor's live preview, the theme being edited), the school's time
 * zone, the site's address.
 */
export function useSite() {
  const data = useRouteLoaderData<SiteData>('root')
  const previewTheme = usePreviewTheme()
  if (!data) throw new Error('useSite() needs the root loader data')
  return previewTheme ? { ...data, theme: previewTheme } : data
}
