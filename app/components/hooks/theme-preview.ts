import { useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react'
import type { SectionStyles, ThemeColors } from '#app/domain/theme/theme.schema.ts'

export const THEME_PREVIEW_MESSAGE = 'school-website:theme-preview'
/** Sent by the framed page once it listens, so the editor knows when to send the theme. */
export const THEME_PREVIEW_READY = 'school-website:theme-preview-ready'

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

/** The theme editor's page; reading the location of a parent from another origin throws. */
function framedByThemeEditor() {
  if (window.parent === window) return false
  try {
    return window.parent.location.origin === window.location.origin && window.parent.location.pathname === '/admin/theme'
  } catch {
    return false
  }
}

function subscribe(listener: () => void) {
  const framed = framedByThemeEditor()
  if (framed && listeners.size === 0) {
    window.addEventListener('message', receive)
    window.parent.postMessage({ type: THEME_PREVIEW_READY }, window.location.origin)
  }
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

/**
 * The previewed colours as CSS variables, or undefined until they are worked out: the contrast maths
 * (culori) loads only in the editor's frame, never on a visitor's page (docs/product-rules.md#performance-budget).
 */
export function usePreviewStyle(colors: ThemeColors | undefined): CSSProperties | undefined {
  const [computed, setComputed] = useState<{ colors: ThemeColors; style: CSSProperties } | null>(null)
  useEffect(() => {
    if (!colors) return
    let current = true
    void import('#app/domain/theme/theme-css.ts').then((module) => {
      if (current) setComputed({ colors, style: module.themeColorVariables(colors) })
    })
    return () => {
      current = false
    }
  }, [colors])
  return colors && computed?.colors === colors ? computed.style : undefined
}
