import { Check, Mail, Pencil, Plus, RotateCw, Trash2, X } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { z } from 'zod'
import { BulkToolbar, SelectRow, useBulkSelection } from '#app/components/admin/bulk-selection.tsx'
import { ListFilterTabs } from '#app/components/admin/list-filter-tabs.tsx'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { SelectField } from '#app/components/forms/choice-fields.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { editUserSchema, newUserSchema, USER_MESSAGES, type ManagedUser } from '#app/domain/user/user-admin.schema.ts'
import { INVITATION_MESSAGES, invitationSchema, SIGN_UP_SETTING_MESSAGES, usersScreenActionSchema, type PendingInvitation } from '#app/domain/user/invitation.schema.ts'
import { cancelInvitation, inviteUser, listPendingInvitations, resendInvitation } from '#app/domain/user/invitations.server.ts'
import { isPublicSignUpOpen, setPublicSignUpOpen } from '#app/domain/user/sign-up-setting.server.ts'
import { createUser, deleteUser, setUserPassword, updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { approvePendingUsers, deleteUsers, listUsersForAdmin } from '#app/domain/user/user-admin-list.server.ts'
import { USER_LIST_FILTER, USER_LIST_MESSAGES } from '#app/domain/user/user-admin-list.ts'
import { answerAction, postedForm, textFields, validated } from '#app/lib/action.server.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { bulkFormFields } from '#app/lib/list-page.server.ts'
import { bulkIds, readListParams } from '#app/lib/list-params.ts'
import { listNoMatchText } from '#app/lib/list-search.ts'
import { formatDate } from '#app/lib/format.ts'
import { cn } from '#app/lib/utils.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { PROFILE_STATUSES, ROLES, type ProfileStatus } from '#db/tables/people.ts'
import type { Route } from './+types/users.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, 'admin')
  const { search, filter, page } = readListParams(request.url, USER_LIST_FILTER)
  const [list, invitations, signUpOpen] = await Promise.all([listUsersForAdmin({ search, filter, page }), listPendingInvitations(), isPublicSignUpOpen()])
  return { ...list, invitations, signUpOpen, currentUserId: staff.userId, search, filter }
}

const BULK_INTENTS = ['approve-selected', 'delete-selected'] as const
const bulkUsersSchema = z.object({ intent: z.enum(BULK_INTENTS), ids: bulkIds })

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'admin')
  return answerAction(async () => {
    const form = await postedForm(request)
    if ((BULK_INTENTS as readonly unknown[]).includes(form.get('intent'))) {
      const { intent, ids } = validated(bulkUsersSchema, bulkFormFields(form))
      return intent === 'approve-selected' ? USER_LIST_MESSAGES.approved(await approvePendingUsers(ids)) : USER_LIST_MESSAGES.deletedMany(await deleteUsers(ids, staff.userId))
    }
    const submission = validated(usersScreenActionSchema, textFields(form))
    switch (submission.intent) {
      case 'invite':
        return (await inviteUser(submission)).resent ? INVITATION_MESSAGES.resent : INVITATION_MESSAGES.sent
      case 'resend-invitation':
        await resendInvitation(submission.id)
        return INVITATION_MESSAGES.resent
      case 'cancel-invitation':
        await cancelInvitation(submission.id)
        return INVITATION_MESSAGES.cancelled
      case 'public-sign-up':
        await setPublicSignUpOpen(submission.open)
        return submission.open ? SIGN_UP_SETTING_MESSAGES.opened : SIGN_UP_SETTING_MESSAGES.closed
      case 'create':
        await createUser(submission)
        return USER_MESSAGES.created
      case 'update': {
        const { id, password, ...access } = submission
        await updateUserAccess(id, access)
        if (password) await setUserPassword(id, password, staff.userId)
        return USER_MESSAGES.updated
      }
      case 'approve':
      case 'reject':
        await updateUserAccess(submission.id, { status: submission.intent === 'approve' ? 'approved' : 'rejected' })
        return USER_MESSAGES.statusUpdated
      case 'delete':
        await deleteUser(submission.id, staff.userId)
        return USER_MESSAGES.deleted
    }
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'User Management | Admin Panel' }]

