import { useState, type FormEvent } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { authClient } from '#app/lib/auth-client.ts'
import { showErrorToast } from '#app/lib/error-toast.ts'

/**
 * The second sign-in step when the account has two-factor sign-in: the code
 * from the authenticator app, or one of the backup codes.
 */
export function TwoFactorStep({ onSignedIn, onBack }: { onSignedIn: () => void; onBack: () => void }) {
  const [useBackupCode, setUseBackupCode] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string>()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '')
    if (!useBackupCode && !/^\d{6}$/.test(code)) return setError('Enter the 6-digit code from your authenticator app')
    if (useBackupCode && code === '') return setError('Enter one of your backup codes')
    setError(undefined)
    setPending(true)
    const { error: refused } = useBackupCode ? await authClient.twoFactor.verifyBackupCode({ code }) : await authClient.twoFactor.verifyTotp({ code })
    setPending(false)
    if (refused) return showErrorToast(refused.message ?? refused.statusText)
    onSignedIn()
  }

  const label = useBackupCode ? 'Backup code' : 'Authentication code'
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {useBackupCode ? 'Enter one of the backup codes you saved when you turned on two-factor sign-in. Each works once.' : 'Open your authenticator app and enter the 6-digit code for this site.'}
      </p>
      <div className="space-y-2">
        <Label htmlFor="code">{label}</Label>
        <Input
          key={label}
          id="code"
          name="code"
          autoFocus
          autoComplete="one-time-code"
          inputMode={useBackupCode ? 'text' : 'numeric'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'code-error' : undefined}
        />
        {error ? (
          <p id="code-error" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={() => setUseBackupCode(!useBackupCode)}>
          {useBackupCode ? 'Use the authenticator app' : 'Use a backup code instead'}
        </button>
        <button type="button" className="text-muted-foreground underline-offset-4 hover:underline" onClick={onBack}>
          Back to sign in
        </button>
      </div>
    </form>
  )
}
