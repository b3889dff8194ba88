import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { AuthForm, FormNotice, useAuthAnswer } from '#app/components/auth/auth-form.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { EmailedLinkPage } from '#app/components/auth/emailed-link-page.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import { newPasswordSchema, PASSWORD_RESET_MESSAGES } from '#app/domain/user/password-reset.schema.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import { answerAuthForm } from '#app/services/auth/auth-forms.server.ts'
import type { Route } from './+types/reset-password.ts'

/** The mailed link passes through Better Auth, which sends ?token=… here, or ?error=INVALID_TOKEN when it is unknown or expired. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const token = params.get('token')
  return { token: params.has('error') ? null : token }
}

/** The new password, posted by the page or by the browser before its scripts ran. */
export async function action({ request, context }: Route.ActionArgs) {
  return answerAuthForm(request, context.get(clientAddressContext), ['reset-password'])
}

export const meta: Route.MetaFunction = () => [{ title: 'Choose a New Password' }, { name: 'robots', content: 'noindex' }]

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const { fetcher, answer, sending } = useAuthAnswer()
  const linkInvalid = !loaderData.token || (answer?.ok === false && answer.linkInvalid === true)
  // Without scripts the page says it is done and offers the way back; with them the sign-in page opens.
  const done = answer?.ok && answer.intent === 'reset-password' ? answer.message : undefined

  useEffect(() => {
    const result = fetcher.data
    if (!result) return
    if (result.ok) {
      toast.success(result.message)
      void navigate('/auth')
    } else if (!result.linkInvalid) showErrorToast(result.error)
  }, [fetcher.data, navigate])

  return (
    <EmailedLinkPage
      title="Choose a New Password"
      description="Your new password replaces the old one and signs you out everywhere else."
      invalidLinkMessage={linkInvalid ? PASSWORD_RESET_MESSAGES.invalidLink : undefined}
      backLabel="Back to sign in"
    >
      {done ? (
        <FormNotice message={done} />
      ) : (
        // Posted to this address, token and all: the answer's page is rendered for the same link.
        <AuthForm intent="reset-password" schema={newPasswordSchema}>
          {(errors) => (
            <>
              <input type="hidden" name="token" value={loaderData.token ?? ''} />
              <Field id="password" name="password" label="New password" type="password" autoComplete="new-password" required error={errors.password} />
              <Field
                id="confirmPassword"
                name="confirmPassword"
                label="Confirm new password"
                type="password"
                autoComplete="new-password"
                required
                error={errors.confirmPassword}
              />
              <Button type="submit" className="w-full" disabled={sending}>
                {sending ? 'Saving...' : 'Save new password'}
              </Button>
            </>
          )}
        </AuthForm>
      )}
    </EmailedLinkPage>
  )
}
