import { useRef, useState, type FocusEvent, type FormEvent } from 'react'
import type { z } from 'zod'
import { fieldErrorsOf, type FieldErrors } from '#app/lib/action-result.ts'
import { formValues, withValue } from './form-values.ts'

/**
 * When a field's live message first shows:
 * - 'submit': after the first submit, then on every change (dialogs: a message appearing
 *   while the pointer is on its way to Save or Cancel would move the button away);
 * - 'blur': once the field is left, or after a submit;
 * - 'always': as soon as a value is wrong (the theme editor, whose preview follows every keystroke).
 */
export type RevealOn = 'submit' | 'blur' | 'always'

/**
 * A schema the form loads when it is first focused or submitted, for public forms: zod then stays off the
 * page until a visitor uses the form (docs/product-rules.md#performance-budget).
 */
export interface LazySchema<Schema extends z.ZodType> {
  load: () => Promise<Schema>
}

const isLazy = <Schema extends z.ZodType>(schema: Schema | LazySchema<Schema>): schema is LazySchema<Schema> => 'load' in schema

interface FormValidationOptions<Schema extends z.ZodType> {
  /** The form's zod schema: the same one the action parses (or a `LazySchema` loading it). */
  schema: Schema | LazySchema<Schema>
  /**
   * The server's field messages of its latest answer (`fieldErrors` of a refused `ActionResult`, keyed by
   * dotted path). A new answer is a new object: each message shows until its field is edited.
   */
  serverErrors?: FieldErrors
  /** The values of a controlled form, checked on every render; by default they are read from the form's fields. */
  values?: unknown
  /** Reads the values from the form's fields; by default every field by name, dotted names nested. */
  toValues?: (form: HTMLFormElement) => unknown
  revealOn?: RevealOn
  /** Called when a submit is refused here, with the messages and the first of them (admin forms toast it). */
  onInvalid?: (errors: FieldErrors, first: string) => void
  /**
   * Called with the parsed values of a valid submit, which is then not sent by the browser (forms that
   * call an API or post JSON). Without it a valid form is sent as usual: by the router, or by the browser
   * before the page is interactive.
   */
  onValid?: (data: z.output<Schema>, form: HTMLFormElement) => void
}

const ALL = 'all'

/**
 * Live feedback from the shared zod schema, merged with the server's messages
 * for the same fields. Values are read from the form's fields when they
 * change, never kept as the source of truth, so whatever was typed before
 * the page became interactive is what is checked and sent.
 */
export function useFormValidation<Schema extends z.ZodType>({
  schema,
  serverErrors,
  values,
  toValues = formValues,
  revealOn = 'submit',
  onInvalid,
  onValid,
}: FormValidationOptions<Schema>) {
  const formRef = useRef<HTMLFormElement>(null)
  const [loadedSchema, setLoadedSchema] = useState<Schema | null>(null)
  const currentSchema = isLazy(schema) ? loadedSchema : schema
  async function ensureSchema(): Promise<Schema> {
    if (!isLazy(schema)) return schema
    // The module is loaded once; a second call gets the same schema at once.
    const loaded = await schema.load()
    setLoadedSchema(() => loaded)
    return loaded
  }
  const [readValues, setReadValues] = useState<{ values: unknown } | null>(null)
  // A page rendered with the server's answer (a form posted before the scripts ran) starts with its fields revealed.
  const [revealed, setRevealed] = useState<ReadonlySet<string> | typeof ALL>(() => new Set(Object.keys(serverErrors ?? {})))
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set())
  const [answer, setAnswer] = useState(serverErrors)

  // A new answer from the server: its messages show again, and stay revealed once their fields are edited.
  if (serverErrors !== answer) {
    setAnswer(serverErrors)
    setEdited(new Set())
    if (serverErrors && revealed !== ALL) setRevealed(new Set([...revealed, ...Object.keys(serverErrors)]))
  }

  const checked = values !== undefined ? { values } : readValues
  const live = checked && currentSchema ? liveErrors(currentSchema, checked.values) : {}
  const errors: FieldErrors = {}
  for (const [field, message] of Object.entries(serverErrors ?? {})) if (!edited.has(field)) errors[field] = message
  for (const [field, message] of Object.entries(live)) if (revealOn === 'always' || revealed === ALL || revealed.has(field)) errors[field] = message

  function read(form: HTMLFormElement) {
    const current = values !== undefined ? values : toValues(form)
    if (values === undefined) setReadValues({ values: current })
    return current
  }

  /** Checks a submit: a valid one goes to `onValid` if any, an invalid one focuses its first wrong field. */
  function check(form: HTMLFormElement, against: Schema, submitted: unknown) {
    const parsed = against.safeParse(submitted)
    if (parsed.success) {
      onValid?.(parsed.data, form)
      return true
    }
    const found = fieldErrorsOf(parsed.error)
    const firstInForm = Array.from(form.elements).find((element) => found[nameOf(element) ?? ''] !== undefined)
    if (firstInForm instanceof HTMLElement) firstInForm.focus()
    const first = firstInForm ? found[nameOf(firstInForm)!]! : Object.values(found)[0]!
    onInvalid?.(found, first)
    return false
  }

  const nameOf = (target: EventTarget) => (target instanceof HTMLElement ? (target.getAttribute('name') ?? undefined) : undefined)

  return {
    /** Each field's message to show, keyed by dotted path. */
    errors,
    /** The form element, for effects that read or clear its fields. */
    formRef,
    /** Spread on the `<form>` (or `fetcher.Form`). */
    form: {
      ref: formRef,
      noValidate: true,
      onSubmit(event: FormEvent<HTMLFormElement>) {
        const form = event.currentTarget
        setRevealed(ALL)
        const submitted = read(form)
        if (!currentSchema) {
          // The schema is still on its way: check once it is here, then send as a valid form would be.
          event.preventDefault()
          void ensureSchema().then((loaded) => {
            if (check(form, loaded, submitted) && !onValid) form.requestSubmit()
          })
          return
        }
        if (!check(form, currentSchema, submitted) || onValid) event.preventDefault()
      },
      onFocus() {
        if (!currentSchema) void ensureSchema()
      },
      onChange(event: FormEvent<HTMLFormElement>) {
        const name = nameOf(event.target)
        if (name && !edited.has(name)) setEdited(new Set([...edited, name]))
        read(event.currentTarget)
      },
      onBlur(event: FocusEvent<HTMLFormElement>) {
        const name = nameOf(event.target)
        if (revealOn !== 'blur' || !name || revealed === ALL || revealed.has(name)) return
        setRevealed(new Set([...revealed, name]))
        read(event.currentTarget)
      },
    },
    /**
     * Re-checks after a change that sent no change event (the rich text editor, an image chosen in the
     * picker, a removed list entry), given the new values by dotted path, which the form's fields may
     * not show yet.
     */
    revalidate: (changed: Record<string, unknown> = {}) => {
      const form = formRef.current
      if (!form || values !== undefined) return
      let current = toValues(form)
      for (const [path, value] of Object.entries(changed)) current = withValue(current, path, value)
      setReadValues({ values: current })
      setEdited(new Set([...edited, ...Object.keys(changed)]))
    },
    /** Forgets what was checked and shown, after a success empties the form. */
    reset: () => {
      setReadValues(null)
      setRevealed(new Set())
      setEdited(new Set())
    },
  }
}

function liveErrors(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values)
  return result.success ? {} : fieldErrorsOf(result.error)
}
