import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '#app/components/ui/sonner.tsx'
import { AUTH_MESSAGES } from '#app/domain/user/credentials.schema.ts'
import { authClient } from '#app/lib/auth-client.ts'

/**
 * When the session ends (signed out in another tab, expired, or
 * revoked), go to /auth with 'Session expired. Please sign in again.'.
 * Better Auth's client re-checks the session when the tab regains focus and
 * hears sign-outs from other tabs. Returns a function that marks a deliberate
 * logout, which must not read as an expiry.
 */
export function useSessionWatcher() {
  const navigate = useNavigate()
  const session = authClient.useSession()
  const leaving = useRef(false)
  const lost = !session.isPending && !session.error && !session.data

  useEffect(() => {
    if (!lost || leaving.current) return
    leaving.current = true
    toast.info(AUTH_MESSAGES.sessionExpired)
    void navigate('/auth')
  }, [lost, navigate])

  return () => {
    leaving.current = true
  }
}
