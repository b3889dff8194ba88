import type { ReactNode } from 'react'
import { useFetcher } from 'react-router'
import type { z } from 'zod'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import type { ActionResult, FieldErrors } from '#app/lib/action-result.ts'
import { useActionToast } from '#app/lib/use-action-toast.ts'
import { useClientValidation } from '#app/lib/use-client-validation.ts'

interface AdminFormDialogProps {
  title: string
  description: string
  /** The form's zod schema: the same one the action parses. */
  schema: z.ZodType
  /** The id of the row being edited; null to create one. */
  editingId: string | null
  onClose: () => void
  /** Forms with a file input. */
  multipart?: boolean
  /** The fields, given each field's current message. */
  children: (errors: FieldErrors) => ReactNode
}

/**
 * An add-or-edit dialog (spec §4): live messages from the schema, the
 * server's messages beside the fields, 'Saving...' while it saves, the
 * spec's toast, and closing after a success (which also resets it).
 */
export function AdminFormDialog({ title, description, schema, editingId, onClose, multipart, children }: AdminFormDialogProps) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher, onClose)
  const validation = useClientValidation(schema, { toastRefusal: true })
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {}
  const errors = { ...serverErrors, ...validation.errors }
  const saving = fetcher.state !== 'idle'

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          encType={multipart ? 'multipart/form-data' : undefined}
          noValidate
          onSubmit={validation.onSubmit}
          onChange={validation.onChange}
          className="space-y-4"
        >
          <input type="hidden" name="intent" value={editingId ? 'update' : 'create'} />
          {editingId ? <input type="hidden" name="id" value={editingId} /> : null}
          {children(errors)}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
