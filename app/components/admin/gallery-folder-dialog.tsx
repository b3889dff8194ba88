import { useFetcher } from 'react-router'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { SwitchField } from '#app/components/forms/choice-fields.tsx'
import { Field, FieldFrame, TextareaField } from '#app/components/forms/field.tsx'
import { toastRefusal } from '#app/components/forms/toast-refusal.ts'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import {
  ALBUM_DESCRIPTION_MAX,
  DEFAULT_FOLDER,
  GALLERY_MESSAGES,
  galleryFolderSchema,
  isPublished,
  type AdminGalleryFolder,
  type AdminGalleryImage,
} from '#app/domain/gallery/gallery.schema.ts'
import { refusedFieldErrors, type ActionResult } from '#app/lib/action-result.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'

/**
 * 'Edit Folder': name, description, cover, External Use, Enabled, Delete and
 * Save, with the album's state ('Published' or 'Not published') and 'Publish
 * album'. The default folder keeps its name and cannot be deleted.
 */
export function GalleryFolderDialog({
  folder,
  cover,
  photos,
  onClose,
}: {
  folder: AdminGalleryFolder
  /** The chosen cover, wherever it is in the album. */
  cover: { id: string; title: string | null } | null
  /** The album's photos on the page shown: the cover is chosen among them. */
  photos: readonly AdminGalleryImage[]
  onClose: () => void
}) {
  // The chosen cover stays a choice even when its page is not the one shown, so saving the dialog keeps it.
  const choices = cover && !photos.some((photo) => photo.id === cover.id) ? [cover, ...photos] : photos
  // Save and Delete share one fetcher: the dialog stays open until the answer is toasted.
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher, onClose)
  const validation = useFormValidation({ schema: galleryFolderSchema, serverErrors: refusedFieldErrors(fetcher.data), onInvalid: toastRefusal })
  const { errors } = validation
  const pendingIntent = fetcher.state === 'idle' ? null : fetcher.formData?.get('intent')
  const isDefault = folder.name === DEFAULT_FOLDER

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Folder</DialogTitle>
          <DialogDescription>
            Renaming moves the folder&rsquo;s images with it. The public gallery shows a folder only when it is for external use and enabled.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" {...validation.form} className="space-y-4">
          <input type="hidden" name="intent" value="update-folder" />
          <input type="hidden" name="id" value={folder.id} />
          <Field
            id="folderName"
            name="name"
            label="Name"
            defaultValue={folder.name}
            readOnly={isDefault}
            controlClassName={isDefault ? 'bg-muted text-muted-foreground' : undefined}
            error={errors.name}
            description={isDefault ? 'New uploads without a folder go here, so it keeps its name.' : undefined}
          />
          <TextareaField
            id="folderDescription"
            name="description"
            label="Description (optional)"
            defaultValue={folder.description}
            maxLength={ALBUM_DESCRIPTION_MAX}
            rows={3}
            error={errors.description}
          />
          <FieldFrame id="coverImageId" label="Cover" error={errors.coverImageId} description="The photo on the album's card on the public gallery, chosen among the album's photos on the page shown.">
            {(control) => (
              <select
                {...control}
                name="coverImageId"
                defaultValue={folder.coverImageId ?? ''}
                className="h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
              >
                <option value="">The album&rsquo;s first photo</option>
                {choices.map((photo, index) => (
                  <option key={photo.id} value={photo.id}>
                    {photo.title || `Photo ${index + 1} (untitled)`}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <SwitchField id="externalUse" name="externalUse" label="External Use" defaultChecked={folder.externalUse} />
          <SwitchField id="enabled" name="enabled" label="Enabled" defaultChecked={folder.enabled} />
          <div className="flex flex-wrap items-center gap-3 rounded-md border p-3">
            <Badge variant={isPublished(folder) ? 'default' : 'outline'}>{isPublished(folder) ? 'Published' : 'Not published'}</Badge>
            {folder.externalUse && !folder.enabled ? (
              <Button
                type="button"
                size="sm"
                disabled={pendingIntent === 'publish-folder'}
                onClick={() => void fetcher.submit({ intent: 'publish-folder', id: folder.id }, { method: 'post' })}
              >
                {pendingIntent === 'publish-folder' ? 'Publishing...' : 'Publish album'}
              </Button>
            ) : null}
            {!folder.externalUse ? <span className="text-sm text-muted-foreground">Not for external use: staff only.</span> : null}
          </div>
          <DialogFooter className={isDefault ? undefined : 'sm:justify-between'}>
            {isDefault ? null : (
              <ConfirmDelete
                label={`Delete folder ${folder.name}`}
                question={GALLERY_MESSAGES.confirmDeleteFolder}
                onConfirm={() => void fetcher.submit({ intent: 'delete-folder', id: folder.id }, { method: 'post' })}
                trigger={
                  <Button type="button" variant="destructive" disabled={pendingIntent === 'delete-folder'}>
                    {pendingIntent === 'delete-folder' ? 'Deleting...' : 'Delete'}
                  </Button>
                }
              />
            )}
            <Button type="submit" disabled={pendingIntent === 'update-folder'}>
              {pendingIntent === 'update-folder' ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
