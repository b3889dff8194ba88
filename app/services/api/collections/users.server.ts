import { z } from 'zod'
import { editUserSchema, newUserSchema, USER_MESSAGES, type ManagedUser } from '#app/domain/user/user-admin.schema.ts'
import {
  createUser,
  deleteUser,
  getManagedUser,
  listUsersPage,
  setUserPassword,
  updateUserAccess,
  type AccessChange,
} from '#app/domain/user/user-admin.server.ts'
import { validated } from '#app/lib/action.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { PROFILE_STATUSES, ROLES } from '#db/tables/people.ts'
import { defineCollection } from '../collection.ts'
import { timestamp } from '../fields.ts'

/** 'Add User' has no status: the account starts approved, so a status sent with it would be ignored silently. */
export const USERS_API_MESSAGES = {
  statusOnCreate: 'A user an admin adds starts approved: leave status out, and change it afterwards if needed.',
} as const

const ROLE_DESCRIPTION = 'user, editor or admin: what the account may do in the admin area.'
const STATUS_DESCRIPTION = 'pending (signed up, waiting for an admin; acts as role user), approved, or rejected (cannot sign in).'

const item = z.object({
  id: z.string(),
  email: z.string().meta({ description: 'The sign-in address, in lower case. Set when the user is added; it cannot be changed.' }),
  full_name: z.string().nullable().meta({ description: 'The person\'s name, or null: accounts that signed up themselves may have none.' }),
  role: z.enum(ROLES).meta({ description: ROLE_DESCRIPTION }),
  status: z.enum(PROFILE_STATUSES).meta({ description: STATUS_DESCRIPTION }),
  created_at: timestamp('When the account was created.'),
})

/**
 * One input for 'Add User' and the edit dialog: each field takes the
 * dialogs' own rule, the looser one where they differ (a name may be empty
 * on edit); creating checks the values again with the 'Add User' schema.
 */
const input = z.object({
  email: newUserSchema.shape.email.meta({ description: 'Required when adding a user; the address must be unused (409 otherwise). It cannot be changed afterwards.' }),
  full_name: z
    .union([editUserSchema.shape.fullName, z.null()])
    .meta({ description: 'Up to 100 characters. Required when adding a user; afterwards empty or null for none.' }),
  role: newUserSchema.shape.role.meta({ description: `${ROLE_DESCRIPTION} user when left out. The site keeps one approved admin: demoting the last one is refused (409).` }),
  status: editUserSchema.shape.status.optional().meta({
    description: `${STATUS_DESCRIPTION} Left out when adding a user, who starts approved. The last approved admin cannot be set to pending or rejected (409). Rejecting an account signs it out.`,
  }),
  password: editUserSchema.shape.password.meta({
    description:
      'Write-only: no answer shows it. Required when adding a user, 6 to 128 characters. On a change it sets a new password and signs the person out everywhere else; empty or left out keeps the password.',
  }),
})

type Values = z.output<typeof input>

function toItem(user: ManagedUser): z.output<typeof item> {
  return { id: user.id, email: user.email, full_name: user.fullName, role: user.role, status: user.status, created_at: user.createdAt }
}

/** Creates as 'Add User' does: its schema decides, with its messages ('Full name is required', 'Password is required'). */
async function addUser(values: Values) {
  if (values.status !== undefined) throw DomainError.invalidField('status', USERS_API_MESSAGES.statusOnCreate)
  const submission = validated(newUserSchema, { email: values.email, fullName: values.full_name ?? '', role: values.role, password: values.password ?? '' })
  return toItem(await createUser(submission))
}

/**
 * Saves the edit dialog's values: name, status and role in one write (only
 * when one of them changes, so a new password alone announces nothing), then
 * the new password, set by the calling key's owner.
 */
async function editUser(id: string, values: Values, actorId: string) {
  const stored = await getManagedUser(id)
  if (!stored) throw DomainError.notFound(USER_MESSAGES.notFound)
  if (values.email.toLowerCase() !== stored.email.toLowerCase()) throw DomainError.invalidField('email', USER_MESSAGES.emailReadOnly)
  const changes: AccessChange = {
    ...(values.full_name === stored.fullName ? {} : { fullName: values.full_name }),
    ...(values.role === stored.role ? {} : { role: values.role }),
    ...(values.status === undefined || values.status === stored.status ? {} : { status: values.status }),
  }
  const user = Object.keys(changes).length ? await updateUserAccess(id, changes) : stored
  if (values.password) await setUserPassword(id, values.password, actorId)
  return toItem(user)
}

/** Users: the staff accounts of the Users screen, newest first. Admin keys only. */
export const users = defineCollection({
  name: 'users',
  title: 'Users',
  description:
    'The accounts of the Users screen, newest first: add, change the name, role or status, set a password, delete. Passwords are write-only. A key cannot delete its own owner, and the site keeps one approved admin.',
  minimumRole: 'admin',
  item,
  input,
  filters: z.object({}),
  domainFieldNames: { fullName: 'full_name' },
  editable: (user) => ({ email: user.email, full_name: user.full_name, role: user.role, status: user.status }),
  async list({ limit, offset }) {
    const page = await listUsersPage({ limit, offset })
    return { items: page.users.map(toItem), total: page.total }
  },
  async read(id) {
    const user = await getManagedUser(id)
    return user ? toItem(user) : null
  },
  create: (values) => addUser(values),
  update: (id, values, caller) => editUser(id, values, caller.userId),
  remove: (id, caller) => deleteUser(id, caller.userId),
})