const STATUS_BADGES: Record<ProfileStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  approved: 'default',
  pending: 'outline',
  rejected: 'destructive',
}

export default function UsersAdmin({ loaderData }: Route.ComponentProps) {
  const { users, pages, counts, invitations, signUpOpen, currentUserId, search, filter } = loaderData
  const { timeZone } = useSite()
  const [editing, setEditing] = useState<ManagedUser | 'new' | 'invite' | null>(null)
  const rowAction = useFetcher<ActionResult>()
  useActionToast(rowAction)
  const busyId = rowAction.state === 'idle' ? null : rowAction.formData?.get('id')
  // One's own account has no tick box, as it has no Delete button.
  const selection = useBulkSelection(users.filter((user) => user.id !== currentUserId).map((user) => user.id))

  return (
    <>
      <AdminPageHeader
        title="User Management"
        description="Staff accounts, their status and their role. New sign-ups wait here as pending until approved."
        actions={
          <>
            <Button onClick={() => setEditing('invite')}>
              <Mail aria-hidden />
              Invite user
            </Button>
            <Button variant="outline" onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              Add User
            </Button>
          </>
        }
      />
      {invitations.length > 0 ? <PendingInvitations invitations={invitations} timeZone={timeZone} /> : null}
      <ListFilterTabs
        label="Show users"
        fallback={USER_LIST_FILTER.fallback}
        current={filter}
        choices={[
          { value: 'all', label: 'All', count: counts.all },
          { value: 'admin', label: 'Admins', count: counts.admin },
          { value: 'editor', label: 'Editors', count: counts.editor },
          { value: 'user', label: 'Users', count: counts.user },
          { value: 'pending', label: 'Pending', count: counts.pending },
        ]}
      />
      <AdminListSearch label="Search users by name or e-mail" query={search} />
      {users.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">{search ? listNoMatchText('users', search) : USER_LIST_MESSAGES.none(filter)}</p>
      ) : (
        <>
        <BulkToolbar
          selection={selection}
          thing="user"
          actions={[
            { intent: 'approve-selected', label: 'Approve', icon: <Check aria-hidden /> },
            { intent: 'delete-selected', label: 'Delete', icon: <Trash2 aria-hidden />, destructive: true },
          ]}
        />
        <div className="rounded-lg border bg-card">
          <Table className={STACKED.table}>
            <UserColumns dateLabel="Created" />
            <TableBody className={STACKED.body}>
              {users.map((user) => {
                const name = user.fullName || user.email
                return (
                  <TableRow key={user.id} className={STACKED.row}>
                    <TableCell className={cn(STACKED.cell, 'font-medium')}>
                      <div className="flex items-center gap-2">
                        {user.id === currentUserId ? <span aria-hidden className="size-5 shrink-0" /> : <SelectRow selection={selection} id={user.id} label={`Select ${name}`} />}
                        {user.email}
                      </div>
                    </TableCell>
                    <TableCell className={STACKED.cell}>{user.fullName ?? '—'}</TableCell>
                    <TableCell className={STACKED.inlineCell}>
                      <Badge variant={STATUS_BADGES[user.status]} className="capitalize">
                        {user.status}
                      </Badge>
                    </TableCell>
                    <TableCell className={cn(STACKED.inlineCell, 'capitalize')}>{user.role}</TableCell>
                    <TableCell className={STACKED.inlineCell}>
                      <time dateTime={user.createdAt}>{formatDate(user.createdAt, timeZone)}</time>
                    </TableCell>
                    <TableCell className={STACKED.cell}>
                      <div className={STACKED.actions}>
                        {user.status === 'pending' ? (
                          <>
                            <Button size="sm" variant="outline" disabled={busyId === user.id} onClick={() => void rowAction.submit({ intent: 'approve', id: user.id }, { method: 'post' })}>
                              <Check aria-hidden />
                              Approve<span className="sr-only"> {name}</span>
                            </Button>
                            <Button size="sm" variant="outline" disabled={busyId === user.id} onClick={() => void rowAction.submit({ intent: 'reject', id: user.id }, { method: 'post' })}>
                              <X aria-hidden />
                              Reject<span className="sr-only"> {name}</span>
                            </Button>
                          </>
                        ) : null}
                        <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={() => setEditing(user)}>
                          <Pencil aria-hidden />
                        </Button>
                        {user.id === currentUserId ? null : (
                          <ConfirmDelete
                            label={`Delete ${name}`}
                            question={USER_MESSAGES.confirmDelete}
                            pending={busyId === user.id}
                            onConfirm={() => void rowAction.submit({ intent: 'delete', id: user.id }, { method: 'post' })}
                          />
                        )}
                      </div>
                    </TableCell>
                  </TableRow>
                )
              })}
            </TableBody>
          </Table>
        </div>
        <ListPager pages={pages} thing="user" />
        </>
      )}
      <PublicSignUpSetting open={signUpOpen} />
      {editing === 'new' ? <AddUserDialog onClose={() => setEditing(null)} /> : null}
      {editing === 'invite' ? <InviteUserDialog onClose={() => setEditing(null)} /> : null}
      {editing && editing !== 'new' && editing !== 'invite' ? <EditUserDialog user={editing} onClose={() => setEditing(null)} /> : null}
    </>
  )
}

