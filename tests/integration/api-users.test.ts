import { describe, expect, test } from 'vitest'
import { USER_MESSAGES } from '#app/domain/user/user-admin.schema.ts'
import { listUsers, updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { revokeApiKey } from '#app/services/api/api-keys.server.ts'
import { USERS_API_MESSAGES } from '#app/services/api/collections/users.server.ts'
import { auth } from '#app/services/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser, TEST_PASSWORD } from '#tests/setup/users.ts'
import { withChangesOf } from '#tests/setup/changes.ts'

const database = prepareTestDatabase()

const newEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.org`

const storedAccess = (id: string) =>
  db
    .selectFrom('profiles')
    .leftJoin('user_roles', 'user_roles.user_id', 'profiles.id')
    .select(['profiles.email', 'profiles.full_name', 'profiles.status', 'user_roles.role'])
    .where('profiles.id', '=', id)
    .executeTakeFirst()

async function signInStatus(email: string, password: string) {
  const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true })
  return response.status
}

/** The change events of profiles and roles published while `work` runs, and what it returned. */
const sessionCount = async (userId: string) => (await db.selectFrom('session').select('id').where('userId', '=', userId).execute()).length

describe(`content API: users on ${database.engine}`, () => {
  test('create 201 as Add User does: approved, the chosen role, the password works and is never shown; read; PATCH a name; DELETE 204', async () => {
    const { key } = await apiKeyFor('admin')
    const email = newEmail('Added')
    const { result: created, changes } = await withChangesOf(['profiles', 'user_roles'], () =>
      callApi('POST', '/users', { key, body: { email: `  ${email} `, full_name: ' Ada Added ', role: 'editor', password: 'secret-one' } }),
    )
    expect(created.status).toBe(201)
    const id = created.body!.id as string
    const lowerEmail = email.toLowerCase()
    expect(created.body).toEqual({ id, email: lowerEmail, full_name: 'Ada Added', role: 'editor', status: 'approved', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
    expect(await storedAccess(id)).toEqual({ email: lowerEmail, full_name: 'Ada Added', status: 'approved', role: 'editor' })
    expect(changes).toContainEqual({ table: 'profiles', type: 'update', id })
    expect(changes).toContainEqual({ table: 'user_roles', type: 'update', id })
    expect(await signInStatus(lowerEmail, 'secret-one')).toBe(200)

    expect(await callApi('GET', `/users/${id}`, { key })).toMatchObject({ status: 200, body: created.body })
    const renamed = await callApi('PATCH', `/users/${id}`, { key, body: { full_name: 'Ada Lovelace' } })
    expect(renamed).toMatchObject({ status: 200, body: { ...created.body, full_name: 'Ada Lovelace' } })
    expect(await storedAccess(id)).toEqual({ email: lowerEmail, full_name: 'Ada Lovelace', status: 'approved', role: 'editor' })
    // An item read, changed and sent back whole is accepted; an empty name is none, as in the edit dialog.
    const sentBack = await callApi('PATCH', `/users/${id}`, { key, body: { ...renamed.body, id: undefined, created_at: undefined, full_name: '', role: 'user' } })
    expect(sentBack).toMatchObject({ status: 200, body: { id, full_name: null, role: 'user', status: 'approved' } })

    expect((await callApi('DELETE', `/users/${id}`, { key })).status).toBe(204)
    expect(await storedAccess(id)).toBeUndefined()
    expect(await db.selectFrom('user').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined()
    expect(await callApi('GET', `/users/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    expect(await callApi('DELETE', `/users/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: USER_MESSAGES.notFound } } })
  })

  test('a PATCH with only a password sets it (signing the person out elsewhere), answers the item and announces nothing', async () => {
    const { key } = await apiKeyFor('admin')
    const person = await createSignedInUser('editor')
    expect(await sessionCount(person.userId)).toBe(1)
    const before = await callApi('GET', `/users/${person.userId}`, { key })
    const { result: changed, changes } = await withChangesOf(['profiles', 'user_roles'], () => callApi('PATCH', `/users/${person.userId}`, { key, body: { password: 'a new secret' } }))
    expect(changed).toEqual({ status: 200, headers: expect.anything(), body: before.body })
    expect(changed.body).not.toHaveProperty('password')
    expect(changes).toEqual([])
    expect(await sessionCount(person.userId)).toBe(0)
    expect(await signInStatus(person.email, TEST_PASSWORD)).toBe(401)
    expect(await signInStatus(person.email, 'a new secret')).toBe(200)
  })

  test("the key's owner setting their own password keeps their sessions; empty keeps the password; a short one is refused", async () => {
    const { key, owner } = await apiKeyFor('admin')
    expect((await callApi('PATCH', `/users/${owner.userId}`, { key, body: { password: 'owner secret' } })).status).toBe(200)
    expect(await sessionCount(owner.userId)).toBe(1)
    expect((await callApi('PATCH', `/users/${owner.userId}`, { key, body: { password: '' } })).status).toBe(200)
    expect(await callApi('PATCH', `/users/${owner.userId}`, { key, body: { password: 'abc' } })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { password: 'Password must be at least 6 characters' } } },
    })
    expect(await signInStatus(owner.email, 'owner secret')).toBe(200)
  })

  test('status and role change through the domain; an email cannot change; read-only and unknown fields are refused', async () => {
    const { key } = await apiKeyFor('admin')
    const person = await createSignedInUser('user', 'pending')
    const approved = await callApi('PATCH', `/users/${person.userId}`, { key, body: { status: 'approved', role: 'editor' } })
    expect(approved).toMatchObject({ status: 200, body: { status: 'approved', role: 'editor', email: person.email, full_name: 'Test user' } })
    expect(await storedAccess(person.userId)).toMatchObject({ status: 'approved', role: 'editor' })

    const rejected = await callApi('PATCH', `/users/${person.userId}`, { key, body: { status: 'rejected' } })
    expect(rejected).toMatchObject({ status: 200, body: { status: 'rejected', role: 'editor' } })
    expect(await sessionCount(person.userId)).toBe(0)

    expect(await callApi('PATCH', `/users/${person.userId}`, { key, body: { email: 'other@example.org' } })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { email: USER_MESSAGES.emailReadOnly } } },
    })
    expect(await callApi('PATCH', `/users/${person.userId}`, { key, body: { status: 'gone', role: 'owner', created_at: '2020-01-01T00:00:00Z', password_hash: 'x' } })).toMatchObject({
      status: 400,
      body: { error: { fields: { created_at: 'created_at cannot be changed', password_hash: 'password_hash is not a field of this collection' } } },
    })
    expect(await callApi('PATCH', `/users/${person.userId}`, { key, body: { status: 'gone', role: 'owner' } })).toMatchObject({
      status: 400,
      body: { error: { fields: { status: 'Choose a status: pending, approved or rejected', role: 'Choose a role: user, editor or admin' } } },
    })
    expect(await storedAccess(person.userId)).toEqual({ email: person.email, full_name: 'Test user', status: 'rejected', role: 'editor' })
  })

  test("invalid input is refused with Add User's messages by API field; a taken email is 409; nothing is stored", async () => {
    const { key } = await apiKeyFor('admin')
    const before = await db.selectFrom('profiles').select('id').execute()
    expect(await callApi('POST', '/users', { key, body: { email: 'not an email', full_name: '', role: 'owner' } })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { email: 'Invalid email address', role: 'Choose a role: user, editor or admin' } } },
    })
    expect(await callApi('POST', '/users', { key, body: { email: newEmail('a'), full_name: '' } })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { full_name: 'Full name is required', password: 'Password is required' } } },
    })
    expect(await callApi('POST', '/users', { key, body: { email: newEmail('a'), full_name: 'x'.repeat(101), password: 'abc' } })).toMatchObject({
      status: 400,
      body: { error: { fields: { full_name: 'Full name must be less than 100 characters', password: 'Password must be at least 6 characters' } } },
    })
    expect(await callApi('POST', '/users', { key, body: { full_name: 'No Email', password: 'secret-one' } })).toMatchObject({ status: 400, body: { error: { fields: { email: expect.any(String) } } } })
    expect(await callApi('POST', '/users', { key, body: { email: newEmail('a'), full_name: 'A', password: 'secret-one', status: 'pending' } })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid', fields: { status: USERS_API_MESSAGES.statusOnCreate } } },
    })
    expect(await db.selectFrom('profiles').select('id').execute()).toEqual(before)

    const taken = await createSignedInUser('editor')
    expect(await callApi('POST', '/users', { key, body: { email: taken.email.toUpperCase(), full_name: 'Twin', password: 'secret-one' } })).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict', message: USER_MESSAGES.emailTaken } },
    })
    expect((await db.selectFrom('profiles').select('id').execute()).length).toBe(before.length + 1)
  })

  test('the list is paginated in the Users screen order (newest first) with the total; it has no filters', async () => {
    const { key } = await apiKeyFor('admin')
    for (let index = 0; index < 3; index++) {
      expect((await callApi('POST', '/users', { key, body: { email: newEmail(`listed-${index}`), full_name: `Listed ${index}`, password: 'secret-one' } })).status).toBe(201)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const screen = (await listUsers()).map((user) => user.id)
    const first = await callApi('GET', '/users?per_page=2', { key })
    expect(first.body).toMatchObject({ page: 1, per_page: 2, total: screen.length })
    expect((first.body!.data as { id: string; full_name: string }[]).map((user) => user.full_name)).toEqual(['Listed 2', 'Listed 1'])
    const second = await callApi('GET', '/users?per_page=2&page=2', { key })
    expect((second.body!.data as { id: string }[]).map((user) => user.id)).toEqual(screen.slice(2, 4))
    for (const user of first.body!.data as Record<string, unknown>[]) expect(Object.keys(user).sort()).toEqual(['created_at', 'email', 'full_name', 'id', 'role', 'status'])
    expect(await callApi('GET', '/users?role=admin', { key })).toMatchObject({ status: 400, body: { error: { fields: { role: 'role is not a parameter of this list' } } } })
  })

  test("a key cannot delete its owner's account (403); the last approved admin is kept (409, nothing changed)", async () => {
    await db.updateTable('user_roles').set({ role: 'editor' }).where('role', '=', 'admin').execute()
    const { key, owner } = await apiKeyFor('admin')
    expect(await callApi('DELETE', `/users/${owner.userId}`, { key })).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: USER_MESSAGES.ownAccount } } })
    const { result: demoted, changes } = await withChangesOf(['profiles', 'user_roles'], () => callApi('PATCH', `/users/${owner.userId}`, { key, body: { role: 'editor', password: 'not set either' } }))
    expect(demoted).toMatchObject({ status: 409, body: { error: { code: 'conflict', message: USER_MESSAGES.lastAdmin } } })
    expect(await callApi('PATCH', `/users/${owner.userId}`, { key, body: { status: 'pending' } })).toMatchObject({ status: 409, body: { error: { message: USER_MESSAGES.lastAdmin } } })
    expect(changes).toEqual([])
    expect(await storedAccess(owner.userId)).toMatchObject({ role: 'admin', status: 'approved' })
    expect(await signInStatus(owner.email, TEST_PASSWORD)).toBe(200)
  })

  test('an editor key is refused on every method; a key whose owner is demoted is refused; a revoked key is 401; PUT is 405', async () => {
    const editor = await apiKeyFor('editor')
    const someone = await createSignedInUser('user')
    const attempts = [
      callApi('GET', '/users', { key: editor.key }),
      callApi('POST', '/users', { key: editor.key, body: { email: newEmail('x'), full_name: 'X', password: 'secret-one' } }),
      callApi('GET', `/users/${someone.userId}`, { key: editor.key }),
      callApi('PATCH', `/users/${someone.userId}`, { key: editor.key, body: { role: 'admin' } }),
      callApi('DELETE', `/users/${someone.userId}`, { key: editor.key }),
    ]
    for (const answer of await Promise.all(attempts)) expect(answer).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    expect(await storedAccess(someone.userId)).toMatchObject({ role: 'user' })

    const { key, id, owner } = await apiKeyFor('admin', 'admin')
    await createSignedInUser('admin')
    expect((await callApi('GET', '/users', { key })).status).toBe(200)
    await updateUserAccess(owner.userId, { role: 'editor' })
    expect(await callApi('GET', '/users', { key })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    expect(await callApi('DELETE', `/users/${someone.userId}`, { key })).toMatchObject({ status: 403 })
    expect(await storedAccess(someone.userId)).toBeDefined()
    await updateUserAccess(owner.userId, { role: 'admin' })
    expect((await callApi('GET', '/users', { key })).status).toBe(200)
    await revokeApiKey(id)
    expect(await callApi('GET', '/users', { key })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })

    const admin = await apiKeyFor('admin')
    const put = await callApi('PUT', '/users', { key: admin.key, body: {} })
    expect(put).toMatchObject({ status: 405, body: { error: { code: 'method_not_allowed' } } })
    expect(put.headers.get('Allow')).toBe('GET, POST')
    expect((await callApi('PUT', `/users/${someone.userId}`, { key: admin.key, body: {} })).headers.get('Allow')).toBe('GET, PATCH, DELETE')
  })
})
