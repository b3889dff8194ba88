import { useState } from 'react'
import { Field } from '#app/components/forms/field.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { MAX_ALT_LENGTH } from '#app/domain/media/media.schema.ts'

const ALT_HELP = "What the image shows, for people who cannot see it: 'Year 3 planting trees in the school garden'. Leave it out only for decoration."

interface ImageDescriptionFieldsProps {
  alt: string
  decorative: boolean
  /** The alt text's message. */
  error?: string
  /** The fields' names (and ids): `alt` and `decorative` unless a form names them otherwise. */
  names?: { alt: string; decorative: string }
  labels?: { alt: string; decorative: string }
  help?: string
}

/** The alt text and 'Decorative' (which disables the alt text; the server then stores none). */
export function ImageDescriptionFields({
  alt,
  decorative,
  error,
  names = { alt: 'alt', decorative: 'decorative' },
  labels = { alt: 'Alt text', decorative: 'Decorative: it adds nothing a reader needs (no alt text)' },
  help = ALT_HELP,
}: ImageDescriptionFieldsProps) {
  const [isDecorative, setDecorative] = useState(decorative)
  return (
    <>
      <Field id={names.alt} name={names.alt} label={labels.alt} defaultValue={alt} maxLength={MAX_ALT_LENGTH} disabled={isDecorative} error={error} description={help} />
      <div className="flex items-center gap-2">
        <input id={names.decorative} name={names.decorative} type="checkbox" defaultChecked={decorative} onChange={(event) => setDecorative(event.target.checked)} className="size-4 accent-primary" />
        <Label htmlFor={names.decorative}>{labels.decorative}</Label>
      </div>
    </>
  )
}
