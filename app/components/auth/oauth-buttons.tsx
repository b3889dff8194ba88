import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { authClient } from '#app/lib/auth-client.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'

export type OAuthProviderButton = { id: string; name: string }

/**
 * 'Continue with …' for each configured provider. Better Auth answers with
 * the provider's authorize URL (state and a PKCE challenge in it); the
 * browser follows it, and the callback lands on /admin, or back on /auth
 * with ?error=… when the provider or the account link refuses.
 */
export function OAuthButtons({ providers }: { providers: OAuthProviderButton[] }) {
  const [pending, setPending] = useState<string>()
  if (providers.length === 0) return null

  async function continueWith(provider: string) {
    setPending(provider)
    const { error } = await authClient.signIn.social({ provider, callbackURL: '/admin', errorCallbackURL: '/auth' })
    if (error) {
      setPending(undefined)
      showErrorToast(error.message ?? error.statusText)
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <ul className="space-y-2">
        {providers.map((provider) => (
          <li key={provider.id}>
            <Button type="button" variant="outline" className="w-full" disabled={pending !== undefined} onClick={() => void continueWith(provider.id)}>
              {pending === provider.id ? 'Redirecting...' : `Continue with ${provider.name}`}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
