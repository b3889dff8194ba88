import { useState, type ComponentProps } from 'react'
import { type Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#app/components/ui/select.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import { IMAGE_ACCEPT } from '#app/lib/uploads/upload-rules.ts'
import { cn } from '#app/lib/utils.ts'
import { Field, FieldFrame, fieldIds, type ControlFieldProps, type FrameProps } from './field.tsx'
import { fitChosenImages } from './fit-image-for-upload.ts'

// The form kit's fields beyond text, apart from field.tsx: the public forms use text fields only, and these
// bring Radix Select, Switch and the image fitting with them (docs/product-rules.md#performance-budget).

/** A file input: the same field, named for what the screens ask for. */
export function FileField(props: Omit<ControlFieldProps<typeof Input>, 'type'>) {
  return <Field {...props} type="file" />
}

type ImageFileFieldProps = Omit<ControlFieldProps<typeof Input>, 'type' | 'accept' | 'onChange'> & {
  /** The chosen files once they are fitted for upload (and back in the input). */
  onChosen?: (files: File[]) => void
}

/**
 * An image file input: any image the site takes, HEIC included, and a large
 * photo is made smaller in the browser as soon as it is chosen
 * (`fitImageForUpload`), so the form sends what the server accepts.
 */
export function ImageFileField({ onChosen, description, ...props }: ImageFileFieldProps) {
  const [fitting, setFitting] = useState(false)
  return (
    <Field
      {...props}
      type="file"
      accept={IMAGE_ACCEPT}
      aria-busy={fitting || undefined}
      description={fitting ? 'Preparing the photo for upload…' : description}
      onChange={(event) => {
        const input = event.currentTarget
        setFitting(true)
        void fitChosenImages(input).finally(() => {
          setFitting(false)
          onChosen?.(Array.from(input.files ?? []))
        })
      }}
    />
  )
}

type Option = string | { value: string; label: string }
const optionOf = (option: Option) => (typeof option === 'string' ? { value: option, label: option } : option)

interface SelectFieldProps extends FrameProps {
  name: string
  options: readonly Option[]
  defaultValue?: string
  value?: string
  onValueChange?: (value: string) => void
  placeholder?: string
  /** Classes of the trigger and of each option ('capitalize' for lowercase values). */
  optionClassName?: string
}

/** A choice from a list (Radix Select, which posts `name` through a hidden native select). */
export function SelectField({ id, label, error, description, describedBy, className, name, options, defaultValue, value, onValueChange, placeholder, optionClassName }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} description={description} describedBy={describedBy} className={className}>
      {(control) => (
        <Select name={name} defaultValue={defaultValue} value={value} onValueChange={onValueChange}>
          <SelectTrigger {...control} className={cn('w-full', optionClassName)}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map(optionOf).map((option) => (
              <SelectItem key={option.value} value={option.value} className={optionClassName}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FieldFrame>
  )
}

/** An on/off setting: the label beside the switch, which posts 'on' under `name` when on. */
export function SwitchField({ id, label, description, className, ...switchProps }: Omit<FrameProps, 'error' | 'describedBy'> & Omit<ComponentProps<typeof Switch>, 'id'>) {
  const ids = fieldIds(id)
  return (
    <div className={cn('space-y-1', className)}>
      <div className="flex items-center justify-between gap-4">
        <Label id={ids.label} htmlFor={id}>
          {label}
        </Label>
        <Switch {...switchProps} id={id} aria-describedby={description ? ids.description : undefined} />
      </div>
      {description ? (
        <div id={ids.description} className="text-xs text-muted-foreground">
          {description}
        </div>
      ) : null}
    </div>
  )
}
