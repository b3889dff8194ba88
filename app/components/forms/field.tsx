import type { ComponentProps, ReactNode } from 'react'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { cn } from '#app/lib/utils.ts'
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

export type FrameProps = Omit<FieldFrameProps, 'children' | 'labelFor'>
/** A field's props and its control's: `className` styles the field, `controlClassName` the control. */
export type ControlFieldProps<Control extends typeof Input | typeof Textarea> = FrameProps & Omit<ComponentProps<Control>, 'id' | 'className'> & { controlClassName?: string }

/** A text input (or file, date, number…: any `type` of input) with its label, description and message. */
export function Field({ id, label, error, description, describedBy, className, controlClassName, ...input }: ControlFieldProps<typeof Input>) {
  return (
    <FieldFrame id={id} label={label} error={error} description={description} describedBy={describedBy} className={className}>
      {(control) => <Input {...input} {...control} className={controlClassName} />}
    </FieldFrame>
  )
}

export function TextareaField({ id, label, error, description, describedBy, className, controlClassName, ...textarea }: ControlFieldProps<typeof Textarea>) {
  return (
    <FieldFrame id={id} label={label} error={error} description={description} describedBy={describedBy} className={className}>
      {(control) => <Textarea {...textarea} {...control} className={controlClassName} />}
    </FieldFrame>
  )
}
