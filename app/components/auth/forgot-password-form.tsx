import { useState } from 'react'
import { Field } from '#app/components/forms/field.tsx'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { forgotPasswordSchema, PASSWORD_RESET_MESSAGES } from '#app/domain/user/password-reset.schema.ts'
import { authClient } from '#app/lib/auth-client.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'

export const RESET_PASSWORD_PATH = '/auth/reset-password'

/** 'Forgot password?' on /auth: asks for a reset link and answers the same whether or not the account exists. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [pending, setPending] = useState(false)
  const [sent, setSent] = useState(false)
  const validation = useFormValidation({ schema: forgotPasswordSchema, onValid: ({ email }) => void requestLink(email) })

  async function requestLink(email: string) {
    if (pending) return
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
        <form method="post" {...validation.form} className="space-y-4">
          <Field id="reset-email" name="email" label="Email" type="email" autoComplete="email" required error={validation.errors.email} />
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
