/** A text field of a form read in the browser: '' when it is missing (or is a file, which no text field sends). */
export function textField(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
