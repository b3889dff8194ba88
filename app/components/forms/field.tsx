import { useState, type ComponentProps, type ReactNode } from 'react'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#app/components/ui/select.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { IMAGE_ACCEPT } from '#app/lib/uploads/upload-rules.ts'
import { cn } from '#app/lib/utils.ts'
import { fitChosenImages } from './fit-image-for-upload.ts'
import { FieldMessage } from './form-message.tsx'

/** The ids a field's parts take from its control's id, so tests and assistive technology find them the same way everywhere. */
export const fieldIds = (id: string) => ({ label: `${id}-label`, description: `${id}-description`, error: `${id}-error` })

/** What a control needs to be read with its field: its id, whether it is invalid, and the texts that describe it. */
export interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

interface FieldFrameProps {
  /** The control's id; the label, description and message ids derive from it. */
  id: string
  label: ReactNode
  /** The field's current message (live or from the server); none when the value is fine. */
  error?: string
  /** A hint shown under the control and read with it. */
  description?: ReactNode
  /** More ids that describe the control, such as a character counter. */
  describedBy?: string
  /** False for a control that is no form element (the rich text editor): it is named by `aria-labelledby` instead. */
  labelFor?: boolean
  className?: string
  children: (control: ControlProps) => ReactNode
}

/**
 * A label, any control, its description and its message, wired once: the
 * control receives its id, `aria-invalid` while there is a message, and
 * `aria-describedby` naming the message and the description.
 */
export function FieldFrame({ id, label, error, description, describedBy, labelFor = true, className, children }: FieldFrameProps) {
  const ids = fieldIds(id)
  const describing = [error ? ids.error : '', description ? ids.description : '', describedBy ?? ''].filter(Boolean).join(' ')
  return (
    <div className={cn('space-y-2', className)}>
      <Label id={ids.label} htmlFor={labelFor ? id : undefined}>
        {label}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describing || undefined })}
      {description ? (
        <div id={ids.description} className="text-xs text-muted-foreground">
          {description}
        </div>
      ) : null}
      <FieldMessage id={ids.error} message={error} />
    </div>
  )
}

type FrameProps = Omit<FieldFrameProps, 'children' | 'labelFor'>
/** A field's props and its control's: `className` styles the field, `controlClassName` the control. */
type ControlFieldProps<Control extends typeof Input | typeof Textarea> = FrameProps & Omit<ComponentProps<Control>, 'id' | 'className'> & { controlClassName?: string }

/** A text input (or file, date, number…: any `type` of input) with its label, description and message. */
export function Field({ id, label, error, description, describedBy, className, controlClassName, ...input }: ControlFieldProps<typeof Input>) {
  return (
    <FieldFrame id={id} label={label} error={error} description={description} describedBy={describedBy} className={className}>
      {(control) => <Input {...input} {...control} className={controlClassName} />}
    </FieldFrame>
  )
}

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

export function TextareaField({ id, label, error, description, describedBy, className, controlClassName, ...textarea }: ControlFieldProps<typeof Textarea>) {
  return (
    <FieldFrame id={id} label={label} error={error} description={description} describedBy={describedBy} className={className}>
      {(control) => <Textarea {...textarea} {...control} className={controlClassName} />}
    </FieldFrame>
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
