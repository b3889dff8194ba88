import { useId } from 'react'
import { Input } from '#app/components/ui/input.tsx'
import { describedBy, FormField } from './form-field.tsx'
import { ChooseImageButton } from './image-picker.tsx'

interface SectionImageFieldProps {
  label: string
  value: string
  onChange: (url: string) => void
  error?: string
  /** Field name for focusing and messages, e.g. 'slides.0.image'. */
  name: string
}

const PREVIEWABLE = /^(https?:\/\/|\/files\/)\S+$/

/** An image as a URL, typed or chosen with the image picker (spec §5: 'Must be a valid URL'). */
export function SectionImageField({ label, value, onChange, error, name }: SectionImageFieldProps) {
  const id = useId()
  return (
    <FormField id={id} label={label} error={error}>
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        {PREVIEWABLE.test(value) ? <img src={value} alt="" className="size-10 shrink-0 rounded border object-cover" /> : null}
        <Input id={id} name={name} value={value} onChange={(event) => onChange(event.currentTarget.value)} placeholder="https://… or choose an image" aria-invalid={!!error} aria-describedby={describedBy(id, error)} />
        <ChooseImageButton onSelect={onChange} label="Choose" />
      </div>
    </FormField>
  )
}