function ChoiceField<Value extends string>({ id, label, options, defaultValue }: { id: string; label: string; options: readonly Value[]; defaultValue: Value }) {
  return <SelectField id={id} name={id} label={label} options={options} defaultValue={defaultValue} optionClassName="capitalize" />
}

function AddUserDialog({ onClose }: { onClose: () => void }) {
  return (
    <AdminFormDialog title="Add User" description="The account can sign in at once, with the role you choose." schema={newUserSchema} editingId={null} onClose={onClose}>
      {({ errors }) => (
        <>
          <Field id="email" name="email" label="Email" type="email" autoComplete="off" error={errors.email} />
          <Field id="password" name="password" label="Password" type="password" autoComplete="new-password" error={errors.password} />
          <Field id="fullName" name="fullName" label="Full Name" error={errors.fullName} />
          <ChoiceField id="role" label="Role" options={ROLES} defaultValue="user" />
        </>
      )}
    </AdminFormDialog>
  )
}

function EditUserDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  return (
    <AdminFormDialog title="Edit User" description="Change the name, status or role, or set a new password." schema={editUserSchema} editingId={user.id} onClose={onClose}>
      {({ errors }) => (
        <>
          <Field id="email" label="Email" value={user.email} readOnly disabled description={USER_MESSAGES.emailReadOnly} />
          <Field id="fullName" name="fullName" label="Full Name" defaultValue={user.fullName ?? ''} error={errors.fullName} />
          <ChoiceField id="status" label="Status" options={PROFILE_STATUSES} defaultValue={user.status} />
          <ChoiceField id="role" label="Role" options={ROLES} defaultValue={user.role} />
          <Field id="password" name="password" label="New Password (optional)" type="password" autoComplete="new-password" error={errors.password} />
        </>
      )}
    </AdminFormDialog>
  )
}

