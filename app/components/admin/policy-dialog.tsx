import { useState } from 'react'
import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { FileField, SelectField } from '#app/components/forms/choice-fields.tsx'
import { Field, TextareaField } from '#app/components/forms/field.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import type { Policy, PolicyCategory } from '#app/domain/policy/policy.ts'
import { NO_CATEGORY, policySchema } from '#app/domain/policy/policy.schema.ts'
import type { FieldErrors } from '#app/lib/action-result.ts'
import { DOCUMENT_ACCEPT } from '#app/lib/uploads/upload-rules.ts'
import { draftableLabels, PublishingButtons } from '#app/components/admin/publishing-controls.tsx'

/** Both tabs stay in the form, so an uploaded file can override the URL. */
const KEEP_MOUNTED = 'space-y-2 pt-2 data-[state=inactive]:hidden'

/** Add (no policy) or edit a policy: title, description, category, review date, and an uploaded document or a link to one. */
export function PolicyDialog({ policy, categories, onClose }: { policy: Policy | null; categories: readonly PolicyCategory[]; onClose: () => void }) {
  return (
    <AdminFormDialog
      title={policy ? 'Edit Policy' : 'Add Policy'}
      description="A title, an optional description, and the document as a file or a link."
      schema={policySchema}
      editingId={policy?.id ?? null}
      onClose={onClose}
      multipart
      submitButtons={(saving) => <PublishingButtons labels={draftableLabels(policy)} saving={saving} />}
    >
      {({ errors }) => (
        <>
          <Field id="title" name="title" label="Title" defaultValue={policy?.title} error={errors.title} />
          <TextareaField id="description" name="description" label="Description (optional)" rows={3} defaultValue={policy?.description ?? ''} error={errors.description} />
          {categories.length ? (
            <SelectField
              id="categoryId"
              name="categoryId"
              label="Category (optional)"
              options={[{ value: NO_CATEGORY, label: 'No category' }, ...categories.map((category) => ({ value: category.id, label: category.name }))]}
              defaultValue={policy?.category?.id ?? NO_CATEGORY}
              error={errors.categoryId}
            />
          ) : null}
          <Field
            id="reviewDate"
            name="reviewDate"
            label="Review date (optional)"
            type="date"
            defaultValue={policy?.reviewDate ?? ''}
            error={errors.reviewDate}
            description="The office gets a reminder by e-mail 30 days before."
          />
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
        <FileField
          id="file"
          name="file"
          label="Document File"
          accept={DOCUMENT_ACCEPT}
          error={errors.file}
          description={policy?.fileUrl ? 'PDF or Word (.pdf, .doc, .docx). A new file replaces the current document.' : 'PDF or Word (.pdf, .doc, .docx).'}
        />
      </TabsContent>
      <TabsContent value="url" forceMount className={KEEP_MOUNTED}>
        <Field
          id="fileUrl"
          name="fileUrl"
          label="File URL"
          type="url"
          inputMode="url"
          placeholder="https://example.org/policy.pdf"
          defaultValue={policy?.fileUrl ?? ''}
          error={errors.fileUrl}
          description="Used when no file is uploaded. Clear it to remove the document."
        />
      </TabsContent>
    </Tabs>
  )
}
