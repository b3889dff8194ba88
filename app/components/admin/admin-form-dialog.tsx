import { Fragment, useEffect, useState, type ReactNode } from 'react'
import { useFetcher } from 'react-router'
import type { z } from 'zod'
import { toastRefusal } from '#app/components/forms/toast-refusal.ts'
import { useLocalDraft } from '#app/components/forms/use-local-draft.ts'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
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
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { refusedFieldErrors, type ActionResult, type FieldErrors } from '#app/lib/action-result.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { useReturnFocus } from '#app/components/hooks/use-return-focus.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { formatDate, formatTime } from '#app/lib/format.ts'

/** What the dialog's fields get: each field's message, and a re-check for controls that are no form elements. */
export interface DialogForm {
  errors: FieldErrors
  revalidate: (changed?: Record<string, unknown>) => void
  /** Values typed earlier and restored from this browser, by field name: fields start from them when given. */
  restored: Record<string, string> | null
}

interface AdminFormDialogProps {
  title: string
  description: string
  /** The form's zod schema: the same one the action parses. */
  schema: z.ZodType
  /** Reads the schema's values from the form, when they are not simply its fields by name. */
  toValues?: (form: HTMLFormElement) => unknown
  /** The id of the row being edited; null to create one. */
  editingId: string | null
  /** The action's intent, when the form is no row's create or update (a setting). */
  intent?: string
  /** The route whose action receives the form, when it is not this page's. */
  action?: string
  onClose: () => void
  /** Forms with a file input. */
  multipart?: boolean
  /** Keeps what is typed in this browser under this key, and offers it back (long text forms). */
  localDraftKey?: string
  /** The submit buttons, when one 'Save' is not enough (a post's 'Save draft' and 'Publish'); given whether it is saving. */
  submitButtons?: (saving: boolean) => ReactNode
  children: (form: DialogForm) => ReactNode
}

export const LOCAL_DRAFT_MESSAGES = {
  offer: (when: string) => `Unsaved changes from ${when} were kept in this browser.`,
  restore: 'Restore them',
  discard: 'Discard them',
} as const

export const DISCARD_MESSAGES = {
  title: 'Discard your changes?',
  description: 'What you typed in this form has not been saved.',
  keep: 'Keep editing',
  discard: 'Discard',
} as const

/**
 * Once something is typed, closing the form (Escape, a click outside it,
 * Cancel, the close button) asks first, and leaving the page warns: a stray
 * click must not lose three paragraphs.
 */
function useUnsavedChanges(onClose: () => void) {
  const [dirty, setDirty] = useState(false)
  const [askingToDiscard, setAskingToDiscard] = useState(false)
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
  return {
    markDirty: () => setDirty(true),
    requestClose: () => (dirty ? setAskingToDiscard(true) : onClose()),
    discardDialog: (
      <AlertDialog open={askingToDiscard} onOpenChange={setAskingToDiscard}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{DISCARD_MESSAGES.title}</AlertDialogTitle>
            <AlertDialogDescription>{DISCARD_MESSAGES.description}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{DISCARD_MESSAGES.keep}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={onClose}>
              {DISCARD_MESSAGES.discard}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    ),
  }
}

/**
 * An add-or-edit dialog: live messages from the schema, the server's
 * messages beside the fields, 'Saving...' while it saves, the success or
 * 'Error' toast, closing after a success (which also resets it), and a
 * question before unsaved changes are thrown away.
 */
export function AdminFormDialog({ title, description, schema, toValues, editingId, intent, action, onClose, multipart, localDraftKey, submitButtons, children }: AdminFormDialogProps) {
  const fetcher = useFetcher<ActionResult>()
  const { timeZone } = useSite()
  const localDraft = useLocalDraft(localDraftKey)
  const [restored, setRestored] = useState<{ values: Record<string, string>; round: number } | null>(null)
  const close = () => {
    localDraft.forget()
    onClose()
  }
  useActionToast(fetcher, close)
  const validation = useFormValidation({ schema, toValues, serverErrors: refusedFieldErrors(fetcher.data), onInvalid: toastRefusal })
  const saving = fetcher.state !== 'idle'
  const unsaved = useUnsavedChanges(close)
  const changed = () => {
    unsaved.markDirty()
    localDraft.keep(validation.formRef.current)
  }
  const formProps = {
    ...validation.form,
    onChange(event: Parameters<typeof validation.form.onChange>[0]) {
      changed()
      validation.form.onChange(event)
    },
  }
  const revalidate: DialogForm['revalidate'] = (values) => {
    changed()
    validation.revalidate(values)
  }
  const offered = localDraft.offered
  const returnFocus = useReturnFocus()

  return (
    <Dialog open onOpenChange={(open) => !open && unsaved.requestClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action={action} encType={multipart ? 'multipart/form-data' : undefined} {...formProps} className="space-y-4">
          <input type="hidden" name="intent" value={intent ?? (editingId ? 'update' : 'create')} />
          {editingId ? <input type="hidden" name="id" value={editingId} /> : null}
          {offered ? (
            <div role="status" className="flex flex-wrap items-center gap-2 rounded-md border border-primary/40 bg-muted p-3 text-sm">
              <p className="min-w-48 flex-1">{LOCAL_DRAFT_MESSAGES.offer(`${formatDate(offered.savedAt, timeZone)}, ${formatTime(offered.savedAt, timeZone)}`)}</p>
              <Button
                type="button"
                size="sm"
                onClick={() => {
                  setRestored({ values: offered.values, round: (restored?.round ?? 0) + 1 })
                  localDraft.dismiss()
                  unsaved.markDirty()
                }}
              >
                {LOCAL_DRAFT_MESSAGES.restore}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => {
                  localDraft.forget()
                  localDraft.dismiss()
                }}
              >
                {LOCAL_DRAFT_MESSAGES.discard}
              </Button>
            </div>
          ) : null}
          {/* Restoring remounts the fields, so that each starts from its restored value. */}
          <Fragment key={restored?.round ?? 0}>{children({ errors: validation.errors, revalidate, restored: restored?.values ?? null })}</Fragment>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={unsaved.requestClose}>
              Cancel
            </Button>
            {submitButtons ? (
              submitButtons(saving)
            ) : (
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </Button>
            )}
          </DialogFooter>
        </fetcher.Form>
        {unsaved.discardDialog}
      </DialogContent>
    </Dialog>
  )
}
