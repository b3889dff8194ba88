import { useState } from 'react'
import { useFetcher } from 'react-router'
import { Field, FileField, SelectField } from '#app/components/forms/field.tsx'
import { toastRefusal } from '#app/components/forms/toast-refusal.ts'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { DEFAULT_FOLDER, galleryFormValues, galleryUploadSchema } from '#app/domain/gallery/gallery.schema.ts'
import { refusedFieldErrors, type ActionResult } from '#app/lib/action-result.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { IMAGE_ACCEPT, MAX_FILES_PER_UPLOAD } from '#app/lib/uploads/upload-rules.ts'

/**
 * 'Upload Images': several files into one folder, with an optional
 * base title. While the files upload the dialog cannot be closed or changed.
 */
export function GalleryUploadDialog({ folderNames, onClose }: { folderNames: string[]; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher, onClose)
  const validation = useFormValidation({
    schema: galleryUploadSchema,
    toValues: (form) => galleryFormValues(new FormData(form)),
    serverErrors: refusedFieldErrors(fetcher.data),
    onInvalid: toastRefusal,
  })
  const { errors } = validation
  const uploading = fetcher.state !== 'idle'
  // The chosen folder wins over a typed one, so choosing one clears the other: what shows is what happens.
  const [folder, setFolder] = useState('')
  const [newFolder, setNewFolder] = useState('')

  return (
    <Dialog open onOpenChange={(open) => !open && !uploading && onClose()}>
      <DialogContent showCloseButton={!uploading} aria-busy={uploading}>
        <DialogHeader>
          <DialogTitle>Upload Images</DialogTitle>
          <DialogDescription>
            Choose up to {MAX_FILES_PER_UPLOAD} images and the folder they go in. Without a folder they go in &lsquo;{DEFAULT_FOLDER}&rsquo;.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" encType="multipart/form-data" {...validation.form} className="space-y-4">
          <input type="hidden" name="intent" value="upload" />
          <fieldset disabled={uploading} className="space-y-4">
            <FileField id="images" name="images" label="Images" multiple accept={IMAGE_ACCEPT} error={errors.images} />
            <SelectField
              id="folder"
              name="folder"
              label="Folder"
              options={folderNames}
              value={folder}
              onValueChange={(value) => {
                setFolder(value)
                setNewFolder('')
              }}
              placeholder="Select a folder"
              error={errors.folder}
            />
            <Field
              id="newFolder"
              name="newFolder"
              label="Or create a new folder"
              value={newFolder}
              onChange={(event) => {
                setNewFolder(event.target.value)
                setFolder('')
              }}
              placeholder="e.g. Sports Day 2026"
              error={errors.newFolder}
            />
            <Field id="title" name="title" label="Base title (optional)" error={errors.title} description="With several images, each gets a number: 'Sports Day 1', 'Sports Day 2'…" />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">{uploading ? 'Uploading...' : 'Upload'}</Button>
            </DialogFooter>
          </fieldset>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
