import { useState } from 'react'
import { redirect, useNavigate } from 'react-router'
import { ForgotPasswordForm } from '#app/components/auth/forgot-password-form.tsx'
import { OAuthButtons } from '#app/components/auth/oauth-buttons.tsx'
import { PasskeySignIn } from '#app/components/auth/passkey-sign-in.tsx'
import { TwoFactorStep } from '#app/components/auth/two-factor-step.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import { TWO_FACTOR_STEP_PARAM } from '#app/domain/user/account-security.ts'
import { AUTH_MESSAGES, LOGGED_OUT_PARAM, SIGN_UP_CLOSED_CODE, credentialsSchema, type Credentials } from '#app/domain/user/credentials.schema.ts'
import { isPublicSignUpOpen } from '#app/domain/user/sign-up-setting.server.ts'
import { authClient } from '#app/lib/auth-client.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'
import { auth } from '#app/services/auth.server.ts'
import { config } from '#app/lib/env.server.ts'
import type { Route } from './+types/sign-in.ts'

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const accessDenied = params.get('error') === 'access_denied'
  // A signed-in visitor goes straight to the admin area, unless it just turned them away or they just logged out.
  const stay = accessDenied || params.has(LOGGED_OUT_PARAM)
  if (!stay && (await auth.api.getSession({ headers: request.headers }))) throw redirect('/admin')
  const error = params.get('error')
  return {
    accessDenied,
    // Better Auth sends a failed provider sign-in or confirmation link back here with ?error=<code>.
    returnedError: error && !accessDenied ? (RETURNED_ERRORS.get(error) ?? RETURNED_ERROR_OTHERWISE) : undefined,
    providers: config.oauthProviders.map(({ id, name }) => ({ id, name })),
    // A provider sign-in of an account with two-factor on comes back here for the code.
    twoFactorPending: params.has(TWO_FACTOR_STEP_PARAM),
    // Closed by an admin on the Users screen: only 'Admin Login' is offered.
    signUpOpen: await isPublicSignUpOpen(),
  }
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

type Mode = 'sign-in' | 'sign-up'

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

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const [mode, setMode] = useState<Mode>('sign-in')
  const [pending, setPending] = useState(false)
  const [forgotPassword, setForgotPassword] = useState(false)
  const [secondStep, setSecondStep] = useState(loaderData.twoFactorPending)
  const text = MODE_TEXT[mode]
  const heading = secondStep ? TWO_FACTOR_TEXT : forgotPassword ? FORGOT_PASSWORD_TEXT : text

  async function signedIn() {
    toast.success(AUTH_MESSAGES.signedIn)
    await navigate('/admin')
  }

  async function submit({ email, password }: Credentials, formElement: HTMLFormElement) {
    if (pending) return
    setPending(true)
    const { data, error } =
      mode === 'sign-in'
        ? await authClient.signIn.email({ email, password })
        : await authClient.signUp.email({ email, password, name: '' })
    setPending(false)
    if (error) {
      showErrorToast(error.message ?? error.statusText)
      return
    }
    if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) {
      setSecondStep(true)
      return
    }
    if (mode === 'sign-up') {
      // No session yet: the link in the confirmation mail signs the person in.
      toast.success(AUTH_MESSAGES.signedUp)
      formElement.reset()
      validation.reset()
      setMode('sign-in')
      return
    }
    await signedIn()
  }

  const validation = useFormValidation({ schema: credentialsSchema, onValid: (values, form) => void submit(values, form) })
  const { errors } = validation

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
          {secondStep ? (
            <TwoFactorStep onSignedIn={() => void signedIn()} onBack={() => setSecondStep(false)} />
          ) : forgotPassword ? (
            <ForgotPasswordForm onBack={() => setForgotPassword(false)} />
          ) : (
            <>
              <form method="post" {...validation.form} className="space-y-4">
                <Field id="email" name="email" label="Email" type="email" autoComplete="email" required error={errors.email} />
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
                    <button
                      type="button"
                      className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                      onClick={() => {
                        setForgotPassword(true)
                        validation.reset()
                      }}
                    >
                      Forgot password?
                    </button>
                  ) : null}
                </div>
                <Button type="submit" className="w-full" disabled={pending}>
                  {pending ? text.pending : text.submit}
                </Button>
              </form>
              {loaderData.signUpOpen ? (
              <p className="text-center text-sm text-muted-foreground">
                {text.switchPrompt}{' '}
                <button
                  type="button"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  onClick={() => {
                    setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')
                    validation.reset()
                  }}
                >
                  {text.switchAction}
                </button>
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
