import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { USER_MESSAGES } from '#app/domain/user/user-admin.schema.ts'
import { createUser, deleteUser, listUsers, setUserPassword, updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { getUserAccess } from '#app/domain/user/user.server.ts'
import { auth } from '#app/services/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { getStaffSession } from '#app/services/permissions.server.ts'
import { staffContext } from '#app/services/staff-context.ts'
import { action as usersAction } from '#app/routes/admin/users.tsx'
import { action as callFunction } from '#app/routes/api/functions.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { cookieFrom, createSignedInUser, requestWithCookie, TEST_PASSWORD } from '#tests/setup/users.ts'
import { changesDuring } from '#tests/setup/changes.ts'

prepareTestDatabase()

type UsersActionArgs = Parameters<typeof usersAction>[0]

/** Posts the User Management form as the signed-in admin; the status and body of the answer. */
async function postUsersForm(admin: { userId: string; email: string }, form: Record<string, string>) {
  const context = new RouterContextProvider()
  context.set(staffContext, { userId: admin.userId, email: admin.email, displayName: 'Admin', role: 'admin', twoFactorEnabled: false })
  const request = new Request('http://localhost/admin/users', { method: 'POST', body: new URLSearchParams(form) })
  const answer: unknown = await usersAction({ request, context, params: {} } as unknown as UsersActionArgs)
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) return { status: (answer.init as ResponseInit | null)?.status ?? 200, body: answer.data }
  return { status: 200, body: answer }
}

