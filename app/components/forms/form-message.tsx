/** A field's message, read with its control through `aria-describedby`; nothing while the value is fine. */
export function FieldMessage({ id, message, className }: { id: string; message?: string; className?: string }) {
  if (!message) return null
  return (
    <p id={id} className={className ?? 'text-sm font-medium text-destructive'}>
      {message}
    </p>
  )
}

/** A message about the whole form (or a whole list in it), announced when it appears. */
export function FormMessage({ message, id }: { message?: string; id?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  )
}
