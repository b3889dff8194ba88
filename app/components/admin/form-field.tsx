import type { ReactNode } from 'react'
import { Label } from '#app/components/ui/label.tsx'

interface FormFieldProps {
  id: string
  label: string
  error?: string
  hint?: ReactNode
  children: ReactNode
}

/**
 * A label, its control and the control's message. Give the control
 * `aria-describedby={describedBy(id, error)}` so the message is read with it.
 */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <div className="text-xs text-muted-foreground">{hint}</div> : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function describedBy(id: string, error?: string) {
  return error ? `${id}-error` : undefined
}
