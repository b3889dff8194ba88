import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { SelectField } from '#app/components/forms/choice-fields.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { galleryImageSchema, type AdminGalleryImage } from '#app/domain/gallery/gallery.schema.ts'
import { FocalPointPicker } from './focal-point-picker.tsx'
import { ImageDescriptionFields } from './image-description-fields.tsx'
import { useGalleryFolderNames } from './use-gallery-folder-names.ts'

/** 'Edit Image': a gallery photo's title, folder, description and focal point. */
export function GalleryImageDialog({ image, onClose }: { image: AdminGalleryImage; onClose: () => void }) {
  // Until every folder's name arrives, the photo's own folder is the choice shown.
  const folderNames = useGalleryFolderNames() ?? [image.listedUnder]
  return (
    <AdminFormDialog title="Edit Image" description="Its title, folder and what it shows for people who cannot see it." schema={galleryImageSchema} editingId={image.id} onClose={onClose}>
      {({ errors, revalidate }) => (
        <>
          <Field id="title" name="title" label="Title (optional)" defaultValue={image.title ?? ''} maxLength={100} error={errors.title} />
          <SelectField id="folder" name="folder" label="Folder" options={folderNames} defaultValue={image.listedUnder} error={errors.folder} />
          <ImageDescriptionFields alt={image.alt} decorative={image.decorative} error={errors.alt} />
          <FocalPointPicker id="gallery-focal" src={image.imageUrl} initial={image.focal} onChange={() => revalidate()} />
        </>
      )}
    </AdminFormDialog>
  )
}
