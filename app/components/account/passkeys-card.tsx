import { KeyRound } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useRevalidator } from 'react-router'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import type { AccountPasskey } from '#app/domain/user/account-security.ts'
import { authClient } from '#app/lib/auth-client.ts'
import { showErrorToast } from '#app/lib/error-toast.ts'
import { formatDate } from '#app/lib/format.ts'
import { useSite } from '#app/lib/use-site.ts'

/** Passkeys of this account: sign-in with the phone's or computer's screen lock instead of a password. */
export function PasskeysCard({ passkeys }: { passkeys: AccountPasskey[] }) {
  const { timeZone } = useSite()
  const revalidator = useRevalidator()
  const [pending, setPending] = useState(false)

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const name = String(new FormData(form).get('name') ?? '').trim()
    setPending(true)
    const result = await authClient.passkey.addPasskey({ name: name || undefined })
    setPending(false)
    if (result?.error) return showErrorToast(result.error.message ?? result.error.statusText)
    toast.success('Passkey added')
    form.reset()
    await revalidator.revalidate()
  }

  async function remove(id: string) {
    const { error } = await authClient.passkey.deletePasskey({ id })
    if (error) return showErrorToast(error.message ?? error.statusText)
    toast.success('Passkey removed')
    await revalidator.revalidate()
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <KeyRound aria-hidden className="size-5 text-primary" />
            Passkeys
          </h2>
        </CardTitle>
        <CardDescription>Sign in with your fingerprint, face or device PIN instead of a password ('Use a passkey' on the sign-in page).</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">No passkeys yet.</p>
        ) : (
          <ul aria-label="Your passkeys" className="divide-y rounded-md border">
            {passkeys.map((passkey) => {
              const name = passkey.name || 'Unnamed passkey'
              return (
                <li key={passkey.id} className="flex items-center justify-between gap-2 px-3 py-2">
                  <div>
                    <p className="font-medium">{name}</p>
                    {passkey.createdAt ? <p className="text-sm text-muted-foreground">Added {formatDate(passkey.createdAt, timeZone)}</p> : null}
                  </div>
                  <ConfirmDelete label={`Remove ${name}`} question={`Remove the passkey '${name}'? You will no longer be able to sign in with it.`} onConfirm={() => void remove(passkey.id)} />
                </li>
              )
            })}
          </ul>
        )}
        <form onSubmit={(event) => void add(event)} className="flex max-w-md flex-wrap items-end gap-2">
          <div className="flex-1 space-y-2">
            <Label htmlFor="passkey-name">Name (optional)</Label>
            <Input id="passkey-name" name="name" maxLength={50} placeholder="e.g. Work laptop" />
          </div>
          <Button type="submit" disabled={pending}>
            {pending ? 'Waiting for your device...' : 'Add a passkey'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
