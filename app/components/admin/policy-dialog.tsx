import { useState } from 'react'
import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { describedBy, FormField } from '#app/components/admin/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import type { Policy } from '#app/domain/policy/policy.server.ts'
import { policySchema } from '#app/domain/policy/policy.schema.ts'
import type { FieldErrors } from '#app/lib/action-result.ts'
import { DOCUMENT_ACCEPT } from '#app/lib/uploads/upload-rules.ts'

/** Both tabs stay in the form, so an uploaded file can override the URL as the spec says. */
const KEEP_MOUNTED = 'space-y-2 pt-2 data-[state=inactive]:hidden'

/** Add (no policy) or edit a policy: title, description, and an uploaded document or a link to one. */
export function PolicyDialog({ policy, onClose }: { policy: Policy | null; onClose: () => void }) {
  return (
    <AdminFormDialog
      title={policy ? 'Edit Policy' : 'Add Policy'}
      description="A title, an optional description, and the document as a file or a link."
      schema={policySchema}
      editingId={policy?.id ?? null}
      onClose={onClose}
      multipart
    >
      {(errors) => (
        <>
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
          <PolicyDocumentFields policy={policy} errors={errors} />
        </>
      )}
    </AdminFormDialog>
  )
}

/** The document as an upload or a link, in two tabs. */
function PolicyDocumentFields({ policy, errors }: { policy: Policy | null; errors: FieldErrors }) {
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
  )
}
