import { afterAll, expect, test } from 'vitest'
import { createPostgresChangeFeed, type Change, type ChangeFeed } from '#app/lib/change-feed.server.ts'
import { connectDatabase } from '#db/connect.ts'

/** Two "instances": each has its own pool and LISTEN connection to the same database. */
const url = process.env.DATABASE_URL!
const instances = [connectDatabase({ engine: 'postgres', url }), connectDatabase({ engine: 'postgres', url })]
const feeds = instances.map((instance) => createPostgresChangeFeed(instance.pool!, url))
afterAll(async () => {
  await Promise.all(feeds.map((feed) => feed.close()))
  await Promise.all(instances.map((instance) => instance.destroy()))
})

function nextChange(feed: ChangeFeed, table: Change['table']) {
  return new Promise<Change>((resolve) => {
    const stop = feed.subscribe([table], (change) => {
      stop()
      resolve(change)
    })
  })
}

test('a change published on one instance reaches subscribers on the other, once', async () => {
  await Promise.all(feeds.map((feed) => feed.ready))
  const [a, b] = feeds as [typeof feeds[0], typeof feeds[0]]
  const seenOnA: Change[] = []
  a.subscribe(['themes'], (change) => seenOnA.push(change))

  const arrivingOnB = nextChange(b, 'themes')
  await a.publish({ table: 'themes', type: 'update', id: 'theme-1' })
  expect(await arrivingOnB).toEqual({ table: 'themes', type: 'update', id: 'theme-1' })

  const arrivingOnA = nextChange(a, 'blogs')
  await b.publish({ table: 'blogs', type: 'insert', id: 'blog-1' })
  expect(await arrivingOnA).toEqual({ table: 'blogs', type: 'insert', id: 'blog-1' })

  // A's own change was delivered locally and not a second time through NOTIFY.
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(seenOnA).toEqual([{ table: 'themes', type: 'update', id: 'theme-1' }])
})
