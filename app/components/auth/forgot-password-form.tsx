import type { ReactNode } from 'react'
import { Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { forgotPasswordSchema } from '#app/domain/user/password-reset.schema.ts'
import { AuthForm, FormNotice, useAuthAnswer } from './auth-form.tsx'

/** 'Forgot password?' on /auth: asks for a reset link and answers the same whether or not the account exists. */
export function ForgotPasswordForm({ back }: { back: ReactNode }) {
  const { answer, sending } = useAuthAnswer()
  const sent = answer?.ok && answer.intent === 'request-reset' ? answer.message : undefined
  return (
    <div className="space-y-4">
      {sent ? (
        <FormNotice message={sent} />
      ) : (
        <AuthForm action="/auth" intent="request-reset" schema={forgotPasswordSchema}>
          {(errors, typedEmail) => (
            <>
              <Field id="reset-email" name="email" label="Email" type="email" autoComplete="email" required defaultValue={typedEmail} error={errors.email} />
              <Button type="submit" className="w-full" disabled={sending}>
                {sending ? 'Sending...' : 'Send reset link'}
              </Button>
            </>
          )}
        </AuthForm>
      )}
      <p className="text-center text-sm">{back}</p>
    </div>
  )
}
