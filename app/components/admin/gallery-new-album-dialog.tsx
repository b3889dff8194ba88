import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { Field, TextareaField } from '#app/components/forms/field.tsx'
import { ALBUM_DESCRIPTION_MAX, galleryNewAlbumSchema } from '#app/domain/gallery/gallery.schema.ts'

/** 'New album': a name and a description. It starts unpublished, so the photos can be checked (consent) first. */
export function GalleryNewAlbumDialog({ onClose }: { onClose: () => void }) {
  return (
    <AdminFormDialog
      title="New album"
      description="The album is not published until you publish it: visitors see it only then."
      schema={galleryNewAlbumSchema}
      editingId={null}
      intent="create-folder"
      onClose={onClose}
    >
      {({ errors }) => (
        <>
          <Field id="albumName" name="name" label="Name" placeholder="e.g. Sports Day 2026" error={errors.name} />
          <TextareaField id="albumDescription" name="description" label="Description (optional)" maxLength={ALBUM_DESCRIPTION_MAX} rows={3} error={errors.description} />
        </>
      )}
    </AdminFormDialog>
  )
}
