// eslint-disable-next-line no-restricted-imports -- the lazy toaster must receive every toast (to move into components)
import { toast } from '#app/components/ui/sonner.tsx'

/** Every failed call shows a destructive toast titled 'Error' with the server's message. */
export function showErrorToast(description: string) {
  toast.error('Error', { description, richColors: true })
}
