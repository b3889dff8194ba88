import { ArrowDown, ArrowUp, ExternalLink } from 'lucide-react'
import { Link, useFetcher } from 'react-router'
import { AdminListPage, ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { StaffDialog } from '#app/components/admin/staff-dialog.tsx'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import { initialsOf, type StaffMember } from '#app/domain/staff/staff.ts'
import { STAFF_MESSAGES, staffActionSchema, type StaffDirection } from '#app/domain/staff/staff.schema.ts'
import { createStaffMember, deleteStaffMember, moveStaffMember, updateStaffMember } from '#app/domain/staff/staff-admin.server.ts'
import { isStaffDirectoryEnabled, setStaffDirectoryEnabled } from '#app/domain/staff/staff-directory-setting.server.ts'
import { listStaffMembers } from '#app/domain/staff/staff.server.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/staff.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const [people, enabled] = await Promise.all([listStaffMembers(), isStaffDirectoryEnabled()])
  return { people, enabled }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(staffActionSchema, request, Object.fromEntries)
    switch (submission.intent) {
      case 'create':
        await createStaffMember(submission)
        return STAFF_MESSAGES.created
      case 'update':
        await updateStaffMember(submission.id, submission)
        return STAFF_MESSAGES.updated
      case 'delete':
        await deleteStaffMember(submission.id)
        return STAFF_MESSAGES.deleted
      case 'move':
        await moveStaffMember(submission.id, submission.direction)
        return STAFF_MESSAGES.moved
      case 'set-directory':
        await setStaffDirectoryEnabled(submission.enabled)
        return submission.enabled ? STAFF_MESSAGES.directoryShown : STAFF_MESSAGES.directoryHidden
    }
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Staff Directory | Admin Panel' }]

export default function StaffAdmin({ loaderData }: Route.ComponentProps) {
  const { people, enabled } = loaderData
  const departments = [...new Set(people.map((person) => person.department).filter(Boolean))].sort((a, b) => a.localeCompare(b))
  return (
    <AdminListPage
      title="Staff Directory"
      description="The people of the school, listed by department at /staff when the directory is shown. They need no account."
      addLabel="Add Person"
      emptyText="No people in the staff directory yet."
      items={people}
      listClassName="grid gap-3"
      renderItem={(person, controls) => <StaffRow person={person} controls={controls} isFirst={person.id === people[0]?.id} isLast={person.id === people.at(-1)?.id} />}
      renderDialog={(person, close) => <StaffDialog person={person} departments={departments} onClose={close} />}
    >
      <DirectorySwitch enabled={enabled} />
    </AdminListPage>
  )
}

/** Shows or hides /staff; the people stay either way. */
function DirectorySwitch({ enabled }: { enabled: boolean }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const shown = fetcher.formData ? fetcher.formData.get('enabled') === 'true' : enabled
  return (
    <Card className="mb-6">
      <CardContent className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <div className="flex items-center gap-3">
          <Switch
            id="staff-directory-enabled"
            checked={shown}
            disabled={fetcher.state !== 'idle'}
            onCheckedChange={(checked) => void fetcher.submit({ intent: 'set-directory', enabled: String(checked) }, { method: 'post' })}
          />
          <Label htmlFor="staff-directory-enabled">Show the staff directory on the site</Label>
        </div>
        {shown ? (
          <Link to="/staff" target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-sm text-primary underline underline-offset-4 hover:opacity-80">
            View /staff<span className="sr-only"> (opens in a new tab)</span>
            <ExternalLink aria-hidden className="size-4" />
          </Link>
        ) : (
          <p className="text-sm text-muted-foreground">Hidden: /staff is not found by visitors.</p>
        )}
      </CardContent>
    </Card>
  )
}

function StaffRow({ person, controls, isFirst, isLast }: { person: StaffMember; controls: ItemControls; isFirst: boolean; isLast: boolean }) {
  const mover = useFetcher<ActionResult>()
  useActionToast(mover)
  const moving = mover.state !== 'idle'
  const move = (direction: StaffDirection) => void mover.submit({ intent: 'move', id: person.id, direction }, { method: 'post' })
  const details = [person.jobTitle, person.department].filter(Boolean).join(' · ')
  return (
    <Card className="py-3">
      <CardContent className="flex flex-wrap items-center gap-3 px-3 sm:flex-nowrap sm:px-4">
        {person.photoUrl ? (
          <img src={person.photoUrl} srcSet={imageSrcSet(person.photoUrl)} sizes="48px" alt="" loading="lazy" className="size-12 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary">
            {initialsOf(person.name)}
          </span>
        )}
        <div className="min-w-0 flex-1 basis-40">
          <h2 className="font-semibold break-words">{person.name}</h2>
          {details ? <p className="text-sm break-words text-muted-foreground">{details}</p> : null}
        </div>
        <ItemActions
          name={`"${person.name}"`}
          confirmQuestion={STAFF_MESSAGES.confirmDelete}
          controls={controls}
          before={
            <>
              <Button variant="ghost" size="icon" aria-label={`Move "${person.name}" up`} disabled={isFirst || moving} onClick={() => move('up')}>
                <ArrowUp aria-hidden />
              </Button>
              <Button variant="ghost" size="icon" aria-label={`Move "${person.name}" down`} disabled={isLast || moving} onClick={() => move('down')}>
                <ArrowDown aria-hidden />
              </Button>
            </>
          }
        />
      </CardContent>
    </Card>
  )
}
