import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { toast as sonnerToast } from 'sonner'
import type * as ToasterModuleExports from './sonner-toaster.tsx'

/**
 * Toasts without Sonner on every page: Sonner and its toaster load with the
 * first toast, which most visits never show (docs/product-rules.md#performance-budget).
 * A toast asked for before the toaster listens waits for it.
 */
type ToasterModule = typeof ToasterModuleExports

let loading: Promise<ToasterModule> | null = null
const listeners = new Set<() => void>()
let markListening = () => {}
const listening = new Promise<void>((resolve) => {
  markListening = resolve
})

function loadToaster() {
  if (!loading) {
    loading = import('./sonner-toaster.tsx')
    for (const listener of listeners) listener()
  }
  return loading
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

const LazyToaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })))

/** Mounted once in the root; renders nothing until the first toast. */
export function Toaster() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => loading !== null,
    () => false,
  )
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <LazyToaster onMounted={markListening} />
    </Suspense>
  )
}

type Kind = 'success' | 'error' | 'info'

function lazyToast(kind: Kind) {
  return (message: Parameters<(typeof sonnerToast)[Kind]>[0], options?: Parameters<(typeof sonnerToast)[Kind]>[1]) => {
    void loadToaster().then(async (module) => {
      await listening
      module.toast[kind](message, options)
    })
  }
}

export const toast = { success: lazyToast('success'), error: lazyToast('error'), info: lazyToast('info') }
