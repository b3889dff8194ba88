import type { FieldErrors } from '#app/lib/action-result.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'

/** Admin forms answer every save with a toast, so a save refused before sending says why in an 'Error' toast too. */
export const toastRefusal = (_errors: FieldErrors, first: string) => showErrorToast(first)
