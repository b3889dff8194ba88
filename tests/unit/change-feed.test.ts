import { describe, expect, test } from 'vitest'
import { createLocalChangeFeed, type Change } from '#app/lib/change-feed.server.ts'

describe('in-process change feed', () => {
  test('delivers a change to subscribers of its table only, until they unsubscribe', async () => {
    const feed = createLocalChangeFeed()
    const themes: Change[] = []
    const blogs: Change[] = []
    const stopThemes = feed.subscribe(['themes'], (change) => themes.push(change))
    feed.subscribe(['blogs', 'events'], (change) => blogs.push(change))

    await feed.publish({ table: 'themes', type: 'update', id: 't1' })
    await feed.publish({ table: 'events', type: 'insert', id: 'e1' })
    stopThemes()
    await feed.publish({ table: 'themes', type: 'delete', id: 't2' })

    expect(themes).toEqual([{ table: 'themes', type: 'update', id: 't1' }])
    expect(blogs).toEqual([{ table: 'events', type: 'insert', id: 'e1' }])
  })
})
