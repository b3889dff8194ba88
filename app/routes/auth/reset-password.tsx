import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Field } from '#app/components/forms/field.tsx'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { EmailedLinkPage } from '#app/components/auth/emailed-link-page.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import { newPasswordSchema, PASSWORD_RESET_MESSAGES } from '#app/domain/user/password-reset.schema.ts'
import { authClient } from '#app/lib/auth-client.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'
import type { Route } from './+types/reset-password.ts'

/** The mailed link passes through Better Auth, which sends ?token=… here, or ?error=INVALID_TOKEN when it is unknown or expired. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const token = params.get('token')
  return { token: params.has('error') ? null : token }
}

export const meta: Route.MetaFunction = () => [{ title: 'Choose a New Password' }, { name: 'robots', content: 'noindex' }]

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)
  const [linkInvalid, setLinkInvalid] = useState(!loaderData.token)
  const validation = useFormValidation({ schema: newPasswordSchema, onValid: ({ password }) => void choose(password) })

  async function choose(password: string) {
    if (pending || !loaderData.token) return
    setPending(true)
    const { error } = await authClient.resetPassword({ newPassword: password, token: loaderData.token })
    setPending(false)
    if (error) {
      if (error.status === 400 && /token/i.test(error.message ?? '')) setLinkInvalid(true)
      else showErrorToast(error.message ?? error.statusText)
      return
    }
    toast.success(PASSWORD_RESET_MESSAGES.done)
    await navigate('/auth')
  }

  const { errors } = validation
  return (
    <EmailedLinkPage
      title="Choose a New Password"
      description="Your new password replaces the old one and signs you out everywhere else."
      invalidLinkMessage={linkInvalid ? PASSWORD_RESET_MESSAGES.invalidLink : undefined}
      backLabel="Back to sign in"
    >
      <form method="post" {...validation.form} className="space-y-4">
        <Field id="password" name="password" label="New password" type="password" autoComplete="new-password" required error={errors.password} />
        <Field id="confirmPassword" name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Saving...' : 'Save new password'}
        </Button>
      </form>
    </EmailedLinkPage>
  )
}
