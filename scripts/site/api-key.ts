// npm run api-key -- create --name NAME --role editor|admin [--owner EMAIL] | list | revoke ID
import { parseArgs } from 'node:util'
import { API_KEY_MESSAGES, apiKeySchema } from '#app/services/api/api-key.schema.ts'
import { createApiKey, listApiKeys, revokeApiKey } from '#app/services/api/api-keys.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { database, db } from '#app/lib/db.server.ts'
import { isDomainError } from '#app/lib/errors/domain-error.ts'
import { runTask, UsageError } from './open-site.ts'

const USAGE = `Usage:
  npm run api-key -- create --name NAME --role editor|admin [--owner EMAIL]
  npm run api-key -- list
  npm run api-key -- revoke ID`

/** The key's owner: the account given, or the site's first approved admin. */
async function ownerId(email: string | undefined): Promise<{ id: string; email: string }> {
  let query = db
    .selectFrom('profiles')
    .innerJoin('user_roles', 'user_roles.user_id', 'profiles.id')
    .select(['profiles.id', 'profiles.email'])
    .where('profiles.status', '=', 'approved')
  query = email ? query.where('profiles.email', '=', email.toLowerCase()) : query.where('user_roles.role', '=', 'admin')
  const owner = await query.orderBy('profiles.created_at').executeTakeFirst()
  if (!owner) throw new UsageError(email ? `No approved account has the e-mail address ${email}.` : 'The site has no approved admin yet: start it once first.')
  return owner
}

async function create(values: { name?: string; role?: string; owner?: string }) {
  const checked = apiKeySchema.safeParse({ name: values.name, role: values.role })
  if (!checked.success) throw new UsageError(`${checked.error.issues[0]?.message ?? 'Invalid input'}\n\n${USAGE}`)
  const owner = await ownerId(values.owner)
  const created = await createApiKey(checked.data, owner.id)
  return [`Created API key "${created.name}" (${created.role}, owned by ${owner.email}, id ${created.id}). ${API_KEY_MESSAGES.shownOnce}`, created.key].join('\n')
}

async function list() {
  const keys = await listApiKeys()
  if (!keys.length) return 'No API keys.'
  return keys.map((key) => [key.id, key.name, key.role, `${key.start ?? ''}…`, key.ownerEmail, `created ${key.createdAt}`, `last used ${key.lastUsedAt ?? 'never'}`].join('  ')).join('\n')
}

async function revoke(id: string | undefined) {
  if (!id) throw new UsageError(USAGE)
  await revokeApiKey(id)
  return `${API_KEY_MESSAGES.revoked}: ${id}`
}

await runTask(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { name: { type: 'string' }, role: { type: 'string' }, owner: { type: 'string' } },
  })
  const [command, argument] = positionals
  try {
    await database.migrate()
    if (command === 'create') return await create(values)
    if (command === 'list') return await list()
    if (command === 'revoke') return await revoke(argument)
    throw new UsageError(USAGE)
  } catch (error) {
    throw isDomainError(error) ? new UsageError(error.message) : error
  } finally {
    // On PostgreSQL the change feed holds a LISTEN connection of its own, which kept the process alive.
    await changeFeed.close()
    await database.destroy()
  }
})
