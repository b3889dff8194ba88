import { useState, type FormEvent } from 'react'
import { describedBy, FormField } from '#app/components/admin/form-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { forgotPasswordSchema, PASSWORD_RESET_MESSAGES } from '#app/domain/user/password-reset.schema.ts'
import { authClient } from '#app/lib/auth-client.ts'
import { showErrorToast } from '#app/lib/error-toast.ts'
import { useClientValidation } from '#app/lib/use-client-validation.ts'

export const RESET_PASSWORD_PATH = '/auth/reset-password'

/** 'Forgot password?' on /auth: asks for a reset link and answers the same whether or not the account exists. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const validation = useClientValidation(forgotPasswordSchema)
  const [pending, setPending] = useState(false)
  const [sent, setSent] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    validation.onSubmit(event)
    if (event.defaultPrevented) return
    event.preventDefault()
    if (pending) return
    const { email } = forgotPasswordSchema.parse(Object.fromEntries(new FormData(event.currentTarget)))
    setPending(true)
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PATH })
    setPending(false)
    if (error) {
      showErrorToast(error.message ?? error.statusText)
      return
    }
    setSent(true)
  }

  return (
    <div className="space-y-4">
      {sent ? (
        <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
          {PASSWORD_RESET_MESSAGES.requested}
        </p>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} onChange={validation.onChange} className="space-y-4">
          <FormField id="reset-email" label="Email" error={validation.errors.email}>
            <Input
              id="reset-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              aria-invalid={validation.errors.email ? true : undefined}
              aria-describedby={describedBy('reset-email', validation.errors.email)}
            />
          </FormField>
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="text-center text-sm">
        <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </div>
  )
}
