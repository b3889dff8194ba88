import { Form, redirect, useActionData, useNavigation } from 'react-router'
import { Field } from '#app/components/forms/field.tsx'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { EmailedLinkPage, FormAlert } from '#app/components/auth/emailed-link-page.tsx'
import { acceptInvitationSchema, INVITATION_MESSAGES } from '#app/domain/user/invitation.schema.ts'
import { acceptInvitation, invitationForToken } from '#app/domain/user/invitations.server.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { refusedFieldErrors } from '#app/lib/action-result.ts'
import { auth } from '#app/services/auth.server.ts'
import type { Route } from './+types/invitation.ts'

/** Longer than any token the site issues: such a path is answered as a dead link without a lookup. */
const TOKEN_MAX_LENGTH = 128

const usableToken = (token: string) => (token.length <= TOKEN_MAX_LENGTH ? token : null)

/** Opening the page uses nothing up: mail scanners open links too. */
export async function loader({ params }: Route.LoaderArgs) {
  const token = usableToken(params.token)
  const invitation = token ? await invitationForToken(token) : null
  return { email: invitation?.email ?? null }
}

/** The password is set, the link used up, and the person signed in through Better Auth's own password sign-in. */
export async function action({ request, params }: Route.ActionArgs) {
  return answerAction(async () => {
    const values = await validatedForm(acceptInvitationSchema, request)
    const token = usableToken(params.token) ?? ''
    const { email } = await acceptInvitation(token, values)
    const signedIn = await auth.api.signInEmail({ body: { email, password: values.password }, headers: request.headers, returnHeaders: true })
    const headers = new Headers()
    for (const cookie of signedIn.headers.getSetCookie()) headers.append('set-cookie', cookie)
    throw redirect('/admin', { headers })
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Set Up Your Account' }, { name: 'robots', content: 'noindex' }]

export default function AcceptInvitation({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>()
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle'
  const refused = answer && !answer.ok ? answer : undefined
  const linkInvalid = !loaderData.email || refused?.error === INVITATION_MESSAGES.invalidLink
  const validation = useFormValidation({ schema: acceptInvitationSchema, serverErrors: refusedFieldErrors(refused) })
  const { errors } = validation

  return (
    <EmailedLinkPage
      title={linkInvalid ? 'Invitation Link Not Valid' : 'Set Up Your Account'}
      description={linkInvalid ? 'Invitation links work once, for 7 days.' : 'You were invited to help run the school website. Choose your password to finish.'}
      invalidLinkMessage={linkInvalid ? INVITATION_MESSAGES.invalidLink : undefined}
      backLabel="Go to the sign-in page"
    >
      <Form method="post" {...validation.form} className="space-y-4">
        {refused && Object.keys(refused.fieldErrors).length === 0 ? (
          <FormAlert message={refused.error} />
        ) : null}
        <Field id="email" label="Email" type="email" autoComplete="username" value={loaderData.email ?? ''} readOnly />
        <Field id="password" name="password" label="Password" type="password" autoComplete="new-password" required error={errors.password} description="6 to 128 characters." />
        <Field id="confirmPassword" name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Setting up...' : 'Set password and sign in'}
        </Button>
      </Form>
    </EmailedLinkPage>
  )
}