function newEmail(label: string) {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.org`
}

async function signInStatus(email: string, password: string) {
  const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true })
  return response.status
}

const notFound = { code: 'not_found', message: USER_MESSAGES.notFound }
const lastAdmin = { code: 'conflict', message: USER_MESSAGES.lastAdmin }

/** Leaves exactly one approved admin: a new one, whose id is returned. */
async function soleAdmin() {
  await db.updateTable('user_roles').set({ role: 'editor' }).where('role', '=', 'admin').execute()
  return createSignedInUser('admin')
}

describe('user management', () => {
  test('an added user is approved with the chosen role, signs in at once, and is listed newest first', async () => {
    const email = newEmail('added')
    const created = await createUser({ email, password: TEST_PASSWORD, fullName: 'Added Teacher', role: 'editor' })
    expect(created).toMatchObject({ email, fullName: 'Added Teacher', role: 'editor', status: 'approved' })
    const id = created.id
    expect(await getUserAccess(id)).toEqual({ role: 'editor', status: 'approved', fullName: 'Added Teacher', email })
    expect(await signInStatus(email, TEST_PASSWORD)).toBe(200)
    expect((await listUsers())[0]).toMatchObject({ id, email, fullName: 'Added Teacher', role: 'editor', status: 'approved' })
  })

  test('an e-mail address can have only one account', async () => {
    const email = newEmail('twice')
    expect(await createUser({ email, password: TEST_PASSWORD, fullName: 'First', role: 'user' })).toMatchObject({ email })
    await expect(createUser({ email: email.toUpperCase(), password: TEST_PASSWORD, fullName: 'Second', role: 'admin' })).rejects.toMatchObject({
      code: 'conflict',
      message: USER_MESSAGES.emailTaken,
      status: 409,
    })
    expect(await db.selectFrom('user').select('id').where('email', '=', email).execute()).toHaveLength(1)
  })

  test('a role change replaces the one role row, and name and status change with it', async () => {
    const user = await createSignedInUser('user', 'pending')
    const changes = await changesDuring(['profiles', 'user_roles'], async () => {
      expect(await updateUserAccess(user.userId, { fullName: 'Renamed', status: 'approved', role: 'admin' })).toMatchObject({
        id: user.userId,
        fullName: 'Renamed',
        status: 'approved',
        role: 'admin',
      })
    })
    expect(changes).toEqual([
      { table: 'profiles', type: 'update', id: user.userId },
      { table: 'user_roles', type: 'update', id: user.userId },
    ])
    const roles = await db.selectFrom('user_roles').selectAll().where('user_id', '=', user.userId).execute()
    expect(roles).toEqual([{ user_id: user.userId, role: 'admin' }])
    expect(await getUserAccess(user.userId)).toMatchObject({ role: 'admin', status: 'approved', fullName: 'Renamed' })
    // The guard reads the role on every request: the next one already has it.
    expect((await getStaffSession(requestWithCookie('/admin', user.cookie)))?.role).toBe('admin')
  })

  test('the edit dialog promotes an account that has no full name, as sign-ups have none; an empty name stays none', async () => {
    const admin = await createSignedInUser('admin')
    const signUp = await createSignedInUser('user', 'pending')
    await db.updateTable('profiles').set({ full_name: null }).where('id', '=', signUp.userId).execute()
    const edit = { intent: 'update', id: signUp.userId, fullName: '', status: 'approved', role: 'editor', password: '' }
    expect(await postUsersForm(admin, edit)).toEqual({ status: 200, body: { ok: true, message: USER_MESSAGES.updated } })
    expect(await getUserAccess(signUp.userId)).toMatchObject({ role: 'editor', status: 'approved', fullName: null })

    expect(await postUsersForm(admin, { ...edit, fullName: '  Named Later ' })).toMatchObject({ status: 200 })
    expect(await getUserAccess(signUp.userId)).toMatchObject({ fullName: 'Named Later' })
    expect(await postUsersForm(admin, { ...edit, fullName: 'x'.repeat(101) })).toMatchObject({ status: 400, body: { ok: false, error: 'Full name must be less than 100 characters' } })
    expect(await postUsersForm(admin, { ...edit, fullName: '   ' })).toMatchObject({ status: 200 })
    expect(await getUserAccess(signUp.userId)).toMatchObject({ fullName: null })
  })

  test('a pending account signs in but acts as role user; rejecting an account signs it out', async () => {
    const editor = await createSignedInUser('editor')
    await updateUserAccess(editor.userId, { status: 'pending' })
    expect((await getStaffSession(requestWithCookie('/admin', editor.cookie)))?.role).toBe('user')
    await updateUserAccess(editor.userId, { status: 'rejected' })
    expect(await getStaffSession(requestWithCookie('/admin', editor.cookie))).toBeNull()
  })

  test('a new password works at once, the old one no longer, and the person is signed out elsewhere', async () => {
    const admin = await createSignedInUser('admin')
    const user = await createSignedInUser('editor')
    await setUserPassword(user.userId, 'a-brand-new-password', admin.userId)
    expect(await signInStatus(user.email, TEST_PASSWORD)).toBe(401)
    expect(await signInStatus(user.email, 'a-brand-new-password')).toBe(200)
    expect(await getStaffSession(requestWithCookie('/admin', user.cookie))).toBeNull()
  })

  test('deleting a user removes the account, profile, role and sessions', async () => {
    const admin = await createSignedInUser('admin')
    const user = await createSignedInUser('editor')
    expect(await getStaffSession(requestWithCookie('/admin', user.cookie))).not.toBeNull()
    expect(await changesDuring(['profiles', 'user_roles'], () => deleteUser(user.userId, admin.userId))).toEqual([
      { table: 'profiles', type: 'delete', id: user.userId },
      { table: 'user_roles', type: 'delete', id: user.userId },
    ])
    expect(await getStaffSession(requestWithCookie('/admin', user.cookie))).toBeNull()
    for (const [table, column] of [['user', 'id'], ['profiles', 'id'], ['user_roles', 'user_id'], ['session', 'userId'], ['account', 'userId']] as const) {
      const rows = await db.selectFrom(table).select(column).where(column, '=', user.userId).execute()
      expect(rows, table).toEqual([])
    }
    await expect(deleteUser(user.userId, admin.userId)).rejects.toMatchObject({ ...notFound, status: 404 })
    await expect(updateUserAccess(user.userId, { status: 'approved' })).rejects.toMatchObject(notFound)
    await expect(setUserPassword(user.userId, 'a-brand-new-password', admin.userId)).rejects.toMatchObject(notFound)
  })

  test('an admin cannot delete their own account', async () => {
    const admin = await createSignedInUser('admin')
    await expect(deleteUser(admin.userId, admin.userId)).rejects.toMatchObject({ code: 'forbidden', message: USER_MESSAGES.ownAccount, status: 403 })
    expect(await getUserAccess(admin.userId)).not.toBeNull()
  })

  test('the last approved admin can be neither deleted, demoted, nor set to pending or rejected', async () => {
    const only = await soleAdmin()
    const other = await createSignedInUser('editor')
    const refusal = { ...lastAdmin, status: 409 }
    const changes = await changesDuring(['profiles', 'user_roles'], async () => {
      await expect(deleteUser(only.userId, other.userId)).rejects.toMatchObject(refusal)
      await expect(updateUserAccess(only.userId, { role: 'editor' })).rejects.toMatchObject(refusal)
      await expect(updateUserAccess(only.userId, { status: 'pending' })).rejects.toMatchObject(refusal)
      await expect(updateUserAccess(only.userId, { status: 'rejected' })).rejects.toMatchObject(refusal)
    })
    expect(changes).toEqual([])
    expect(await getUserAccess(only.userId)).toMatchObject({ role: 'admin', status: 'approved' })
    expect(await getStaffSession(requestWithCookie('/admin', only.cookie))).not.toBeNull()

    // With a second admin, the first may step down.
    expect(await updateUserAccess(other.userId, { role: 'admin' })).toMatchObject({ role: 'admin' })
    expect(await updateUserAccess(only.userId, { role: 'editor' })).toMatchObject({ role: 'editor' })
  })

  test('setting a role and status together keeps the last approved admin too', async () => {
    const only = await soleAdmin()
    await expect(updateUserAccess(only.userId, { role: 'editor', status: 'approved' })).rejects.toMatchObject(lastAdmin)
    await expect(updateUserAccess(only.userId, { role: 'admin', status: 'rejected' })).rejects.toMatchObject(lastAdmin)
    expect(await getUserAccess(only.userId)).toMatchObject({ role: 'admin', status: 'approved' })
  })

  test('the Users form answers a last-admin refusal with 409 and its message, and changes nothing', async () => {
    const only = await soleAdmin()
    const other = await createSignedInUser('editor')
    const edit = { intent: 'update', id: only.userId, fullName: 'Only Admin', status: 'approved', role: 'editor', password: '' }
    expect(await postUsersForm(other, edit)).toEqual({ status: 409, body: { ok: false, error: USER_MESSAGES.lastAdmin, fieldErrors: {} } })
    expect(await postUsersForm(other, { intent: 'reject', id: only.userId })).toMatchObject({ status: 409, body: { error: USER_MESSAGES.lastAdmin } })
    expect(await postUsersForm(other, { intent: 'delete', id: only.userId })).toMatchObject({ status: 409, body: { error: USER_MESSAGES.lastAdmin } })
    expect(await getUserAccess(only.userId)).toMatchObject({ role: 'admin', status: 'approved', fullName: 'Test admin' })
    expect(await postUsersForm(other, { intent: 'delete', id: crypto.randomUUID() })).toMatchObject({ status: 404, body: { error: USER_MESSAGES.notFound } })
  })

  test('two admins demoting each other at the same moment leave one admin', async () => {
    const first = await soleAdmin()
    const second = await createSignedInUser('admin')
    const results = await Promise.allSettled([updateUserAccess(first.userId, { role: 'user' }), updateUserAccess(second.userId, { role: 'user' })])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: lastAdmin })
    const admins = await db
      .selectFrom('user_roles')
      .innerJoin('profiles', 'profiles.id', 'user_roles.user_id')
      .select('user_id')
      .where('role', '=', 'admin')
      .where('status', '=', 'approved')
      .execute()
    expect(admins).toHaveLength(1)
  })
})

describe('the user functions at /api/functions/:name', () => {
  async function call(name: string, body: unknown, cookie?: string, origin = 'http://localhost:3000') {
    const request = requestWithCookie(`/api/functions/${name}`, cookie, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    })
    const response = await callFunction({ request, params: { name }, context: undefined as never, unstable_pattern: '' } as never)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  test('they answer an error field without a session, for editors, for a foreign origin and for unknown names', async () => {
    const editor = await createSignedInUser('editor')
    const admin = await createSignedInUser('admin')
    const body = { email: newEmail('refused'), password: TEST_PASSWORD, fullName: 'Refused', role: 'admin' }
    expect(await call('create-user', body)).toEqual({ status: 401, body: { error: 'Not signed in' } })
    expect(await call('create-user', body, editor.cookie)).toEqual({ status: 403, body: { error: 'Only admins may manage users' } })
    expect((await call('create-user', body, admin.cookie, 'https://evil.example')).status).toBe(403)
    expect(await call('reset-everything', {}, admin.cookie)).toEqual({ status: 404, body: { error: 'Unknown function: reset-everything' } })
    expect(await db.selectFrom('user').select('id').where('email', '=', body.email).execute()).toEqual([])
  })

  test('create-user, update-user and delete-user do their work for an admin, and bad bodies change nothing', async () => {
    const admin = await createSignedInUser('admin')
    const email = newEmail('function')
    expect(await call('create-user', { email, password: '123', fullName: 'Short', role: 'user' }, admin.cookie)).toEqual({
      status: 400,
      body: { error: 'Password must be at least 6 characters' },
    })
    expect(await call('create-user', { email, password: 'x'.repeat(129), fullName: 'Long', role: 'user' }, admin.cookie)).toEqual({
      status: 400,
      body: { error: 'Password must be less than 128 characters' },
    })
    const created = await call('create-user', { email, password: TEST_PASSWORD, fullName: 'By Function', role: 'editor' }, admin.cookie)
    expect(created.status).toBe(200)
    const userId = created.body.userId as string
    expect(await getUserAccess(userId)).toMatchObject({ role: 'editor', status: 'approved' })

    expect((await call('update-user', { userId, password: 'changed-by-function' }, admin.cookie)).status).toBe(200)
    expect(await signInStatus(email, 'changed-by-function')).toBe(200)
    expect(await call('update-user', { userId: 'no-such-user', password: 'whatever-password' }, admin.cookie)).toEqual({
      status: 404,
      body: { error: USER_MESSAGES.notFound },
    })

    expect(await call('delete-user', { userId }, admin.cookie)).toEqual({ status: 200, body: { userId, message: USER_MESSAGES.deleted } })
    expect(await getUserAccess(userId)).toBeNull()
    const signedInAdmin = await auth.api.signInEmail({ body: { email: admin.email, password: TEST_PASSWORD }, asResponse: true })
    expect(await call('delete-user', { userId: admin.userId }, cookieFrom(signedInAdmin))).toEqual({ status: 403, body: { error: USER_MESSAGES.ownAccount } })
  })
})
