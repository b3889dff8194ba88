import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_MIN_FILL_MS,
  CONTACT_SPACING_MS,
  checkContactForm,
  type ContactField,
  type ContactFormResult,
} from '#app/domain/contact/contact.schema.ts'
import { showErrorToast } from '#app/lib/error-toast.ts'
import { cn } from '#app/lib/utils.ts'

const FIELDS: readonly ContactField[] = ['name', 'email', 'message']
const EMPTY_VALUES: Record<ContactField, string> = { name: '', email: '', message: '' }

/** What the fields hold now: a visitor (or autofill) may have typed before the page became interactive. */
function fieldValues(form: HTMLFormElement): Record<ContactField, string> {
  const data = new FormData(form)
  return { name: String(data.get('name') ?? ''), email: String(data.get('email') ?? ''), message: String(data.get('message') ?? '') }
}

function clearFields(form: HTMLFormElement) {
  for (const field of FIELDS) {
    const element = form.elements.namedItem(field)
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.value = ''
  }
}
/** The browser remembers its last successful message so it can apply the 30 s rule before asking the server. */
const LAST_SENT_KEY = 'contact-form:last-sent-at'

function lastSentAt() {
  try {
    return Number(localStorage.getItem(LAST_SENT_KEY)) || 0
  } catch {
    return 0
  }
}

function rememberSent() {
  try {
    localStorage.setItem(LAST_SENT_KEY, String(Date.now()))
  } catch {
    // Private modes may refuse storage; the server still applies the rule.
  }
}

/** The server's answer to a form posted without JavaScript. Field problems show beside their fields instead. */
function answerBanner(result: ContactFormResult | undefined) {
  if (!result) return undefined
  if (result.ok) return { ok: true, text: CONTACT_MESSAGES.success }
  return Object.keys(result.fieldErrors).length === 0 ? { ok: false, text: result.error } : undefined
}

/**
 * The public contact form (spec §5). The browser checks what it can for quick
 * feedback; the action re-checks everything, including the signed render time
 * in `formToken`. Without JavaScript it posts as a plain form and the page
 * shows the server's answer.
 *
 * The fields are uncontrolled: they own what was typed, including text typed
 * before hydration, which a controlled field would replace with its empty
 * state. `values` follows them for the counter and the live messages.
 */
export function ContactForm({ formToken }: { formToken: string }) {
  const fetcher = useFetcher<ContactFormResult>()
  const documentResult = useActionData<ContactFormResult>()
  const refused = documentResult?.ok === false ? documentResult : undefined
  const documentAnswer = answerBanner(documentResult)
  const [values, setValues] = useState(refused?.values ?? EMPTY_VALUES)
  const formRef = useRef<HTMLFormElement>(null)
  const [touched, setTouched] = useState<ReadonlySet<ContactField>>(() => new Set(refused ? (Object.keys(refused.fieldErrors) as ContactField[]) : []))
  const [seenResult, setSeenResult] = useState(fetcher.data)
  const mountedAt = useRef(0)
  const submitting = useRef(false)
  const sending = fetcher.state !== 'idle'

  useEffect(() => {
    mountedAt.current = Date.now()
    if (formRef.current) setValues(fieldValues(formRef.current))
  }, [])

  // Spec §4: success resets the form, failure keeps it.
  if (fetcher.data !== seenResult) {
    setSeenResult(fetcher.data)
    if (fetcher.data?.ok) {
      setValues(EMPTY_VALUES)
      setTouched(new Set())
    }
  }

  useEffect(() => {
    if (!fetcher.data) return
    if (fetcher.data.ok) {
      if (formRef.current) clearFields(formRef.current)
      rememberSent()
      toast.success(CONTACT_MESSAGES.success)
    } else {
      showErrorToast(fetcher.data.error)
    }
  }, [fetcher.data])

  useEffect(() => {
    if (fetcher.state === 'idle') submitting.current = false
  }, [fetcher.state])

  const checked = checkContactForm(values)
  const errorOf = (field: ContactField) => (!checked.ok && touched.has(field) ? checked.fieldErrors[field] : undefined)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting.current) return
    const form = event.currentTarget
    const typed = fieldValues(form)
    const result = checkContactForm({ ...typed, website: new FormData(form).get('website') ?? '' })
    setValues(typed)
    if (!result.ok) {
      const firstInvalid = FIELDS.find((field) => result.fieldErrors[field])
      if (!firstInvalid) return showErrorToast(result.error)
      setTouched(new Set(FIELDS))
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus()
      return
    }
    const now = Date.now()
    if (now - mountedAt.current < CONTACT_MIN_FILL_MS) return showErrorToast(CONTACT_MESSAGES.tooFast)
    if (now - lastSentAt() < CONTACT_SPACING_MS) return showErrorToast(CONTACT_MESSAGES.tooSoon)
    submitting.current = true
    void fetcher.submit(form)
  }

  const fieldProps = (field: ContactField) => ({
    id: `contact-${field}`,
    // Focusing an invalid field must not leave it under the sticky header.
    className: 'scroll-mt-32',
    name: field,
    defaultValue: refused?.values[field] ?? '',
    maxLength: CONTACT_LIMITS[field],
    required: true,
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': [errorOf(field) ? `contact-${field}-error` : '', field === 'message' ? 'contact-message-count' : ''].filter(Boolean).join(' ') || undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget
      setValues((current) => ({ ...current, [field]: value }))
    },
    onBlur: () => setTouched((current) => new Set(current).add(field)),
  })

  const fieldError = (field: ContactField) =>
    errorOf(field) ? (
      <p id={`contact-${field}-error`} className="text-sm font-medium text-destructive">
        {errorOf(field)}
      </p>
    ) : null

  return (
    <fetcher.Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5 rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      {documentAnswer ? (
        <p
          role={documentAnswer.ok ? 'status' : 'alert'}
          className={cn('rounded-md p-3 font-medium', documentAnswer.ok ? 'bg-primary/10 text-primary' : 'bg-destructive/10 text-destructive')}
        >
          {documentAnswer.text}
        </p>
      ) : null}
      <div className="space-y-2">
        <Label htmlFor="contact-name">Name</Label>
        <Input type="text" autoComplete="name" {...fieldProps('name')} />
        {fieldError('name')}
      </div>
      <div className="space-y-2">
        <Label htmlFor="contact-email">Email</Label>
        <Input type="email" autoComplete="email" {...fieldProps('email')} />
        {fieldError('email')}
      </div>
      <div className="space-y-2">
        <Label htmlFor="contact-message">Message</Label>
        <Textarea rows={5} {...fieldProps('message')} className="min-h-32 scroll-mt-32" />
        <div className="flex items-start justify-between gap-4">
          {fieldError('message') ?? <span />}
          <p id="contact-message-count" className="shrink-0 text-sm text-muted-foreground">
            {values.message.length}/{CONTACT_LIMITS.message}
          </p>
        </div>
      </div>
      {/* Spam trap: hidden from people and assistive technology, filled in by bots. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden="true" defaultValue="" />
      </div>
      <input type="hidden" name="formToken" value={formToken} />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </fetcher.Form>
  )
}
