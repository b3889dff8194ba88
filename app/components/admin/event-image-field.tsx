import { X } from 'lucide-react'
import { useState } from 'react'
import { ChooseImageButton } from '#app/components/admin/image-picker.tsx'
import { ImageFileField } from '#app/components/forms/choice-fields.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { IMAGE_TYPES_DESCRIPTION } from '#app/lib/uploads/upload-rules.ts'

interface EventImageFieldProps {
  /** The event's current image, if any. */
  defaultUrl: string | null
  /** The message for the uploaded file (`imageFile`) or the chosen address (`imageUrl`). */
  error?: string
}

/**
 * The optional event image: the current one (kept, or removed), or a new
 * image file, which wins over it. The chosen address travels in the hidden
 * `imageUrl` field, filled by the image picker.
 */
export function EventImageField({ defaultUrl, error }: EventImageFieldProps) {
  const [imageUrl, setImageUrl] = useState(defaultUrl ?? '')
  return (
    <div className="space-y-3">
      <input type="hidden" name="imageUrl" value={imageUrl} />
      {imageUrl ? (
        <div className="flex items-center gap-3">
          <img src={imageUrl} alt="Current event image" className="h-16 w-24 rounded-md border object-cover" />
          <Button type="button" variant="outline" size="sm" onClick={() => setImageUrl('')}>
            <X aria-hidden />
            Remove image
          </Button>
        </div>
      ) : null}
      <ChooseImageButton onSelect={setImageUrl} label={imageUrl ? 'Choose another image' : 'Choose from the gallery'} />
      <ImageFileField
        id="imageFile"
        name="imageFile"
        label={imageUrl ? 'Replace Image (optional)' : 'Image (optional)'}
        error={error}
        description={IMAGE_TYPES_DESCRIPTION}
      />
    </div>
  )
}
