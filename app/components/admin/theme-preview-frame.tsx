import { useEffect, useRef } from 'react'
import { THEME_PREVIEW_MESSAGE, THEME_PREVIEW_READY, type PreviewTheme } from '#app/components/hooks/theme-preview.ts'

/**
 * The public home page in a frame, showing the theme being edited before it
 * is saved: the framed page says when it listens, and gets the theme again
 * after every change. Only same-origin messages count either way.
 */
export function ThemePreviewFrame({ theme }: { theme: PreviewTheme }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const latest = useRef(theme)

  function send() {
    frame.current?.contentWindow?.postMessage({ type: THEME_PREVIEW_MESSAGE, theme: latest.current }, window.location.origin)
  }

  useEffect(() => {
    latest.current = theme
    send()
  }, [theme])

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow || data?.type !== THEME_PREVIEW_READY) return
      send()
    }
    window.addEventListener('message', listener)
    return () => window.removeEventListener('message', listener)
  }, [])

  return <iframe ref={frame} src="/" title="Live preview of the home page" className="h-[640px] w-full rounded-lg border bg-background" />
}
