import { Trash2 } from 'lucide-react'
import { Slot } from 'radix-ui'
import { useRef, useState, type ReactNode } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#app/components/ui/alert-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'

interface ConfirmDeleteProps {
  /** What the button deletes, for its accessible name: 'Delete Maria Lopez's testimonial'. */
  label: string
  /** The question asked, e.g. 'Are you sure you want to delete this testimonial?'. */
  question: string
  onConfirm: () => void
  pending?: boolean
  /** A button of its own (with `type="button"` inside a form) instead of the bin icon. */
  trigger?: ReactNode
}

/**
 * A delete button that asks first: every delete in the back office is confirmed (docs/product-rules.md#messages).
 * A list has one on every row, so the question's dialog is made when the button is first pressed, not with the
 * page: each one rendered with its row cost a list page as much as the rest of the row.
 */
export function ConfirmDelete({ label, question, onConfirm, pending, trigger }: ConfirmDeleteProps) {
  const [asked, setAsked] = useState(false)
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLElement>(null)
  const ask = () => {
    setAsked(true)
    setOpen(true)
  }
  return (
    <>
      <Slot.Root ref={button} onClick={ask} aria-haspopup="dialog" aria-expanded={open}>
        {trigger ?? (
          <Button type="button" variant="ghost" size="icon" aria-label={label} disabled={pending} className="text-destructive hover:text-destructive">
            <Trash2 aria-hidden />
          </Button>
        )}
      </Slot.Root>
      {asked ? (
        <AlertDialog open={open} onOpenChange={setOpen}>
          <AlertDialogContent
            onCloseAutoFocus={(event) => {
              // Back to the button that asked, as a dialog opened by its own trigger does.
              event.preventDefault()
              button.current?.focus()
            }}
          >
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
      ) : null}
    </>
  )
}
