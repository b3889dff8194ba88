import { useFetcher } from 'react-router'
import { PasskeysCard } from '#app/components/account/passkeys-card.tsx'
import { TwoFactorCard } from '#app/components/account/two-factor-card.tsx'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import { OFFICE_NOTIFICATION_MESSAGES } from '#app/domain/contact/office-notifications.schema.ts'
import { canReadContactMessages, getsContactMessageMails, setContactMessageMails } from '#app/domain/contact/office-notifications.server.ts'
import { hasRole } from '#app/domain/user/access.ts'
import { accountActionSchema, TWO_FACTOR_FIRST } from '#app/domain/user/account-security.ts'
import { isTwoFactorRequiredForStaff, listPasskeys, setTwoFactorRequiredForStaff } from '#app/domain/user/account-security.server.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { mustSetUpTwoFactorFirst, requireStaff } from '#app/services/permissions.server.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import type { Route } from './+types/account.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context, 'user')
  return {
    email: staff.email,
    twoFactorEnabled: staff.twoFactorEnabled,
    passkeys: await listPasskeys(staff.userId),
    setUpFirst: await mustSetUpTwoFactorFirst(context, staff),
    isAdmin: hasRole(staff.role, 'admin'),
    twoFactorRequired: await isTwoFactorRequiredForStaff(),
    // Only a role that reads contact messages is offered them by mail (docs/product-rules.md#office-notifications).
    contactMessageMails: canReadContactMessages(staff.role) ? await getsContactMessageMails(staff.userId) : null,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'user')
  return answerAction(async () => {
    const submission = await validatedForm(accountActionSchema, request)
    if (submission.intent === 'notify-contact-messages') {
      await setContactMessageMails(staff, submission.enabled)
      return submission.enabled ? OFFICE_NOTIFICATION_MESSAGES.notifyOn : OFFICE_NOTIFICATION_MESSAGES.notifyOff
    }
    await setTwoFactorRequiredForStaff(submission.required, staff)
    return submission.required ? 'Editors and admins now need two-factor sign-in' : 'Two-factor sign-in is now optional'
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Account | Admin Panel' }]

export default function Account({ loaderData }: Route.ComponentProps) {
  const { email, twoFactorEnabled, passkeys, setUpFirst, isAdmin, twoFactorRequired, contactMessageMails } = loaderData
  return (
    <>
      <AdminPageHeader title="Account" description={`How you sign in as ${email}.`} />
      <div className="max-w-3xl space-y-6">
        {setUpFirst ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive">
            {TWO_FACTOR_FIRST}
          </p>
        ) : null}
        <TwoFactorCard enabled={twoFactorEnabled} />
        <PasskeysCard passkeys={passkeys} />
        {contactMessageMails === null ? null : <ContactMessageMailsSetting enabled={contactMessageMails} />}
        {isAdmin ? <StaffTwoFactorSetting required={twoFactorRequired} /> : null}
      </div>
    </>
  )
}

function StaffTwoFactorSetting({ required }: { required: boolean }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const shown = fetcher.formData ? fetcher.formData.get('required') === 'true' : required
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">Site security</h2>
        </CardTitle>
        <CardDescription>When on, editors and admins must turn on two-factor sign-in before they can use any other admin page.</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-3">
        <Switch
          id="require-two-factor"
          checked={shown}
          disabled={fetcher.state !== 'idle'}
          onCheckedChange={(checked) => void fetcher.submit({ intent: 'require-two-factor', required: String(checked) }, { method: 'post' })}
        />
        <Label htmlFor="require-two-factor">Require two-factor sign-in for editors and admins</Label>
      </CardContent>
    </Card>
  )
}

function ContactMessageMailsSetting({ enabled }: { enabled: boolean }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const shown = fetcher.formData ? fetcher.formData.get('enabled') === 'true' : enabled
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">Notifications</h2>
        </CardTitle>
        <CardDescription>A mail to your sign-in address for each message sent through the contact form; reply to it to answer the sender.</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-3">
        <Switch
          id="notify-contact-messages"
          checked={shown}
          disabled={fetcher.state !== 'idle'}
          onCheckedChange={(checked) => void fetcher.submit({ intent: 'notify-contact-messages', enabled: String(checked) }, { method: 'post' })}
        />
        <Label htmlFor="notify-contact-messages">E-mail me each new contact message</Label>
      </CardContent>
    </Card>
  )
}
