import { useEffect, useState } from 'react'
import { redirect, useNavigate, useNavigation } from 'react-router'
import { AuthForm, useAuthAnswer, ViewForm, ViewSwitch } from '#app/components/auth/auth-form.tsx'
import { ForgotPasswordForm } from '#app/components/auth/forgot-password-form.tsx'
import { OAuthButtons } from '#app/components/auth/oauth-buttons.tsx'
import { PasskeySignIn } from '#app/components/auth/passkey-sign-in.tsx'
import { TwoFactorStep } from '#app/components/auth/two-factor-step.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import { TWO_FACTOR_STEP_PARAM } from '#app/domain/user/account-security.ts'
import { AUTH_VIEWS, viewAfter, type AuthView } from '#app/domain/user/auth-forms.ts'
import { AUTH_MESSAGES, LOGGED_OUT_PARAM, SIGN_UP_CLOSED_CODE, credentialsSchema } from '#app/domain/user/credentials.schema.ts'
import { isPublicSignUpOpen } from '#app/domain/user/sign-up-setting.server.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'
import { auth } from '#app/services/auth.server.ts'
import { answerAuthForm } from '#app/services/auth/auth-forms.server.ts'
import { config } from '#app/lib/env.server.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import type { Route } from './+types/sign-in.ts'

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const accessDenied = params.get('error') === 'access_denied'
  // A signed-in visitor goes straight to the admin area, unless it just turned them away or they just logged out.
  const stay = accessDenied || params.has(LOGGED_OUT_PARAM)
  if (!stay && (await auth.api.getSession({ headers: request.headers }))) throw redirect('/admin')
  const error = params.get('error')
  const requestedView = AUTH_VIEWS.find((view) => view === params.get('view'))
  return {
    accessDenied,
    // Better Auth sends a failed provider sign-in or confirmation link back here with ?error=<code>.
    returnedError: error && !accessDenied ? (RETURNED_ERRORS.get(error) ?? RETURNED_ERROR_OTHERWISE) : undefined,
    providers: config.oauthProviders.map(({ id, name }) => ({ id, name })),
    // A provider sign-in of an account with two-factor on comes back here for the code; without scripts each screen has its address.
    view: params.has(TWO_FACTOR_STEP_PARAM) ? ('two-factor' as const) : (requestedView ?? 'sign-in'),
    // Closed by an admin on the Users screen: only 'Admin Login' is offered.
    signUpOpen: await isPublicSignUpOpen(),
  }
}

/** Sign-in, sign-up, a reset link and the second step, posted by the page or by the browser before its scripts ran. */
export async function action({ request, context }: Route.ActionArgs) {
  return answerAuthForm(request, context.get(clientAddressContext), ['sign-in', 'sign-up', 'request-reset', 'verify-code', 'verify-backup-code'])
}

const INVALID_CONFIRMATION_LINK = 'This confirmation link is invalid or has expired. Sign in to receive a new one.'

/** A Map: the code comes from the address, and a plain object would also answer to '__proto__' or 'constructor'. */
const RETURNED_ERRORS = new Map([
  ['account_not_linked', 'This email already has an account. Please sign in with your password.'],
  ['ACCOUNT_REJECTED', AUTH_MESSAGES.accountRejected],
  // A provider's first sign-in while sign-up is closed.
  [SIGN_UP_CLOSED_CODE, AUTH_MESSAGES.signUpClosed],
  // A confirmation link opened in a browser that did not sign up (see sign-up-browser.server.ts).
  [
    'CONFIRM_IN_SIGN_UP_BROWSER',
    'Open the confirmation link in the browser where you signed up, or sign in here with your email and password to receive a link for this browser.',
  ],
  ['INVALID_TOKEN', INVALID_CONFIRMATION_LINK],
  ['TOKEN_EXPIRED', INVALID_CONFIRMATION_LINK],
  // The link's sign-up was replaced by a newer one, or expired unconfirmed.
  ['USER_NOT_FOUND', INVALID_CONFIRMATION_LINK],
])
const RETURNED_ERROR_OTHERWISE = 'Signing in with that account did not work. Please try again.'

export const meta: Route.MetaFunction = () => [{ title: 'Admin Login' }, { name: 'robots', content: 'noindex' }]

const TWO_FACTOR_TEXT = {
  title: 'Two-Factor Sign-In',
  description: 'Your account asks for a second step.',
} as const

const FORGOT_PASSWORD_TEXT = {
  title: 'Reset Password',
  description: 'Enter your email and we will send you a link to choose a new password.',
} as const

const MODE_TEXT = {
  'sign-in': {
    title: 'Admin Login',
    description: 'Sign in to manage the school website.',
    submit: 'Sign In',
    pending: 'Signing in...',
    switchPrompt: "Don't have an account?",
    switchAction: 'Sign up',
  },
  'sign-up': {
    title: 'Create Admin Account',
    description: 'An administrator approves new accounts and gives them a role.',
    submit: 'Sign Up',
    pending: 'Creating account...',
    switchPrompt: 'Already have an account?',
    switchAction: 'Sign in',
  },
} as const

