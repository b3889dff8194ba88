import { X } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { ImageFileField } from '#app/components/forms/field.tsx'
import type { FocalPoint } from '#app/domain/media/media.schema.ts'
import { FocalPointPicker } from './focal-point-picker.tsx'
import { ImageDescriptionFields } from './image-description-fields.tsx'
import { canShowInBrowser, chosenFile, IMAGE_TYPES_DESCRIPTION } from '#app/lib/uploads/upload-rules.ts'

interface BlogCoverFieldProps {
  /** The post's current cover, if any, with its description and focal point. */
  currentUrl: string | null
  alt: string
  decorative: boolean
  focal: FocalPoint
  error?: string
  altError?: string
}

/**
 * The optional cover: a preview of the chosen file or of the current cover,
 * and 'Remove', which clears both. A removed current cover is sent as
 * `removeCover`; the server never takes a cover address from the form.
 */
export function BlogCoverField({ currentUrl, alt, decorative, focal, error, altError }: BlogCoverFieldProps) {
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
      <input type="hidden" name="removeCover" value={currentUrl && !keptUrl ? 'true' : ''} />
      <ImageFileField
        ref={fileInput}
        id="coverFile"
        name="coverFile"
        label="Cover Image (optional)"
        onChosen={choose}
        error={error}
        description={IMAGE_TYPES_DESCRIPTION}
      />
      {preview ? (
        <div className="flex items-center gap-3">
          <img src={preview} alt="Cover preview" className="aspect-video w-40 rounded-md border object-cover" />
          <Button type="button" variant="outline" size="sm" onClick={remove}>
            <X aria-hidden />
            Remove
          </Button>
        </div>
      ) : null}
      {preview ? (
        <>
          {/* A new cover starts with its subject in the middle. */}
          <FocalPointPicker key={preview} id="cover-focal" src={preview} initial={preview === currentUrl ? focal : { x: 0.5, y: 0.5 }} names={{ x: 'coverFocalX', y: 'coverFocalY' }} />
          {/* A post with a cover is published only with its alt text, or marked decorative. */}
          <div className="space-y-2">
            <ImageDescriptionFields
              alt={alt}
              decorative={decorative}
              error={altError}
              names={{ alt: 'coverAlt', decorative: 'coverDecorative' }}
              labels={{ alt: 'Cover alt text', decorative: 'The cover is decorative (no alt text)' }}
              help="What the cover shows, for people who cannot see it. Needed to publish, unless the cover is decorative."
            />
          </div>
        </>
      ) : null}
    </div>
  )
}
