import { useSyncExternalStore } from 'react'
import type { SectionStyles, ThemeColors } from '#app/domain/theme/theme.schema.ts'

export const THEME_PREVIEW_MESSAGE = 'school-website:theme-preview'

export interface PreviewTheme {
  colors: ThemeColors
  sectionStyles: SectionStyles
}

let previewTheme: PreviewTheme | null = null
const listeners = new Set<() => void>()

/** Only our own admin, framing this page, may show a theme that is not saved yet. */
function receive(event: MessageEvent) {
  if (event.origin !== window.location.origin || event.source !== window.parent) return
  const message = event.data as { type?: unknown; theme?: PreviewTheme } | null
  if (message?.type !== THEME_PREVIEW_MESSAGE || !message.theme) return
  previewTheme = message.theme
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  const framed = window.parent !== window
  if (framed && listeners.size === 0) window.addEventListener('message', receive)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (framed && listeners.size === 0) window.removeEventListener('message', receive)
  }
}

/** The theme the admin's editor is previewing in this frame, or null (always null for visitors). */
export function usePreviewTheme(): PreviewTheme | null {
  return useSyncExternalStore(
    subscribe,
    () => previewTheme,
    () => null,
  )
}
