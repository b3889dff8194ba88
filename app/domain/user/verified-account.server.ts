import { auth } from '#app/services/auth.server.ts'

/**
 * An e-mail-and-password account whose address counts as confirmed, for
 * accounts an administrator sets up (the first admin, users added on the
 * Users screen): nobody is asked to confirm, and no confirmation mail is sent.
 * The user-creation hooks still give it a profile and a role.
 */
export async function createVerifiedAccount({ email, password, name }: { email: string; password: string; name: string }) {
  const context = await auth.$context
  const hash = await context.password.hash(password)
  const user = await context.internalAdapter.createUser({ email: email.toLowerCase(), name, emailVerified: true }, { method: 'admin' })
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash })
  return user
}
