import { useState } from 'react'
import { Field } from '#app/components/forms/field.tsx'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { appCodeSchema, backupCodeSchema } from './two-factor-codes.ts'
import { authClient } from '#app/lib/auth-client.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'

/**
 * The second sign-in step when the account has two-factor sign-in: the code
 * from the authenticator app, or one of the backup codes.
 */
export function TwoFactorStep({ onSignedIn, onBack }: { onSignedIn: () => void; onBack: () => void }) {
  const [useBackupCode, setUseBackupCode] = useState(false)
  const [pending, setPending] = useState(false)
  const validation = useFormValidation({ schema: useBackupCode ? backupCodeSchema : appCodeSchema, onValid: ({ code }) => void verify(code) })

  async function verify(code: string) {
    if (pending) return
    setPending(true)
    const { error: refused } = useBackupCode ? await authClient.twoFactor.verifyBackupCode({ code }) : await authClient.twoFactor.verifyTotp({ code })
    setPending(false)
    if (refused) return showErrorToast(refused.message ?? refused.statusText)
    onSignedIn()
  }

  const label = useBackupCode ? 'Backup code' : 'Authentication code'
  return (
    <form {...validation.form} className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {useBackupCode ? 'Enter one of the backup codes you saved when you turned on two-factor sign-in. Each works once.' : 'Open your authenticator app and enter the 6-digit code for this site.'}
      </p>
      <Field
        key={label}
        id="code"
        name="code"
        label={label}
        autoFocus
        autoComplete="one-time-code"
        inputMode={useBackupCode ? 'text' : 'numeric'}
        error={validation.errors.code}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => {
            setUseBackupCode(!useBackupCode)
            validation.reset()
          }}
        >
          {useBackupCode ? 'Use the authenticator app' : 'Use a backup code instead'}
        </button>
        <button type="button" className="text-muted-foreground underline-offset-4 hover:underline" onClick={onBack}>
          Back to sign in
        </button>
      </div>
    </form>
  )
}
