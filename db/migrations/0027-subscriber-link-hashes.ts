import { createHash } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'

/**
 * A subscriber's link secret was stored as it was mailed, so a copy of the
 * database could confirm, change or cancel anyone's subscription. Each is
 * replaced by its SHA-256 (base64url, as the app hashes link secrets), so the
 * links already mailed keep working and the database opens none of them.
 */
export function subscriberLinkHashes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table subscribers rename column token to token_hash`.execute(db)
      const { rows } = await sql<{ id: string; token_hash: string }>`select id, token_hash from subscribers`.execute(db)
      for (const row of rows) {
        const hash = createHash('sha256').update(row.token_hash, 'utf8').digest('base64url')
        await sql`update subscribers set token_hash = ${hash} where id = ${row.id}`.execute(db)
      }
    },
  }
}