type CredentialsView = 'sign-in' | 'sign-up'

const isSecondStep = (view: AuthView) => view === 'two-factor' || view === 'backup-code'

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const navigation = useNavigation()
  const { fetcher, documentAnswer, sending } = useAuthAnswer()
  // A form posted before the scripts ran: the page shows the screen its answer leads to.
  const [view, setView] = useState<AuthView>(() => (documentAnswer && viewAfter(documentAnswer)) || loaderData.view)
  const mode: CredentialsView = view === 'sign-up' ? 'sign-up' : 'sign-in'
  const text = MODE_TEXT[mode]
  const heading = isSecondStep(view) ? TWO_FACTOR_TEXT : view === 'forgot-password' ? FORGOT_PASSWORD_TEXT : text
  const documentNotice = documentAnswer?.ok && documentAnswer.intent === 'sign-up' && !fetcher.data ? documentAnswer.message : undefined

  async function signedIn() {
    toast.success(AUTH_MESSAGES.signedIn)
    await navigate('/admin')
  }

  // The fetcher's answers: a refusal is toasted, a success moves on.
  const [seenAnswer, setSeenAnswer] = useState(fetcher.data)
  if (fetcher.data !== seenAnswer) {
    setSeenAnswer(fetcher.data)
    const next = fetcher.data?.ok ? viewAfter(fetcher.data) : undefined
    if (next) setView(next)
  }
  useEffect(() => {
    if (!fetcher.data) return
    if (!fetcher.data.ok) showErrorToast(fetcher.data.error)
    else if (fetcher.data.intent === 'sign-up') toast.success(fetcher.data.message)
  }, [fetcher.data])

  // A finished sign-in answers with a redirect to /admin, which the router follows.
  const signingInto = fetcher.state === 'loading' && navigation.location?.pathname === '/admin'
  useEffect(() => {
    if (signingInto) toast.success(AUTH_MESSAGES.signedIn)
  }, [signingInto])

  const switchClass = 'font-medium text-primary underline-offset-4 hover:underline'
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold">{heading.title}</h1>
          </CardTitle>
          <CardDescription>{heading.description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <ViewForm />
          {loaderData.accessDenied ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive">
              {AUTH_MESSAGES.accessDenied}
            </p>
          ) : null}
          {loaderData.returnedError ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive">
              {loaderData.returnedError}
            </p>
          ) : null}
          {documentNotice ? (
            <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
              {documentNotice}
            </p>
          ) : null}
          {isSecondStep(view) ? (
            <TwoFactorStep
              backup={view === 'backup-code'}
              switchTo={(to, label, className) => (
                <ViewSwitch to={to} onSwitch={() => setView(to)} className={className}>
                  {label}
                </ViewSwitch>
              )}
            />
          ) : view === 'forgot-password' ? (
            <ForgotPasswordForm
              back={
                <ViewSwitch to="sign-in" onSwitch={() => setView('sign-in')} className={switchClass}>
                  Back to sign in
                </ViewSwitch>
              }
            />
          ) : (
            <>
              <AuthForm action="/auth" key={mode} intent={mode} schema={credentialsSchema}>
                {(errors, typedEmail) => (
                  <>
                    <Field id="email" name="email" label="Email" type="email" autoComplete="email" required defaultValue={typedEmail} error={errors.email} />
                    <div className="space-y-2">
                      <Field
                        id="password"
                        name="password"
                        label="Password"
                        type="password"
                        autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
                        required
                        error={errors.password}
                      />
                      {mode === 'sign-in' ? (
                        <ViewSwitch to="forgot-password" onSwitch={() => setView('forgot-password')} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                          Forgot password?
                        </ViewSwitch>
                      ) : null}
                    </div>
                    <Button type="submit" className="w-full" disabled={sending}>
                      {sending ? text.pending : text.submit}
                    </Button>
                  </>
                )}
              </AuthForm>
              {loaderData.signUpOpen ? (
                <p className="text-center text-sm text-muted-foreground">
                  {text.switchPrompt}{' '}
                  <ViewSwitch to={mode === 'sign-in' ? 'sign-up' : 'sign-in'} onSwitch={() => setView(mode === 'sign-in' ? 'sign-up' : 'sign-in')} className={switchClass}>
                    {text.switchAction}
                  </ViewSwitch>
                </p>
              ) : null}
              {mode === 'sign-in' ? <PasskeySignIn onSignedIn={() => void signedIn()} /> : null}
              <OAuthButtons providers={loaderData.providers} />
            </>
          )}
          <p className="text-center text-sm">
            <a href="/" className="text-muted-foreground underline-offset-4 hover:underline">
              Back to the website
            </a>
          </p>
        </CardContent>
      </Card>
    </main>
  )
}
