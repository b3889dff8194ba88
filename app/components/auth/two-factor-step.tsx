import type { ReactNode } from 'react'
import { Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { AuthView } from '#app/domain/user/auth-forms.ts'
import { appCodeSchema, backupCodeSchema } from '#app/domain/user/two-factor-codes.ts'
import { AuthForm, useAuthAnswer } from './auth-form.tsx'

/**
 * The second sign-in step when the account has two-factor sign-in: the code
 * from the authenticator app, or one of the backup codes.
 */
export function TwoFactorStep({ backup, switchTo }: { backup: boolean; switchTo: (view: AuthView, label: string, className: string) => ReactNode }) {
  const { sending } = useAuthAnswer()
  const label = backup ? 'Backup code' : 'Authentication code'
  return (
    <AuthForm action="/auth" key={label} intent={backup ? 'verify-backup-code' : 'verify-code'} schema={backup ? backupCodeSchema : appCodeSchema}>
      {(errors) => (
        <>
          <p className="text-sm text-muted-foreground">
            {backup ? 'Enter one of the backup codes you saved when you turned on two-factor sign-in. Each works once.' : 'Open your authenticator app and enter the 6-digit code for this site.'}
          </p>
          <Field id="code" name="code" label={label} autoFocus autoComplete="one-time-code" inputMode={backup ? 'text' : 'numeric'} error={errors.code} />
          <Button type="submit" className="w-full" disabled={sending}>
            {sending ? 'Verifying...' : 'Verify'}
          </Button>
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            {switchTo(backup ? 'two-factor' : 'backup-code', backup ? 'Use the authenticator app' : 'Use a backup code instead', 'font-medium text-primary underline-offset-4 hover:underline')}
            {switchTo('sign-in', 'Back to sign in', 'text-muted-foreground underline-offset-4 hover:underline')}
          </div>
        </>
      )}
    </AuthForm>
  )
}
