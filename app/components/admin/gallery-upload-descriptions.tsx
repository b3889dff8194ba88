import { useState } from 'react'
import { ImageDescriptionFields } from './image-description-fields.tsx'

/** The names of the chosen file's description fields in the upload form (at its place in the choice). */
export function uploadDescriptionNames(index: number) {
  return { alt: `upload-alt-${index}`, decorative: `upload-decorative-${index}` }
}

/** The description typed for each chosen file, read from the form just before the files are sent. */
export function uploadDescriptionsOf(form: HTMLFormElement, count: number): { alt: string; decorative: string }[] {
  return Array.from({ length: count }, (_, index) => {
    const names = uploadDescriptionNames(index)
    const alt = form.elements.namedItem(names.alt)
    const decorative = form.elements.namedItem(names.decorative)
    const isDecorative = decorative instanceof HTMLInputElement && decorative.checked
    return { alt: !isDecorative && alt instanceof HTMLInputElement ? alt.value : '', decorative: isDecorative ? 'on' : '' }
  })
}

/** What a browser shows in an img: other files chosen (HEIC, a file that is no image) get no preview. */
const PREVIEWED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'])

/** A chosen file and its preview, an object URL the dialog revokes with the choice. */
export interface ChosenPhotoFile {
  file: File
  preview: string | null
}

export function chosenPhotoFile(file: File): ChosenPhotoFile {
  return { file, preview: PREVIEWED_TYPES.has(file.type) ? URL.createObjectURL(file) : null }
}

function ChosenPhoto({ file, preview, index }: ChosenPhotoFile & { index: number }) {
  const [shown, setShown] = useState(true)
  return (
    <li aria-label={file.name} className="flex gap-3 rounded-md border p-2">
      <div className="size-16 shrink-0 overflow-hidden rounded bg-muted">
        {preview && shown ? <img src={preview} alt="" className="size-full object-cover" onError={() => setShown(false)} /> : null}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <ImageDescriptionFields
          alt=""
          decorative={false}
          names={uploadDescriptionNames(index)}
          labels={{ alt: `Alt text for ${file.name}`, decorative: 'Decorative (no alt text)' }}
          help=""
        />
      </div>
    </li>
  )
}

/**
 * Each chosen photo with its alt text and 'Decorative', so ten photos are
 * described in one dialog; what is left empty can be written later on the
 * album's 'Describe photos' screen.
 */
export function GalleryUploadDescriptions({ photos }: { photos: readonly ChosenPhotoFile[] }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground">Describe each photo for people who cannot see it, or mark it decorative. You can also do it later with &lsquo;Describe photos&rsquo;.</p>
      <ul aria-label="Photos to upload" className="max-h-80 space-y-2 overflow-y-auto pr-1">
        {photos.map((photo, index) => (
          <ChosenPhoto key={index} {...photo} index={index} />
        ))}
      </ul>
    </div>
  )
}
