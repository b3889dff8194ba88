import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { authClient } from '#app/lib/auth-client.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'

/** Sign-in with a passkey registered on the account page: the browser asks the device, no password. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [pending, setPending] = useState(false)

  async function signIn() {
    setPending(true)
    const result = await authClient.signIn.passkey()
    setPending(false)
    if (result?.error) return showErrorToast(result.error.message ?? result.error.statusText)
    onSignedIn()
  }

  return (
    <Button type="button" variant="outline" className="w-full" disabled={pending} onClick={() => void signIn()}>
      <KeyRound aria-hidden />
      {pending ? 'Waiting for your passkey...' : 'Use a passkey'}
    </Button>
  )
}
