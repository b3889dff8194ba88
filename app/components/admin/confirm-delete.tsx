import { Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#app/components/ui/alert-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'

interface ConfirmDeleteProps {
  /** What the button deletes, for its accessible name: 'Delete Maria Lopez's testimonial'. */
  label: string
  /** The spec's confirmation, e.g. 'Are you sure you want to delete this testimonial?'. */
  question: string
  onConfirm: () => void
  pending?: boolean
  trigger?: ReactNode
}

/** A delete button that asks first: every delete in the back office is confirmed (docs/product-rules.md#messages). */
export function ConfirmDelete({ label, question, onConfirm, pending, trigger }: ConfirmDeleteProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        {trigger ?? (
          <Button variant="ghost" size="icon" aria-label={label} disabled={pending} className="text-destructive hover:text-destructive">
            <Trash2 aria-hidden />
          </Button>
        )}
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure?</AlertDialogTitle>
          <AlertDialogDescription>{question}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
