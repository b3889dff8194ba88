import { useEffect, useRef, useState } from 'react'

export interface LocalDraft {
  savedAt: string
  values: Record<string, string>
}

const PREFIX = 'school-website:draft:'
const SAVE_AFTER_MS = 400
/** Fields that say what the form does, not what was typed. */
const CONTROL_FIELDS = new Set(['intent', 'id', 'publication'])

function readDraft(key: string): LocalDraft | null {
  try {
    const stored = window.localStorage.getItem(PREFIX + key)
    const parsed: unknown = stored ? JSON.parse(stored) : null
    if (typeof parsed !== 'object' || parsed === null) return null
    const { savedAt, values } = parsed as Partial<LocalDraft>
    if (typeof savedAt !== 'string' || typeof values !== 'object' || values === null) return null
    return { savedAt, values: Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) }
  } catch {
    return null
  }
}

/**
 * What is typed in a long form, kept in this browser while it is typed, so
 * that a closed tab, a crash or a lost session does not lose it: the form
 * offers it back when opened again, until it is saved or thrown away.
 * Files are not kept. Storage that is full or switched off keeps nothing.
 */
export function useLocalDraft(key: string | undefined) {
  // Forms that keep drafts open in the browser, never on the server, so the first render may read storage.
  const [offered, setOffered] = useState<LocalDraft | null>(() => (key && typeof window !== 'undefined' ? readDraft(key) : null))
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  function forget() {
    clearTimeout(timer.current)
    if (!key) return
    try {
      window.localStorage.removeItem(PREFIX + key)
    } catch {
      // Nothing was kept.
    }
  }

  return {
    /** The draft found when the form opened, until restored or discarded. */
    offered,
    dismiss: () => setOffered(null),
    /** Keeps the form's typed values, shortly after the last change. */
    keep(form: HTMLFormElement | null) {
      if (!key || !form) return
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        const values: Record<string, string> = {}
        for (const [name, value] of new FormData(form)) if (typeof value === 'string' && !CONTROL_FIELDS.has(name)) values[name] = value
        try {
          window.localStorage.setItem(PREFIX + key, JSON.stringify({ savedAt: new Date().toISOString(), values } satisfies LocalDraft))
        } catch {
          // Full or switched off: the form still works, it just keeps nothing.
        }
      }, SAVE_AFTER_MS)
    },
    forget,
  }
}
