import { ArrowDown, ArrowUp, ExternalLink, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useFetcher } from 'react-router'
import { z } from 'zod'
import { AdminListPage, ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { BulkToolbar, SelectRow, useBulkSelection } from '#app/components/admin/bulk-selection.tsx'
import { ListFilterSelect } from '#app/components/admin/list-filter-select.tsx'
import { ListPager } from '#app/components/admin/list-pager.tsx'
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
import { deleteStaffMembers, listStaffForAdmin } from '#app/domain/staff/staff-admin-list.server.ts'
import { readStaffDepartment, STAFF_DEPARTMENT_PARAM, STAFF_LIST_MESSAGES } from '#app/domain/staff/staff-admin-list.ts'
import { answerAction, postedForm, validated } from '#app/lib/action.server.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { bulkFormFields } from '#app/lib/list-page.server.ts'
import { bulkIds, readListParams } from '#app/lib/list-params.ts'
import { listNoMatchText } from '#app/lib/list-search.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/staff.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const { search, page } = readListParams(request.url)
  const [list, enabled] = await Promise.all([listStaffForAdmin({ search, page, department: readStaffDepartment(request.url) }), isStaffDirectoryEnabled()])
  return { ...list, enabled, search }
}

const bulkStaffSchema = z.object({ intent: z.literal('delete-selected'), ids: bulkIds })

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const form = await postedForm(request)
    if (form.get('intent') === 'delete-selected') return STAFF_LIST_MESSAGES.deletedMany(await deleteStaffMembers(validated(bulkStaffSchema, bulkFormFields(form)).ids))
    const submission = validated(staffActionSchema, Object.fromEntries(form))
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
  const { people, pages, departments, department, matching, enabled, search } = loaderData
  const selection = useBulkSelection(people.map((person) => person.id))
  // Moves swap neighbours in the whole directory's order, so they are offered only while the whole directory is listed.
  const wholeDirectory = !search && !department
  const isFirst = (index: number) => pages.page === 1 && index === 0
  const isLast = (index: number) => pages.page === pages.pageCount && index === people.length - 1
  return (
    <AdminListPage
      title="Staff Directory"
      description="The people of the school, listed by department at /staff when the directory is shown. They need no account."
      addLabel="Add Person"
      emptyText={search ? listNoMatchText('people', search) : 'No people in the staff directory yet.'}
      items={people}
      listClassName="grid grid-cols-1 gap-3"
      renderItem={(person, controls) => {
        const index = people.indexOf(person)
        return (
          <StaffRow
            person={person}
            controls={controls}
            select={<SelectRow selection={selection} id={person.id} label={`Select "${person.name}"`} />}
            moves={wholeDirectory ? { isFirst: isFirst(index), isLast: isLast(index) } : null}
          />
        )
      }}
      renderDialog={(person, close) => <StaffDialog person={person} departments={departments.map((each) => each.name)} onClose={close} />}
      aboveItems={
        <BulkToolbar selection={selection} thing="person" things="people" actions={[{ intent: 'delete-selected', label: 'Delete', icon: <Trash2 aria-hidden />, destructive: true }]} />
      }
      belowItems={<ListPager pages={pages} thing="person" things="people" />}
    >
      <DirectorySwitch enabled={enabled} />
      {departments.length ? (
        <ListFilterSelect
          id="staff-department"
          label="Department"
          param={STAFF_DEPARTMENT_PARAM}
          allLabel="All departments"
          allCount={matching}
          options={departments.map((each) => ({ value: each.name, label: each.name, count: each.count }))}
          current={department}
        />
      ) : null}
      <AdminListSearch label="Search people by name, job title or department" query={search} />
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

function StaffRow({ person, controls, select, moves }: { person: StaffMember; controls: ItemControls; select: ReactNode; moves: { isFirst: boolean; isLast: boolean } | null }) {
  const mover = useFetcher<ActionResult>()
  useActionToast(mover)
  const moving = mover.state !== 'idle'
  const move = (direction: StaffDirection) => void mover.submit({ intent: 'move', id: person.id, direction }, { method: 'post' })
  const details = [person.jobTitle, person.department].filter(Boolean).join(' · ')
  return (
    <Card className="py-3">
      <CardContent className="flex flex-wrap items-center gap-3 px-3 sm:flex-nowrap sm:px-4">
        {select}
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
            moves ? (
              <>
                <Button variant="ghost" size="icon" aria-label={`Move "${person.name}" up`} disabled={moves.isFirst || moving} onClick={() => move('up')}>
                  <ArrowUp aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Move "${person.name}" down`} disabled={moves.isLast || moving} onClick={() => move('down')}>
                  <ArrowDown aria-hidden />
                </Button>
              </>
            ) : null
          }
        />
      </CardContent>
    </Card>
  )
}
