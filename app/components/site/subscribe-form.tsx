import { useActionData, useFetcher } from 'react-router'
import { Link } from 'react-router'
import { Field } from '#app/components/forms/field.tsx'
import { FieldMessage } from '#app/components/forms/form-message.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { SUBSCRIPTION_LIMITS } from '#app/domain/subscription/subscription-limits.ts'
import type { SubscribeResult } from '#app/domain/subscription/subscription.schema.ts'
import { cn } from '#app/lib/utils.ts'

const NEWS_OPTIONS = [
  { value: 'instant', label: 'Each new post, as soon as it is published' },
  { value: 'weekly', label: 'A weekly digest, on Fridays' },
  { value: 'off', label: 'No news' },
] as const

export interface ChoiceValues {
  news: string
  events: boolean
  alerts: boolean
}

/** How often the news, and whether events and alerts: the same on /subscribe and the page that changes them. */
export function ChoiceFields({ idPrefix, choices, error }: { idPrefix: string; choices?: ChoiceValues; error?: string }) {
  const errorId = `${idPrefix}-topics-error`
  const describedBy = error ? errorId : undefined
  return (
    <>
      <fieldset className="space-y-2" aria-describedby={describedBy}>
        <legend className="text-sm font-medium">News from the school</legend>
        {NEWS_OPTIONS.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input type="radio" name="news" value={option.value} defaultChecked={(choices?.news ?? 'instant') === option.value} className="h-4 w-4 accent-primary" />
            {option.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="space-y-2" aria-describedby={describedBy}>
        <legend className="text-sm font-medium">Also tell me about</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="events" defaultChecked={choices?.events ?? false} className="h-4 w-4 accent-primary" />
          Events added to the calendar
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="alerts" defaultChecked={choices?.alerts ?? true} className="h-4 w-4 accent-primary" />
          Alerts: closures, late starts, emergencies
        </label>
      </fieldset>
      <FieldMessage id={errorId} message={error} />
    </>
  )
}

/** Its spam trap and signed render time, the same in both forms (docs/product-rules.md#subscriptions). */
function HiddenFields({ idPrefix, formToken }: { idPrefix: string; formToken: string }) {
  return (
    <>
      {/* Spam trap: hidden from people and assistive technology, filled in by bots. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${idPrefix}-website`}>Website</label>
        <input id={`${idPrefix}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name="formToken" value={formToken} />
    </>
  )
}

function Answer({ result, className }: { result: SubscribeResult | undefined; className?: string }) {
  if (!result) return null
  if (result.ok)
    return (
      <p role="status" className={cn('rounded-md bg-primary/10 p-3 font-medium text-primary', className)}>
        {result.message}
      </p>
    )
  if (Object.keys(result.fieldErrors).length > 0) return null
  return (
    <p role="alert" className={cn('rounded-md bg-destructive/10 p-3 font-medium text-destructive', className)}>
      {result.error}
    </p>
  )
}

/**
 * The subscription form of /subscribe: the address, how often the news, and
 * events and alerts. It posts as a plain form until the scripts run, then
 * through a fetcher; the server checks everything and answers in words.
 * After a success the page's loader gives a new token (one per subscription).
 */
export function SubscribeForm({ formToken }: { formToken: string }) {
  const fetcher = useFetcher<SubscribeResult>({ key: 'subscribe-page' })
  const documentResult = useActionData<SubscribeResult>()
  const result = fetcher.data ?? documentResult
  const refused = result && !result.ok ? result : undefined
  const sending = fetcher.state !== 'idle'
  const topicsError = refused?.fieldErrors.topics
  const done = result?.ok === true

  return (
    <fetcher.Form method="post" action="/subscribe" noValidate className="space-y-6 rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      <Answer result={result} />
      <Field
        id="subscribe-email"
        name="email"
        type="email"
        label="E-mail address"
        autoComplete="email"
        required
        maxLength={SUBSCRIPTION_LIMITS.email}
        // A success empties the form: a new key makes React drop what was typed.
        key={done ? `done-${formToken}` : 'typing'}
        defaultValue={done ? '' : (refused?.values.email ?? '')}
        error={refused?.fieldErrors.email}
      />
      <ChoiceFields idPrefix="subscribe" choices={refused?.values} error={topicsError} />
      <HiddenFields idPrefix="subscribe" formToken={formToken} />
      <div className="space-y-2">
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? 'Subscribing...' : 'Subscribe'}
        </Button>
        <p className="text-sm text-muted-foreground">
          We send a link to confirm first. We keep only your address, your choices and the dates; every e-mail has a link to unsubscribe.
        </p>
      </div>
    </fetcher.Form>
  )
}

/**
 * The footer's short form: the address only, for news as it is published and
 * alerts; /subscribe has every choice, and every mail a link to change them.
 */
export function FooterSubscribeForm({ formToken }: { formToken: string }) {
  const fetcher = useFetcher<SubscribeResult>({ key: 'subscribe-footer' })
  const result = fetcher.data
  const refused = result && !result.ok ? result : undefined
  const sending = fetcher.state !== 'idle'
  const emailError = refused?.fieldErrors.email
  return (
    <fetcher.Form method="post" action="/subscribe" noValidate className="mt-3 space-y-2" aria-labelledby="footer-subscribe-heading">
      <p className="text-sm opacity-80">News and alerts by e-mail.</p>
      <input type="hidden" name="news" value="instant" />
      <input type="hidden" name="alerts" value="on" />
      <div className="flex gap-2">
        <label htmlFor="footer-subscribe-email" className="sr-only">
          E-mail address
        </label>
        <input
          id="footer-subscribe-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.org"
          maxLength={SUBSCRIPTION_LIMITS.email}
          key={result?.ok ? `done-${formToken}` : 'typing'}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'footer-subscribe-error' : undefined}
          className="h-9 min-w-0 flex-1 rounded-md border border-background/40 bg-background px-3 text-sm text-foreground placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-background focus-visible:outline-none"
        />
        <Button type="submit" variant="secondary" size="sm" className="h-9" disabled={sending}>
          {sending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
      <HiddenFields idPrefix="footer-subscribe" formToken={formToken} />
      {result?.ok ? (
        <p role="status" className="text-sm font-medium">
          {result.message}
        </p>
      ) : refused ? (
        <p id="footer-subscribe-error" role="alert" className="text-sm font-medium">
          {refused.error}
        </p>
      ) : null}
      <Link to="/subscribe" className="text-sm underline opacity-80 hover:opacity-100">
        More choices: weekly digest, events
      </Link>
    </fetcher.Form>
  )
}
