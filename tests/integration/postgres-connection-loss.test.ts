import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { connectDatabase } from '#db/connect.ts'
import { startTcpProxy } from '#tests/setup/tcp-proxy.ts'

const databaseUrl = process.env.DATABASE_URL

describe.runIf(process.env.TEST_ENGINE === 'postgres')('losing PostgreSQL while a connection is in use', () => {
  test('fails that work with the error and keeps the process running; the next query gets a new connection', async () => {
    const target = new URL(databaseUrl!)
    const proxy = await startTcpProxy(Number(target.port))
    target.port = String(proxy.port)
    const handle = connectDatabase({ engine: 'postgres', url: target.href })
    const uncaught: unknown[] = []
    const onUncaught = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', onUncaught)
    try {
      // A transaction holds its connection between statements: the server goes away in that gap.
      const work = handle.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx)
        await proxy.cut()
        await new Promise((resolve) => setTimeout(resolve, 200))
        await sql`select 1`.execute(trx)
      })
      await expect(work).rejects.toThrow()
      expect(uncaught).toEqual([])

      await proxy.mend()
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db)
      expect(rows).toEqual([{ one: 1 }])
    } finally {
      process.off('uncaughtException', onUncaught)
      await handle.destroy().catch(() => {})
      await proxy.close()
    }
  })
})
