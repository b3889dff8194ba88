import { toast } from './sonner.tsx'

/** Every failed call shows a destructive toast titled 'Error' with the server's message. */
export function showErrorToast(description: string) {
  toast.error('Error', { description, richColors: true })
}
