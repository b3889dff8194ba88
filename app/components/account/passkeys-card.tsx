import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { useRevalidator } from 'react-router'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import type { AccountPasskey } from '#app/domain/user/account-security.ts'
import { authClient } from '#app/lib/auth-client.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'
import { formatDate } from '#app/lib/format.ts'
import { useSite } from '#app/components/hooks/use-site.ts'

const PASSKEY_NAME_MAX = 50
const passkeyNameSchema = z.object({ name: z.string().trim().max(PASSKEY_NAME_MAX, `Up to ${PASSKEY_NAME_MAX} characters`) })

/** Passkeys of this account: sign-in with the phone's or computer's screen lock instead of a password. */
export function PasskeysCard({ passkeys }: { passkeys: AccountPasskey[] }) {
  const { timeZone } = useSite()
  const revalidator = useRevalidator()
  const [pending, setPending] = useState(false)

  const validation = useFormValidation({ schema: passkeyNameSchema, onValid: ({ name }, form) => void add(name, form) })

  async function add(name: string, form: HTMLFormElement) {
    setPending(true)
    const result = await authClient.passkey.addPasskey({ name: name || undefined })
    setPending(false)
    if (result?.error) return showErrorToast(result.error.message ?? result.error.statusText)
    toast.success('Passkey added')
    form.reset()
    validation.reset()
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
        <form {...validation.form} className="flex max-w-md flex-wrap items-end gap-2">
          <Field id="passkey-name" name="name" label="Name (optional)" maxLength={PASSKEY_NAME_MAX} placeholder="e.g. Work laptop" error={validation.errors.name} className="flex-1" />
          <Button type="submit" disabled={pending}>
            {pending ? 'Waiting for your device...' : 'Add a passkey'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
