import { useEffect, useRef } from 'react'
import type { FetcherWithComponents } from 'react-router'
import { toast } from '#app/components/ui/sonner.tsx'
import type { ActionResult } from '#app/lib/action-result.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'

/**
 * Toasts each answer of an admin fetcher once (the success message, or
 * 'Error' with the server's message: docs/product-rules.md#messages) and
 * calls `onSuccess` after a success.
 */
export function useActionToast(fetcher: FetcherWithComponents<ActionResult>, onSuccess?: () => void) {
  const seen = useRef<ActionResult | undefined>(undefined)
  const latestOnSuccess = useRef(onSuccess)
  useEffect(() => {
    latestOnSuccess.current = onSuccess
  })
  useEffect(() => {
    const result = fetcher.data
    if (fetcher.state !== 'idle' || !result || result === seen.current) return
    seen.current = result
    if (result.ok) {
      toast.success(result.message)
      latestOnSuccess.current?.()
    } else {
      showErrorToast(result.error)
    }
  }, [fetcher.state, fetcher.data])
}
