import { useState } from 'react'
import { useFetcher } from 'react-router'
import { describedBy, FormField } from '#app/components/admin/form-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import type { Policy } from '#app/domain/policy/policy.server.ts'
import { policySchema } from '#app/domain/policy/policy.schema.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { DOCUMENT_ACCEPT } from '#app/lib/uploads/upload-rules.ts'
import { useActionToast } from '#app/lib/use-action-toast.ts'
import { useClientValidation } from '#app/lib/use-client-validation.ts'

/** Both tabs stay in the form, so an uploaded file can override the URL as the spec says. */
const KEEP_MOUNTED = 'space-y-2 pt-2 data-[state=inactive]:hidden'

/** Add (no policy) or edit a policy: title, description, and an uploaded document or a link to one. */
export function PolicyDialog({ policy, onClose }: { policy: Policy | null; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher, onClose)
  const validation = useClientValidation(policySchema)
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {}
  const errors = { ...serverErrors, ...validation.errors }
  const saving = fetcher.state !== 'idle'
  const linksElsewhere = !!policy?.fileUrl && !policy.fileUrl.startsWith('/files/')
  const [tab, setTab] = useState(linksElsewhere ? 'url' : 'upload')
  // A new message in the hidden tab brings that tab forward, so the message is seen.
  const tabWithError = errors.file ? 'upload' : errors.fileUrl ? 'url' : null
  const [shownTabError, setShownTabError] = useState(tabWithError)
  if (tabWithError !== shownTabError) {
    setShownTabError(tabWithError)
    if (tabWithError) setTab(tabWithError)
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{policy ? 'Edit Policy' : 'Add Policy'}</DialogTitle>
          <DialogDescription>A title, an optional description, and the document as a file or a link.</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          noValidate
          onSubmit={validation.onSubmit}
          onChange={validation.onChange}
          className="space-y-4"
        >
          <input type="hidden" name="intent" value={policy ? 'update' : 'create'} />
          {policy ? <input type="hidden" name="id" value={policy.id} /> : null}
          <FormField id="title" label="Title" error={errors.title}>
            <Input id="title" name="title" defaultValue={policy?.title} aria-invalid={!!errors.title} aria-describedby={describedBy('title', errors.title)} />
          </FormField>
          <FormField id="description" label="Description (optional)" error={errors.description}>
            <Textarea
              id="description"
              name="description"
              rows={3}
              defaultValue={policy?.description ?? ''}
              aria-invalid={!!errors.description}
              aria-describedby={describedBy('description', errors.description)}
            />
          </FormField>
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label="Document source">
              <TabsTrigger value="upload">Upload File</TabsTrigger>
              <TabsTrigger value="url">File URL</TabsTrigger>
            </TabsList>
            <TabsContent value="upload" forceMount className={KEEP_MOUNTED}>
              <FormField
                id="file"
                label="Document File"
                error={errors.file}
                hint={policy?.fileUrl ? 'PDF or Word (.pdf, .doc, .docx). A new file replaces the current document.' : 'PDF or Word (.pdf, .doc, .docx).'}
              >
                <Input id="file" name="file" type="file" accept={DOCUMENT_ACCEPT} aria-invalid={!!errors.file} aria-describedby={describedBy('file', errors.file)} />
              </FormField>
            </TabsContent>
            <TabsContent value="url" forceMount className={KEEP_MOUNTED}>
              <FormField id="fileUrl" label="File URL" error={errors.fileUrl} hint="Used when no file is uploaded. Clear it to remove the document.">
                <Input
                  id="fileUrl"
                  name="fileUrl"
                  type="url"
                  inputMode="url"
                  placeholder="https://example.org/policy.pdf"
                  defaultValue={policy?.fileUrl ?? ''}
                  aria-invalid={!!errors.fileUrl}
                  aria-describedby={describedBy('fileUrl', errors.fileUrl)}
                />
              </FormField>
            </TabsContent>
          </Tabs>
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
