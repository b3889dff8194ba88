import { useState } from 'react'
import { Field } from '#app/components/forms/field.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { MAX_ALT_LENGTH } from '#app/domain/media/media.schema.ts'

const ALT_HELP = "What the image shows, for people who cannot see it: 'Year 3 planting trees in the school garden'. Leave it out only for decoration."

/** 'Alt text' and 'Decorative' (which empties and disables the alt text): posts `alt` and `decorative`. */
export function ImageDescriptionFields({ alt, decorative, errors }: { alt: string; decorative: boolean; errors: Record<string, string | undefined> }) {
  const [isDecorative, setDecorative] = useState(decorative)
  return (
    <>
      <Field id="alt" name="alt" label="Alt text" defaultValue={alt} maxLength={MAX_ALT_LENGTH} disabled={isDecorative} error={errors.alt} description={ALT_HELP} />
      <div className="flex items-center gap-2">
        <input id="decorative" name="decorative" type="checkbox" defaultChecked={decorative} onChange={(event) => setDecorative(event.target.checked)} className="size-4 accent-primary" />
        <Label htmlFor="decorative">Decorative: it adds nothing a reader needs (no alt text)</Label>
      </div>
    </>
  )
}
