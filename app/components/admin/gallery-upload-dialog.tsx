import { useState } from 'react'
import { useFetcher } from 'react-router'
import { describedBy, FormField } from '#app/components/admin/form-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#app/components/ui/select.tsx'
import { DEFAULT_FOLDER, galleryFormValues, galleryUploadSchema } from '#app/domain/gallery/gallery.schema.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { useActionToast } from '#app/lib/use-action-toast.ts'
import { useClientValidation } from '#app/lib/use-client-validation.ts'
import { IMAGE_ACCEPT, MAX_FILES_PER_UPLOAD } from '#app/lib/uploads/upload-rules.ts'

/**
 * Spec §2 'Upload Images': several files into one folder, with an optional
 * base title. While the files upload the dialog cannot be closed or changed.
 */
export function GalleryUploadDialog({ folderNames, onClose }: { folderNames: string[]; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher, onClose)
  const validation = useClientValidation(galleryUploadSchema, { toValues: (form) => galleryFormValues(new FormData(form)), toastRefusal: true })
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {}
  const errors = { ...serverErrors, ...validation.errors }
  const uploading = fetcher.state !== 'idle'
  // The select wins over the text (spec §5), so choosing one clears the other: what shows is what happens.
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
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          noValidate
          onSubmit={validation.onSubmit}
          onChange={validation.onChange}
          className="space-y-4"
        >
          <input type="hidden" name="intent" value="upload" />
          <fieldset disabled={uploading} className="space-y-4">
            <FormField id="images" label="Images" error={errors.images}>
              <Input
                id="images"
                name="images"
                type="file"
                multiple
                accept={IMAGE_ACCEPT}
                aria-invalid={!!errors.images}
                aria-describedby={describedBy('images', errors.images)}
              />
            </FormField>
            <div className="space-y-2">
              <Label htmlFor="folder">Folder</Label>
              <Select
                name="folder"
                value={folder}
                onValueChange={(value) => {
                  setFolder(value)
                  setNewFolder('')
                }}
              >
                <SelectTrigger id="folder" className="w-full">
                  <SelectValue placeholder="Select a folder" />
                </SelectTrigger>
                <SelectContent>
                  {folderNames.map((name) => (
                    <SelectItem key={name} value={name}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <FormField id="newFolder" label="Or create a new folder" error={errors.newFolder}>
              <Input
                id="newFolder"
                name="newFolder"
                value={newFolder}
                onChange={(event) => {
                  setNewFolder(event.target.value)
                  setFolder('')
                }}
                placeholder="e.g. Sports Day 2026"
                aria-invalid={!!errors.newFolder}
                aria-describedby={describedBy('newFolder', errors.newFolder)}
              />
            </FormField>
            <FormField
              id="title"
              label="Base title (optional)"
              error={errors.title}
              hint="With several images, each gets a number: 'Sports Day 1', 'Sports Day 2'…"
            >
              <Input id="title" name="title" aria-invalid={!!errors.title} aria-describedby={describedBy('title', errors.title)} />
            </FormField>
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
