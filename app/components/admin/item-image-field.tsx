import { X } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { ImageFileField } from '#app/components/forms/choice-fields.tsx'
import type { FocalPoint } from '#app/domain/media/media.schema.ts'
import { cn } from '#app/lib/utils.ts'
import { canShowInBrowser, chosenFile, IMAGE_TYPES_DESCRIPTION } from '#app/lib/uploads/upload-rules.ts'
import { FocalPointPicker } from './focal-point-picker.tsx'
import { ImageDescriptionFields } from './image-description-fields.tsx'

/** What one kind of item calls its image, and the form fields it is sent in (`{field}File`, `{field}Alt`…). */
export interface ItemImageWording {
  field: 'cover' | 'photo'
  label: string
  previewAlt: string
  /** The preview's shape: a post's cover is wide, a person's photo round. */
  previewClassName: string
  removeLabel: string
  altLabel: string
  decorativeLabel: string
  help: string
}

export const COVER_IMAGE_WORDING: ItemImageWording = {
  field: 'cover',
  label: 'Cover Image (optional)',
  previewAlt: 'Cover preview',
  previewClassName: 'aspect-video w-40 rounded-md',
  removeLabel: 'Remove',
  altLabel: 'Cover alt text',
  decorativeLabel: 'The cover is decorative (no alt text)',
  help: 'What the cover shows, for people who cannot see it. Needed to publish, unless the cover is decorative.',
}

interface ItemImageFieldProps {
  wording: ItemImageWording
  /** The item's current image, if any, with its description and focal point. */
  currentUrl: string | null
  alt: string
  decorative: boolean
  focal: FocalPoint
  error?: string
  altError?: string
}

/**
 * An item's own optional image (a post's or page's cover, a person's photo):
 * a preview of the chosen file or of the current image, a button that clears
 * both (a removed current image is sent as `remove{Field}`; the server never
 * takes an image address from the form) and, while an image is shown, its
 * focal point, alt text and decorative mark. A newly chosen image starts
 * undescribed, with its subject in the middle: the old description was of
 * another picture.
 */
export function ItemImageField({ wording, currentUrl, alt, decorative, focal, error, altError }: ItemImageFieldProps) {
  const fileInput = useRef<HTMLInputElement>(null)
  const [keptUrl, setKeptUrl] = useState(currentUrl)
  const [chosenPreview, setChosenPreview] = useState<string | null>(null)
  const preview = chosenPreview ?? keptUrl
  const isCurrent = preview === currentUrl
  const field = wording.field
  const removeName = `remove${field[0]!.toUpperCase()}${field.slice(1)}`

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
      <input type="hidden" name={removeName} value={currentUrl && !keptUrl ? 'true' : ''} />
      <ImageFileField ref={fileInput} id={`${field}File`} name={`${field}File`} label={wording.label} onChosen={choose} error={error} description={IMAGE_TYPES_DESCRIPTION} />
      {preview ? (
        <>
          <div className="flex items-center gap-3">
            <img src={preview} alt={wording.previewAlt} className={cn('border object-cover', wording.previewClassName)} />
            <Button type="button" variant="outline" size="sm" onClick={remove}>
              <X aria-hidden />
              {wording.removeLabel}
            </Button>
          </div>
          <FocalPointPicker key={preview} id={`${field}-focal`} src={preview} initial={isCurrent ? focal : { x: 0.5, y: 0.5 }} names={{ x: `${field}FocalX`, y: `${field}FocalY` }} />
          <div className="space-y-2">
            <ImageDescriptionFields
              key={preview}
              alt={isCurrent ? alt : ''}
              decorative={isCurrent ? decorative : false}
              error={altError}
              names={{ alt: `${field}Alt`, decorative: `${field}Decorative` }}
              labels={{ alt: wording.altLabel, decorative: wording.decorativeLabel }}
              help={wording.help}
            />
          </div>
        </>
      ) : null}
    </div>
  )
}
