import { runWithEndpointContext, type AuthEndpointContext } from '@better-auth/core/context'
import { RouterContextProvider } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { AUTH_MESSAGES } from '#app/domain/user/credentials.schema.ts'
import { ensureFirstAdmin } from '#app/domain/user/first-admin.server.ts'
import { INVITATION_MESSAGES, SIGN_UP_SETTING_MESSAGES } from '#app/domain/user/invitation.schema.ts'
import { isPublicSignUpOpen, setPublicSignUpOpen } from '#app/domain/user/sign-up-setting.server.ts'
import { USER_MESSAGES } from '#app/domain/user/user-admin.schema.ts'
import { getUserAccess } from '#app/domain/user/user.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { mailer } from '#app/lib/mail/mail.server.ts'
import { action as usersAction, loader as usersLoader } from '#app/routes/admin/users.tsx'
import { action as acceptAction, loader as acceptLoader } from '#app/routes/auth/invitation.tsx'
import { loader as signInLoader } from '#app/routes/auth/sign-in.tsx'
import { auth } from '#app/services/auth.server.ts'
import { staffContext } from '#app/services/staff-context.ts'
import { readTimestamp } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { AuthBrowser } from '#tests/setup/browser-cookies.ts'
import { createSignedInUser, TEST_PASSWORD } from '#tests/setup/users.ts'

prepareTestDatabase()

type Answer = { status: number; body: unknown; headers?: Headers }

/** A route's answer as the browser sees it: a data() answer, a thrown or returned Response (redirects), or plain data. */
async function answerOf(run: () => Promise<unknown>): Promise<Answer> {
  let answer: unknown
  try {
    answer = await run()
  } catch (thrown) {
    answer = thrown
  }
  if (answer instanceof Response) return { status: answer.status, body: answer.headers.get('location'), headers: answer.headers }
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) return { status: (answer.init as ResponseInit | null)?.status ?? 200, body: answer.data }
  return { status: 200, body: answer }
}

function adminContext(admin: { userId: string; email: string }) {
  const context = new RouterContextProvider()
  context.set(staffContext, { userId: admin.userId, email: admin.email, displayName: 'Admin', role: 'admin', twoFactorEnabled: false })
  return context
}

async function postUsersForm(admin: { userId: string; email: string }, form: Record<string, string>) {
  const request = new Request('http://localhost/admin/users', { method: 'POST', body: new URLSearchParams(form) })
  return answerOf(() => usersAction({ request, context: adminContext(admin), params: {} } as unknown as Parameters<typeof usersAction>[0]))
}

async function usersScreen(admin: { userId: string; email: string }) {
  const request = new Request('http://localhost/admin/users')
  return usersLoader({ request, context: adminContext(admin), params: {} } as unknown as Parameters<typeof usersLoader>[0])
}

/** Runs `send` with the mailer stubbed and returns the invitation links it mailed, in order. */
async function mailedLinks(send: () => Promise<unknown>): Promise<{ result: unknown; links: { to: string; url: string }[] }> {
  const sent = vi.spyOn(mailer, 'send').mockResolvedValue({ response: '250 OK' })
  try {
    const result = await send()
    const links = sent.mock.calls.map(([mail]) => ({ to: mail.to, url: mail.url ?? '' })).filter((mail) => mail.url.includes('/auth/invitation/'))
    return { result, links }
  } finally {
    sent.mockRestore()
  }
}

function tokenOf(url: string) {
  expect(url.startsWith(`${config.publicUrl}/auth/invitation/`)).toBe(true)
  return decodeURIComponent(new URL(url).pathname.split('/').pop()!)
}

async function openInvitation(token: string) {
  const request = new Request(`http://localhost/auth/invitation/${token}`)
  return (await acceptLoader({ request, context: new RouterContextProvider(), params: { token } } as unknown as Parameters<typeof acceptLoader>[0]))
}

async function accept(token: string, password: string, confirmPassword = password) {
  const request = new Request(`http://localhost/auth/invitation/${token}`, { method: 'POST', body: new URLSearchParams({ password, confirmPassword }) })
  return answerOf(() => acceptAction({ request, context: new RouterContextProvider(), params: { token } } as unknown as Parameters<typeof acceptAction>[0]))
}

