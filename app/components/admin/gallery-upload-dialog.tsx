import { useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { FileField, SelectField } from '#app/components/forms/choice-fields.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { toastRefusal } from '#app/components/forms/toast-refusal.ts'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import { DEFAULT_FOLDER, galleryFormValues, galleryUploadSchema, uploadedMessage } from '#app/domain/gallery/gallery.schema.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'
import { IMAGE_ACCEPT, IMAGE_TYPES_DESCRIPTION, MAX_FILES_PER_UPLOAD } from '#app/lib/uploads/upload-rules.ts'
import { BatchUploadList } from './batch-upload-list.tsx'
import { chosenPhotoFile, GalleryUploadDescriptions, uploadDescriptionsOf, type ChosenPhotoFile } from './gallery-upload-descriptions.tsx'
import { useBatchUpload } from './use-batch-upload.ts'
import { useGalleryFolderNames } from './use-gallery-folder-names.ts'

/** The resource route that takes one image of a batch. */
const UPLOAD_ONE_PATH = '/admin/gallery/upload'

/**
 * 'Upload Images': several files into one folder, with an optional base
 * title. Each file is sent on its own with its progress; the ones the server
 * refuses are listed with the reason, and the others are kept. While the
 * files upload the dialog cannot be closed or changed.
 */
export function GalleryUploadDialog({ onClose }: { onClose: () => void }) {
  const folderNames = useGalleryFolderNames() ?? []
  const batch = useBatchUpload(UPLOAD_ONE_PATH)
  const revalidator = useRevalidator()
  const [finished, setFinished] = useState(false)
  const validation = useFormValidation({
    schema: galleryUploadSchema,
    toValues: (form) => galleryFormValues(new FormData(form)),
    onInvalid: toastRefusal,
    onValid: (upload, form) => void send(upload, form),
  })
  const { errors } = validation
  const uploading = batch.running
  // The chosen folder wins over a typed one, so choosing one clears the other: what shows is what happens.
  const [folder, setFolder] = useState('')
  const [newFolder, setNewFolder] = useState('')
  // The files chosen, each described in the list under the choice before they are sent.
  const [picked, setPicked] = useState<{ photos: ChosenPhotoFile[]; choice: number }>({ photos: [], choice: 0 })
  // Each choice's previews go when another choice replaces it or the dialog closes.
  useEffect(() => () => picked.photos.forEach((photo) => photo.preview && URL.revokeObjectURL(photo.preview)), [picked])

  async function send(upload: { images: File[]; folder: string | null; newFolder: string | null; title: string | null }, form: HTMLFormElement) {
    setFinished(false)
    const fields: Record<string, string> = { folder: upload.folder ?? '', newFolder: upload.newFolder ?? '', title: upload.title ?? '' }
    const descriptions = uploadDescriptionsOf(form, upload.images.length)
    const outcome = await batch.upload(upload.images, fields, (index) => descriptions[index] ?? {})
    void revalidator.revalidate()
    if (outcome.stored > 0) toast.success(uploadedMessage(outcome.stored))
    if (outcome.refused === 0) return onClose()
    showErrorToast(`${outcome.refused} image(s) could not be uploaded: the list says why.`)
    // The stored ones must not go twice: the next upload starts from a new choice.
    const chosen = form.elements.namedItem('images')
    if (chosen instanceof HTMLInputElement) chosen.value = ''
    setPicked((current) => ({ photos: [], choice: current.choice + 1 }))
    setFinished(true)
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !uploading && onClose()}>
      <DialogContent showCloseButton={!uploading} aria-busy={uploading}>
        <DialogHeader>
          <DialogTitle>Upload Images</DialogTitle>
          <DialogDescription>
            Choose up to {MAX_FILES_PER_UPLOAD} images and the folder they go in. Without a folder they go in &lsquo;{DEFAULT_FOLDER}&rsquo;.
          </DialogDescription>
        </DialogHeader>
        <form method="post" encType="multipart/form-data" {...validation.form} className="space-y-4">
          <fieldset disabled={uploading} className="space-y-4">
            <FileField
              id="images"
              name="images"
              label="Images"
              multiple
              accept={IMAGE_ACCEPT}
              error={errors.images}
              description={IMAGE_TYPES_DESCRIPTION}
              onChange={(event) => {
                const photos = Array.from(event.currentTarget.files ?? [], chosenPhotoFile)
                setPicked((current) => ({ photos, choice: current.choice + 1 }))
                if (!finished) return
                batch.clear()
                setFinished(false)
              }}
            />
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
            {batch.files.length > 0 ? <BatchUploadList files={batch.files} /> : picked.photos.length > 0 ? <GalleryUploadDescriptions key={picked.choice} photos={picked.photos} /> : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {finished ? 'Done' : 'Cancel'}
              </Button>
              <Button type="submit">{uploading ? 'Uploading...' : 'Upload'}</Button>
            </DialogFooter>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  )
}
