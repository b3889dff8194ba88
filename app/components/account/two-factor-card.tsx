import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { useRevalidator } from 'react-router'
import { appCodeSchema } from '#app/domain/user/two-factor-codes.ts'
import { Field } from '#app/components/forms/field.tsx'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import { authClient } from '#app/lib/auth-client.ts'
import { showErrorToast } from '#app/components/ui/error-toast.ts'

type Step = { name: 'idle' } | { name: 'password'; purpose: 'enable' | 'disable' | 'codes' } | { name: 'scan'; totpUri: string; qrCode: string; backupCodes: string[] } | { name: 'codes'; backupCodes: string[] }

/** The secret of an otpauth:// URI, for typing into an app by hand. */
function secretOf(totpUri: string) {
  return new URL(totpUri).searchParams.get('secret') ?? ''
}

async function qrCodeOf(text: string) {
  // Loaded on demand: only people turning on 2FA need the QR encoder.
  const { toString } = await import('qrcode')
  const svg = await toString(text, { type: 'svg', margin: 1, width: 200 })
  return `data:image/svg+xml;base64,${btoa(svg)}`
}

const PASSWORD_PROMPTS = {
  enable: { action: 'Continue', hint: 'Enter your password to turn on two-factor sign-in.' },
  disable: { action: 'Turn off', hint: 'Enter your password to turn off two-factor sign-in.' },
  codes: { action: 'Create new codes', hint: 'Enter your password to replace your backup codes (the old ones stop working).' },
} as const

/** Turn TOTP on (password, QR code, first code, backup codes), make new backup codes, or turn it off. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const revalidator = useRevalidator()
  const [step, setStep] = useState<Step>({ name: 'idle' })
  const [pending, setPending] = useState(false)

  async function submitPassword(password: string, purpose: 'enable' | 'disable' | 'codes') {
    setPending(true)
    try {
      if (purpose === 'enable') {
        const { data, error } = await authClient.twoFactor.enable({ password })
        if (error) return showErrorToast(error.message ?? error.statusText)
        // This site offers TOTP only (no e-mailed codes), so the answer carries the app's URI.
        if (data.method !== 'totp') return showErrorToast('Two-factor sign-in could not be set up')
        setStep({ name: 'scan', totpUri: data.totpURI, qrCode: await qrCodeOf(data.totpURI), backupCodes: data.backupCodes })
      } else if (purpose === 'disable') {
        const { error } = await authClient.twoFactor.disable({ password })
        if (error) return showErrorToast(error.message ?? error.statusText)
        toast.success('Two-factor sign-in is off')
        setStep({ name: 'idle' })
        await revalidator.revalidate()
      } else {
        const { data, error } = await authClient.twoFactor.generateBackupCodes({ password })
        if (error) return showErrorToast(error.message ?? error.statusText)
        setStep({ name: 'codes', backupCodes: data.backupCodes })
      }
    } finally {
      setPending(false)
    }
  }

  async function verifyFirstCode(code: string, backupCodes: string[]) {
    setPending(true)
    const { error } = await authClient.twoFactor.verifyTotp({ code })
    setPending(false)
    if (error) return showErrorToast(error.message ?? error.statusText)
    toast.success('Two-factor sign-in is on')
    setStep({ name: 'codes', backupCodes })
    await revalidator.revalidate()
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <ShieldCheck aria-hidden className="size-5 text-primary" />
            Two-factor sign-in
            <Badge variant={enabled ? 'default' : 'outline'}>{enabled ? 'On' : 'Off'}</Badge>
          </h2>
        </CardTitle>
        <CardDescription>After your password, sign-in asks for a 6-digit code from an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {step.name === 'idle' ? (
          <div className="flex flex-wrap gap-2">
            {enabled ? (
              <>
                <Button variant="outline" onClick={() => setStep({ name: 'password', purpose: 'codes' })}>
                  New backup codes
                </Button>
                <Button variant="destructive" onClick={() => setStep({ name: 'password', purpose: 'disable' })}>
                  Turn off two-factor sign-in
                </Button>
              </>
            ) : (
              <Button onClick={() => setStep({ name: 'password', purpose: 'enable' })}>Turn on two-factor sign-in</Button>
            )}
          </div>
        ) : null}

        {step.name === 'password' ? (
          <PasswordForm purpose={step.purpose} pending={pending} onSubmit={(password) => void submitPassword(password, step.purpose)} onCancel={() => setStep({ name: 'idle' })} />
        ) : null}

        {step.name === 'scan' ? (
          <div className="space-y-4">
            <ol className="list-decimal space-y-2 pl-5 text-sm">
              <li>Scan this QR code with your authenticator app, or type the key below into it.</li>
              <li>Enter the 6-digit code the app shows.</li>
            </ol>
            <img src={step.qrCode} alt="QR code to add this site to your authenticator app" width={200} height={200} className="rounded border bg-white" />
            <p className="text-sm">
              Key: <code data-testid="totp-secret" className="rounded bg-muted px-1.5 py-0.5 font-mono break-all">{secretOf(step.totpUri)}</code>
            </p>
            <FirstCodeForm pending={pending} onSubmit={(code) => void verifyFirstCode(code, step.backupCodes)} />
          </div>
        ) : null}

        {step.name === 'codes' ? (
          <div className="space-y-3">
            <p className="text-sm font-medium">Save these backup codes somewhere safe. Each one signs you in once if you lose your phone; they are shown only now.</p>
            <ul aria-label="Backup codes" className="grid max-w-md grid-cols-2 gap-2 font-mono text-sm">
              {step.backupCodes.map((code) => (
                <li key={code} className="rounded bg-muted px-2 py-1">
                  {code}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => void navigator.clipboard.writeText(step.backupCodes.join('\n')).then(() => toast.success('Backup codes copied'))}>
                Copy codes
              </Button>
              <Button onClick={() => setStep({ name: 'idle' })}>I have saved them</Button>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}

const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password') })

function PasswordForm({ purpose, pending, onSubmit, onCancel }: { purpose: keyof typeof PASSWORD_PROMPTS; pending: boolean; onSubmit: (password: string) => void; onCancel: () => void }) {
  const validation = useFormValidation({ schema: passwordSchema, onValid: ({ password }) => onSubmit(password) })
  return (
    <form {...validation.form} className="max-w-sm space-y-3">
      <Field
        id="two-factor-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={validation.errors.password}
        description={<span className="text-sm">{PASSWORD_PROMPTS[purpose].hint}</span>}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending} variant={purpose === 'disable' ? 'destructive' : 'default'}>
          {pending ? 'Checking...' : PASSWORD_PROMPTS[purpose].action}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function FirstCodeForm({ pending, onSubmit }: { pending: boolean; onSubmit: (code: string) => void }) {
  const validation = useFormValidation({ schema: appCodeSchema, onValid: ({ code }) => onSubmit(code) })
  return (
    <form {...validation.form} className="flex max-w-sm flex-wrap items-end gap-2">
      <Field id="first-code" name="code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" required error={validation.errors.code} className="flex-1" />
      <Button type="submit" disabled={pending}>
        {pending ? 'Verifying...' : 'Verify and turn on'}
      </Button>
    </form>
  )
}
