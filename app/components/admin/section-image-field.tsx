import { isImageSource } from '#app/lib/url-rules.ts'
import { useId, useState } from 'react'
import { FieldFrame } from '#app/components/forms/field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { ChooseImageButton } from './image-picker.tsx'

interface SectionImageFieldProps {
  label: string
  /** The field's dotted name, e.g. 'slides.0.image': it names the value and its message. */
  name: string
  defaultValue: string
  error?: string
  description?: string
  /** Called with an image chosen in the picker, which sends no change event of its own. */
  onPick: (name: string, url: string) => void
}

/** An image as a URL, typed or chosen with the image picker ('Must be a valid URL'). */
export function SectionImageField({ label, name, defaultValue, error, description, onPick }: SectionImageFieldProps) {
  const id = useId()
  const [value, setValue] = useState(defaultValue)
  return (
    <FieldFrame id={id} label={label} error={error} description={description}>
      {(control) => (
        <div className="flex flex-wrap gap-2 sm:flex-nowrap">
          {isImageSource(value) ? <img src={value} alt="" className="size-10 shrink-0 rounded border object-cover" /> : null}
          <Input {...control} name={name} value={value} onChange={(event) => setValue(event.currentTarget.value)} placeholder="https://… or choose an image" />
          <ChooseImageButton
            onSelect={(url) => {
              setValue(url)
              onPick(name, url)
            }}
            label="Choose"
            accessibleName={`Choose ${label}`}
          />
        </div>
      )}
    </FieldFrame>
  )
}
