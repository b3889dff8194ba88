import { X } from 'lucide-react'
import { useRef, useState } from 'react'
import { ImageFileField } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { FocalPoint } from '#app/domain/media/media.schema.ts'
import { canShowInBrowser, chosenFile, IMAGE_TYPES_DESCRIPTION } from '#app/lib/uploads/upload-rules.ts'
import { FocalPointPicker } from './focal-point-picker.tsx'
import { ImageDescriptionFields } from './image-description-fields.tsx'

interface StaffPhotoFieldProps {
  /** The person's current photo, if any, with its description and focal point. */
  currentUrl: string | null
  alt: string
  decorative: boolean
  focal: FocalPoint
  error?: string
  altError?: string
}

/**
 * The optional photo, as a post's cover works: a preview of the chosen file
 * or of the current photo, 'Remove photo', which clears both (sent as
 * `removePhoto`), and, while a photo is shown, its alt text, decorative mark
 * and focal point. The server never takes a photo address from the form.
 */
export function StaffPhotoField({ currentUrl, alt, decorative, focal, error, altError }: StaffPhotoFieldProps) {
  const fileInput = useRef<HTMLInputElement>(null)
  const [keptUrl, setKeptUrl] = useState(currentUrl)
  const [chosenPreview, setChosenPreview] = useState<string | null>(null)
  const preview = chosenPreview ?? keptUrl

  // A data: URL, as the content security policy allows no blob: images.
  function choose(files: File[]) {
    const file = chosenFile(files[0])
    setChosenPreview(null)
    if (!file || !canShowInBrowser(file)) return
    const reader = new FileReader()
    reader.onload = () => {
      if (typeof reader.result === 'string' && fileInput.current?.files?.[0] === file) setChosenPreview(reader.result)
    }
    reader.readAsDataURL(file)
  }

  function remove() {
    setKeptUrl(null)
    setChosenPreview(null)
    const input = fileInput.current
    if (!input?.value) return
    input.value = ''
    // Tells the form (and its live validation) that the file is gone.
    input.dispatchEvent(new Event('change', { bubbles: true }))
  }

  return (
    <div className="space-y-3">
      <input type="hidden" name="removePhoto" value={currentUrl && !keptUrl ? 'true' : ''} />
      <ImageFileField ref={fileInput} id="photoFile" name="photoFile" label="Photo (optional)" onChosen={choose} error={error} description={IMAGE_TYPES_DESCRIPTION} />
      {preview ? (
        <>
          <div className="flex items-center gap-3">
            <img src={preview} alt="Photo preview" className="size-20 rounded-full border object-cover" />
            <Button type="button" variant="outline" size="sm" onClick={remove}>
              <X aria-hidden />
              Remove photo
            </Button>
          </div>
          {/* A new photo starts with its subject in the middle. */}
          <FocalPointPicker key={preview} id="photo-focal" src={preview} initial={preview === currentUrl ? focal : { x: 0.5, y: 0.5 }} names={{ x: 'photoFocalX', y: 'photoFocalY' }} />
          <div className="space-y-2">
            <ImageDescriptionFields
              key={preview}
              alt={preview === currentUrl ? alt : ''}
              decorative={preview === currentUrl ? decorative : false}
              error={altError}
              names={{ alt: 'photoAlt', decorative: 'photoDecorative' }}
              labels={{ alt: 'Photo alt text', decorative: 'The photo is decorative (no alt text)' }}
              help="Who the photo shows, for people who cannot see it: 'Mrs Patel smiling in the school library'. Required unless the photo is decorative."
            />
          </div>
        </>
      ) : null}
    </div>
  )
}