function newEmail(label: string) {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.org`
}

async function invite(admin: { userId: string; email: string }, fields: Record<string, string>) {
  const { result, links } = await mailedLinks(() => postUsersForm(admin, { intent: 'invite', ...fields }))
  return { answer: result as Answer, links }
}

function invitationRow(email: string) {
  return db.selectFrom('staff_invitations').selectAll().where('email', '=', email).executeTakeFirst()
}

afterEach(async () => {
  await setPublicSignUpOpen(true)
})

describe('the first administrator', () => {
  test('is still created at start-up on a fresh site whose sign-up is closed', async () => {
    await setPublicSignUpOpen(false)
    expect(await ensureFirstAdmin()).toContain('First administrator created')
    const admin = await db.selectFrom('user').select(['id', 'emailVerified']).where('email', '=', 'admin@school.local').executeTakeFirstOrThrow()
    expect(await getUserAccess(admin.id)).toMatchObject({ role: 'admin', status: 'approved' })
  })
})

describe('staff invitations', () => {
  test('an invited editor chooses a password once, lands on /admin signed in as an approved editor, and the link then fails', async () => {
    const admin = await createSignedInUser('admin')
    const email = newEmail('Invited')
    const { answer, links } = await invite(admin, { email, fullName: 'New Teacher', role: 'editor' })
    expect(answer).toEqual({ status: 200, body: { ok: true, message: INVITATION_MESSAGES.sent } })
    expect(links.map((link) => link.to)).toEqual([email.toLowerCase()])
    const token = tokenOf(links[0]!.url)

    const screen = await usersScreen(admin)
    expect(screen.invitations).toEqual([expect.objectContaining({ email: email.toLowerCase(), fullName: 'New Teacher', role: 'editor', expired: false })])
    const row = await invitationRow(email.toLowerCase())
    const sentAt = new Date(readTimestamp(row!.sent_at)).getTime()
    // Better Auth keeps the link's identifier hashed, and it lasts seven days.
    const verification = await db.selectFrom('verification').selectAll().where('id', '=', row!.verification_id!).executeTakeFirstOrThrow()
    expect(verification.identifier).not.toContain(token)
    expect(new Date(readTimestamp(verification.expiresAt)).getTime() - sentAt).toBe(7 * 24 * 60 * 60 * 1000)
    // No account until the link is used.
    expect(await db.selectFrom('user').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst()).toBeUndefined()

    expect(await openInvitation(token)).toEqual({ email: email.toLowerCase() })
    // Opening the page twice uses nothing up; a refused password neither.
    expect(await openInvitation(token)).toEqual({ email: email.toLowerCase() })
    expect(await accept(token, 'new-password', 'other-password')).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { confirmPassword: 'Passwords do not match' } } })
    expect(await accept(token, 'short')).toMatchObject({ status: 400, body: { fieldErrors: { password: 'Password must be at least 6 characters' } } })

    const accepted = await accept(token, 'new-password')
    expect(accepted.status).toBe(302)
    expect(accepted.body).toBe('/admin')
    const cookie = accepted
      .headers!.getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ')
    const session = await auth.api.getSession({ headers: new Headers({ cookie }) })
    expect(session?.user.email).toBe(email.toLowerCase())
    expect(session?.user.emailVerified).toBe(true)
    expect(await getUserAccess(session!.user.id)).toEqual({ role: 'editor', status: 'approved', fullName: 'New Teacher', email: email.toLowerCase() })
    expect(await invitationRow(email.toLowerCase())).toBeUndefined()
    expect((await usersScreen(admin)).invitations).toEqual([])

    expect(await openInvitation(token)).toEqual({ email: null })
    expect(await accept(token, 'another-password')).toMatchObject({ status: 404, body: { ok: false, error: INVITATION_MESSAGES.invalidLink } })
    const signIn = await auth.api.signInEmail({ body: { email, password: 'new-password' }, asResponse: true })
    expect(signIn.status).toBe(200)
  })

  test('an address that already has an account is refused, and nothing is stored or sent', async () => {
    const admin = await createSignedInUser('admin')
    const { answer, links } = await invite(admin, { email: admin.email, role: 'editor' })
    expect(answer).toMatchObject({ status: 409, body: { ok: false, error: USER_MESSAGES.emailTaken } })
    expect(links).toEqual([])
    expect(await invitationRow(admin.email)).toBeUndefined()
  })

  test('inviting again, or Resend, mails a new link and the earlier one stops working; the role can change', async () => {
    const admin = await createSignedInUser('admin')
    const email = newEmail('again')
    const first = await invite(admin, { email, role: 'user' })
    const second = await invite(admin, { email, role: 'admin' })
    expect(second.answer.body).toEqual({ ok: true, message: INVITATION_MESSAGES.resent })
    expect(await db.selectFrom('staff_invitations').select('role').where('email', '=', email).execute()).toEqual([{ role: 'admin' }])
    expect(await openInvitation(tokenOf(first.links[0]!.url))).toEqual({ email: null })
    expect(await accept(tokenOf(first.links[0]!.url), 'new-password')).toMatchObject({ status: 404 })

    const row = await invitationRow(email)
    const resent = await mailedLinks(() => postUsersForm(admin, { intent: 'resend-invitation', id: row!.id }))
    expect((resent.result as Answer).body).toEqual({ ok: true, message: INVITATION_MESSAGES.resent })
    expect(await openInvitation(tokenOf(second.links[0]!.url))).toEqual({ email: null })
    // Only one link is ever live: the verification rows of the earlier ones are gone.
    expect(await db.selectFrom('verification').select('id').where('value', '=', row!.id).execute()).toHaveLength(1)

    const accepted = await accept(tokenOf(resent.links[0]!.url), 'new-password')
    expect(accepted.status).toBe(302)
    const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    expect(await getUserAccess(user.id)).toMatchObject({ role: 'admin', status: 'approved' })
  })

  test('Cancel withdraws the invitation and its link', async () => {
    const admin = await createSignedInUser('admin')
    const email = newEmail('cancelled')
    const { links } = await invite(admin, { email })
    const row = await invitationRow(email)
    expect(row?.role).toBe('editor')
    expect(await postUsersForm(admin, { intent: 'cancel-invitation', id: row!.id })).toEqual({ status: 200, body: { ok: true, message: INVITATION_MESSAGES.cancelled } })
    expect(await invitationRow(email)).toBeUndefined()
    expect(await accept(tokenOf(links[0]!.url), 'new-password')).toMatchObject({ status: 404, body: { error: INVITATION_MESSAGES.invalidLink } })
    expect(await postUsersForm(admin, { intent: 'resend-invitation', id: row!.id })).toMatchObject({ status: 404, body: { error: INVITATION_MESSAGES.notFound } })
  })

  test('a link older than seven days no longer works; Resend makes a working one', async () => {
    const admin = await createSignedInUser('admin')
    const email = newEmail('late')
    const { links } = await invite(admin, { email })
    const row = await invitationRow(email)
    await db.updateTable('verification').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('id', '=', row!.verification_id!).execute()
    await db.updateTable('staff_invitations').set({ sent_at: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString() }).where('id', '=', row!.id).execute()
    expect((await usersScreen(admin)).invitations.find((invitation) => invitation.email === email)?.expired).toBe(true)
    expect(await openInvitation(tokenOf(links[0]!.url))).toEqual({ email: null })
    expect(await accept(tokenOf(links[0]!.url), 'new-password')).toMatchObject({ status: 404, body: { error: INVITATION_MESSAGES.invalidLink } })
    const resent = await mailedLinks(() => postUsersForm(admin, { intent: 'resend-invitation', id: row!.id }))
    expect(await openInvitation(tokenOf(resent.links[0]!.url))).toEqual({ email })
  })

  test('an unconfirmed sign-up for the invited address gives way to the invitation', async () => {
    const admin = await createSignedInUser('admin')
    const email = newEmail('squatted')
    const { links } = await invite(admin, { email, role: 'editor' })
    expect((await new AuthBrowser().post('/sign-up/email', { email, password: 'someone-else', name: '' })).status).toBe(200)
    expect((await accept(tokenOf(links[0]!.url), 'owner-password')).status).toBe(302)
    expect((await auth.api.signInEmail({ body: { email, password: 'owner-password' }, asResponse: true })).status).toBe(200)
    expect((await auth.api.signInEmail({ body: { email, password: 'someone-else' }, asResponse: true })).status).toBe(401)
  })

  test('a user (not an admin) gets no invitation answered: the route guards the role', async () => {
    const editor = await createSignedInUser('editor')
    const context = new RouterContextProvider()
    context.set(staffContext, { userId: editor.userId, email: editor.email, displayName: 'Editor', role: 'editor', twoFactorEnabled: false })
    const email = newEmail('by-editor')
    const request = new Request('http://localhost/admin/users', { method: 'POST', body: new URLSearchParams({ intent: 'invite', email }) })
    const answer = await answerOf(() => usersAction({ request, context, params: {} } as unknown as Parameters<typeof usersAction>[0]))
    expect(answer.status).toBe(302)
    expect(await invitationRow(email)).toBeUndefined()
  })
})

describe('closing public sign-up', () => {
  test('is an admin setting on the Users screen, open by default', async () => {
    const admin = await createSignedInUser('admin')
    expect(await isPublicSignUpOpen()).toBe(true)
    expect((await usersScreen(admin)).signUpOpen).toBe(true)
    expect(await postUsersForm(admin, { intent: 'public-sign-up', open: 'false' })).toEqual({ status: 200, body: { ok: true, message: SIGN_UP_SETTING_MESSAGES.closed } })
    expect((await usersScreen(admin)).signUpOpen).toBe(false)
    const page = (await signInLoader({ request: new Request('http://localhost/auth'), context: new RouterContextProvider(), params: {} } as unknown as Parameters<typeof signInLoader>[0])) as {
      signUpOpen: boolean
    }
    expect(page.signUpOpen).toBe(false)
    expect(await postUsersForm(admin, { intent: 'public-sign-up', open: 'true' })).toEqual({ status: 200, body: { ok: true, message: SIGN_UP_SETTING_MESSAGES.opened } })
  })

  test('while closed, POST /api/auth/sign-up/email answers 403 with the message and creates no row; sign-in goes on', async () => {
    const existing = await createSignedInUser('editor')
    await setPublicSignUpOpen(false)
    const email = newEmail('closed')
    const response = await new AuthBrowser().post('/sign-up/email', { email, password: 'parent-password', name: '' })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'SIGN_UP_CLOSED', message: AUTH_MESSAGES.signUpClosed })
    expect(await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
    expect(await db.selectFrom('profiles').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
    expect((await new AuthBrowser().post('/sign-in/email', { email: existing.email, password: TEST_PASSWORD })).status).toBe(200)
  })

  test("while closed, a provider's first sign-in makes no account, and /auth explains why", async () => {
    await setPublicSignUpOpen(false)
    const context = await auth.$context
    const email = newEmail('provider')
    // What Better Auth's OAuth callback does for an address it does not know, inside its endpoint.
    const created = runWithEndpointContext({ context: context as unknown as AuthEndpointContext['context'], path: '/callback/:id' }, () =>
      context.internalAdapter.createOAuthUser({ email, name: 'Provider User', emailVerified: true }, { providerId: 'oidc', accountId: email }),
    )
    await expect(created).rejects.toMatchObject({ body: { code: 'SIGN_UP_CLOSED', message: AUTH_MESSAGES.signUpClosed } })
    expect(await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
    // The callback's refusal comes back to /auth as ?error=SIGN_UP_CLOSED, which the page explains.
    const page = (await signInLoader({
      request: new Request('http://localhost/auth?error=SIGN_UP_CLOSED'),
      context: new RouterContextProvider(),
      params: {},
    } as unknown as Parameters<typeof signInLoader>[0])) as { returnedError?: string }
    expect(page.returnedError).toBe(AUTH_MESSAGES.signUpClosed)
  })

  test('while closed, invitations still make accounts', async () => {
    const admin = await createSignedInUser('admin')
    await setPublicSignUpOpen(false)
    const email = newEmail('invited-closed')
    const { links } = await invite(admin, { email, role: 'editor' })
    expect((await accept(tokenOf(links[0]!.url), 'new-password')).status).toBe(302)
    expect(await db.selectFrom('user').select('emailVerified').where('email', '=', email).executeTakeFirst()).toBeTruthy()
  })
})
