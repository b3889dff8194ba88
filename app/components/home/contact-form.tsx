import { useEffect, useRef, useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { Field, TextareaField } from '#app/components/forms/field.tsx'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import { CONTACT_LIMITS, CONTACT_MESSAGES } from '#app/domain/contact/contact-rules.ts'
import type { ContactField, ContactFormResult } from '#app/domain/contact/contact.schema.ts'
import { refusedFieldErrors } from '#app/lib/action-result.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'
import { cn } from '#app/lib/utils.ts'

const FIELDS: readonly ContactField[] = ['name', 'email', 'message']

/** The same schema the action parses, loaded when the form is first used. */
const contactSchema = { load: () => import('#app/domain/contact/contact.schema.ts').then((module) => module.contactMessageSchema) }

function clearFields(form: HTMLFormElement) {
  for (const field of FIELDS) {
    const element = form.elements.namedItem(field)
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.value = ''
  }
}
/** The server's answer to a form posted without JavaScript. Field problems show beside their fields instead. */
function answerBanner(result: ContactFormResult | undefined) {
  if (!result) return undefined
  if (result.ok) return { ok: true, text: CONTACT_MESSAGES.success }
  return Object.keys(result.fieldErrors).length === 0 ? { ok: false, text: result.error } : undefined
}

/**
 * The public contact form. The browser checks the fields for quick feedback
 * (a field's message shows once it is left); the action re-checks them. The
 * timing rules (3 s after the page was served, 30 s between messages) are
 * the server's alone: the browser cannot know when the page was served or
 * what the server last accepted, and must never refuse what it would take.
 * Without JavaScript it posts as a plain form and the page shows the server's answer.
 *
 * The fields are uncontrolled: they own what was typed, including text typed
 * before hydration, which a controlled field would replace with its empty
 * state. Only the message's length is followed, for its counter.
 */
export function ContactForm({ formToken }: { formToken: string }) {
  const fetcher = useFetcher<ContactFormResult>()
  const documentResult = useActionData<ContactFormResult>()
  const refused = documentResult?.ok === false ? documentResult : undefined
  const documentAnswer = answerBanner(documentResult)
  const [messageLength, setMessageLength] = useState(refused?.values.message.length ?? 0)
  const submitting = useRef(false)
  const sending = fetcher.state !== 'idle'

  const validation = useFormValidation({
    schema: contactSchema,
    // The page's own answer (a form posted before the scripts ran) until the form has sent one itself.
    serverErrors: refusedFieldErrors(fetcher.data ?? documentResult),
    revealOn: 'blur',
    // The spam trap has no field to show its message beside.
    onInvalid: (errors) => {
      if (errors.website) showErrorToast(CONTACT_MESSAGES.invalidSubmission)
    },
    onValid: (_message, form) => {
      if (submitting.current) return
      submitting.current = true
      void fetcher.submit(form)
    },
  })
  const { errors, formRef } = validation

  useEffect(() => {
    const typed = formRef.current?.elements.namedItem('message')
    if (typed instanceof HTMLTextAreaElement) setMessageLength(typed.value.length)
  }, [formRef])

  // Success empties the form; a refusal keeps it.
  const [seenResult, setSeenResult] = useState(fetcher.data)
  if (fetcher.data !== seenResult) {
    setSeenResult(fetcher.data)
    if (fetcher.data?.ok) {
      validation.reset()
      setMessageLength(0)
    }
  }

  useEffect(() => {
    if (!fetcher.data) return
    if (fetcher.data.ok) {
      if (formRef.current) clearFields(formRef.current)
      toast.success(CONTACT_MESSAGES.success)
    } else {
      showErrorToast(fetcher.data.error)
    }
  }, [fetcher.data, formRef])

  useEffect(() => {
    if (fetcher.state === 'idle') submitting.current = false
  }, [fetcher.state])

  const fieldProps = (field: ContactField) => ({
    id: `contact-${field}`,
    name: field,
    label: field[0]!.toUpperCase() + field.slice(1),
    // Focusing an invalid field must not leave it under the sticky header.
    controlClassName: 'scroll-mt-32',
    defaultValue: refused?.values[field] ?? '',
    maxLength: CONTACT_LIMITS[field],
    required: true,
    error: errors[field],
  })

  return (
    <fetcher.Form method="post" {...validation.form} className="space-y-5 rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      {documentAnswer ? (
        <p
          role={documentAnswer.ok ? 'status' : 'alert'}
          className={cn('rounded-md p-3 font-medium', documentAnswer.ok ? 'bg-primary/10 text-primary' : 'bg-destructive/10 text-destructive')}
        >
          {documentAnswer.text}
        </p>
      ) : null}
      <Field type="text" autoComplete="name" {...fieldProps('name')} />
      <Field type="email" autoComplete="email" {...fieldProps('email')} />
      <div className="space-y-1">
        <TextareaField
          rows={5}
          {...fieldProps('message')}
          controlClassName="min-h-32 scroll-mt-32"
          describedBy="contact-message-count"
          onChange={(event) => setMessageLength(event.currentTarget.value.length)}
        />
        <p id="contact-message-count" className="text-right text-sm text-muted-foreground">
          {messageLength}/{CONTACT_LIMITS.message}
        </p>
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
