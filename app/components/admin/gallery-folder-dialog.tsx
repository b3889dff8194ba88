import { useFetcher } from 'react-router'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { describedBy, FormField } from '#app/components/admin/form-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import { DEFAULT_FOLDER, GALLERY_MESSAGES, galleryFolderSchema, type AdminGalleryFolder } from '#app/domain/gallery/gallery.schema.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { useActionToast } from '#app/lib/use-action-toast.ts'
import { useClientValidation } from '#app/lib/use-client-validation.ts'

/** Spec §2 'Edit Folder': name, External Use, Enabled, Delete and Save. The default folder keeps its name and cannot be deleted. */
export function GalleryFolderDialog({ folder, onClose }: { folder: AdminGalleryFolder; onClose: () => void }) {
  // Save and Delete share one fetcher: the dialog stays open until the answer is toasted.
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher, onClose)
  const validation = useClientValidation(galleryFolderSchema, { toastRefusal: true })
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {}
  const errors = { ...serverErrors, ...validation.errors }
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
        <fetcher.Form method="post" noValidate onSubmit={validation.onSubmit} onChange={validation.onChange} className="space-y-4">
          <input type="hidden" name="intent" value="update-folder" />
          <input type="hidden" name="id" value={folder.id} />
          <FormField
            id="folderName"
            label="Name"
            error={errors.name}
            hint={isDefault ? 'New uploads without a folder go here, so it keeps its name.' : undefined}
          >
            <Input
              id="folderName"
              name="name"
              defaultValue={folder.name}
              readOnly={isDefault}
              className={isDefault ? 'bg-muted text-muted-foreground' : undefined}
              aria-invalid={!!errors.name}
              aria-describedby={describedBy('folderName', errors.name)}
            />
          </FormField>
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor="externalUse">External Use</Label>
            <Switch id="externalUse" name="externalUse" defaultChecked={folder.externalUse} />
          </div>
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor="enabled">Enabled</Label>
            <Switch id="enabled" name="enabled" defaultChecked={folder.enabled} />
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