/** Invitations not yet used: each row can send a new link or be withdrawn. */
function PendingInvitations({ invitations, timeZone }: { invitations: PendingInvitation[]; timeZone: string }) {
  const rowAction = useFetcher<ActionResult>()
  useActionToast(rowAction)
  const busyId = rowAction.state === 'idle' ? null : rowAction.formData?.get('id')
  return (
    <section aria-labelledby="pending-invitations" className="mb-6 space-y-2">
      <h2 id="pending-invitations" className="text-lg font-semibold">
        Pending invitations
      </h2>
      <div className="rounded-lg border bg-card">
        <Table className={STACKED.table}>
          <UserColumns dateLabel="Sent" />
          <TableBody className={STACKED.body}>
            {invitations.map((invitation) => {
              const { expired } = invitation
              return (
                <TableRow key={invitation.id} className={STACKED.row}>
                  <TableCell className={cn(STACKED.cell, 'font-medium')}>{invitation.email}</TableCell>
                  <TableCell className={STACKED.cell}>{invitation.fullName ?? '—'}</TableCell>
                  <TableCell className={STACKED.inlineCell}>
                    <Badge variant={expired ? 'destructive' : 'secondary'}>{expired ? 'Invitation expired' : 'Invited'}</Badge>
                  </TableCell>
                  <TableCell className={cn(STACKED.inlineCell, 'capitalize')}>{invitation.role}</TableCell>
                  <TableCell className={STACKED.inlineCell}>
                    <time dateTime={invitation.sentAt}>{formatDate(invitation.sentAt, timeZone)}</time>
                  </TableCell>
                  <TableCell className={STACKED.cell}>
                    <div className={STACKED.actions}>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={busyId === invitation.id}
                        onClick={() => void rowAction.submit({ intent: 'resend-invitation', id: invitation.id }, { method: 'post' })}
                      >
                        <RotateCw aria-hidden />
                        Resend<span className="sr-only"> the invitation to {invitation.email}</span>
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={busyId === invitation.id}
                        onClick={() => void rowAction.submit({ intent: 'cancel-invitation', id: invitation.id }, { method: 'post' })}
                      >
                        <X aria-hidden />
                        Cancel<span className="sr-only"> the invitation to {invitation.email}</span>
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      </div>
    </section>
  )
}

function InviteUserDialog({ onClose }: { onClose: () => void }) {
  return (
    <AdminFormDialog
      title="Invite user"
      description="We mail a link where they choose their own password. It works once, for 7 days."
      schema={invitationSchema}
      editingId={null}
      intent="invite"
      onClose={onClose}
      submitButtons={(sending) => (
        <Button type="submit" disabled={sending}>
          <Mail aria-hidden />
          {sending ? 'Sending...' : 'Send invitation'}
        </Button>
      )}
    >
      {({ errors }) => (
        <>
          <Field id="email" name="email" label="Email" type="email" autoComplete="off" error={errors.email} />
          <Field id="fullName" name="fullName" label="Full Name (optional)" error={errors.fullName} />
          <SelectField id="role" name="role" label="Role" options={ROLES} defaultValue="editor" optionClassName="capitalize" description="Editors manage the content; admins also manage users and settings." />
        </>
      )}
    </AdminFormDialog>
  )
}

function PublicSignUpSetting({ open }: { open: boolean }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const shown = fetcher.formData ? fetcher.formData.get('open') === 'true' : open
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">Sign-up</h2>
        </CardTitle>
        <CardDescription>{SIGN_UP_SETTING_MESSAGES.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-3">
        <Switch
          id="public-sign-up"
          checked={shown}
          disabled={fetcher.state !== 'idle'}
          onCheckedChange={(checked) => void fetcher.submit({ intent: 'public-sign-up', open: String(checked) }, { method: 'post' })}
        />
        <Label htmlFor="public-sign-up">{SIGN_UP_SETTING_MESSAGES.label}</Label>
      </CardContent>
    </Card>
  )
}

/**
 * On phones each account or invitation is a card of lines (its e-mail, its name, then status, role and date on
 * one line, then its buttons) instead of six columns scrolled sideways; from the `md` width up, a table.
 */
const STACKED = {
  table: 'block md:table',
  body: 'block md:table-row-group',
  row: 'block py-2 md:table-row md:py-0',
  cell: 'block px-2 py-0.5 whitespace-normal md:table-cell md:p-2 md:whitespace-nowrap',
  inlineCell: 'inline-block px-2 py-0.5 md:table-cell md:p-2',
  actions: 'flex justify-start gap-1 md:justify-end',
}

/** The columns accounts and pending invitations share, so both tables read alike; `dateLabel` names the date column. */
function UserColumns({ dateLabel }: { dateLabel: string }) {
  return (
    <TableHeader className="hidden md:table-header-group">
      <TableRow>
        <TableHead>Email</TableHead>
        <TableHead>Full Name</TableHead>
        <TableHead>Status</TableHead>
        <TableHead>Roles</TableHead>
        <TableHead>{dateLabel}</TableHead>
        <TableHead className="text-right">Actions</TableHead>
      </TableRow>
    </TableHeader>
  )
}
