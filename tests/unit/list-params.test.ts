import { describe, expect, test } from 'vitest'
import { bulkIds, BULK_MESSAGES, countOf, LIST_PAGE_SIZE, readListParams, readPageParam } from '#app/lib/list-params.ts'

const SHOW = { values: ['all', 'unread', 'read'], fallback: 'all' } as const
const read = (query: string) => readListParams(`http://localhost/admin/contact${query}`, SHOW)

describe('a list address', () => {
  test('page, search and filter as given', () => {
    expect(read('?page=3&q=%20trip%20&show=unread')).toEqual({ page: 3, search: 'trip', filter: 'unread' })
    expect(read('')).toEqual({ page: 1, search: '', filter: 'all' })
  })

  test('unreadable values fall back to page 1 and the default filter, never an error', () => {
    for (const page of ['0', '-2', 'two', '1.5', '1e99', '', '%00']) expect(read(`?page=${page}`).page).toBe(1)
    expect(read('?show=deleted').filter).toBe('all')
    expect(read('?show=').filter).toBe('all')
    expect(read(`?q=${'x'.repeat(500)}`).search).toHaveLength(100)
  })

  test('a list without filters reads page and search', () => {
    expect(readListParams('http://localhost/admin/users?page=2&q=ann')).toMatchObject({ page: 2, search: 'ann' })
  })

  test('a second page number: absent is undefined, unreadable is page 1', () => {
    const folders = (query: string) => readPageParam(`http://localhost/admin/gallery${query}`, 'folders')
    expect(folders('?folders=3&page=2')).toBe(3)
    expect(folders('?page=2')).toBeUndefined()
    for (const page of ['0', 'two', '']) expect(folders(`?folders=${page}`)).toBe(1)
  })
})

describe('the ids of a bulk action', () => {
  test('one to a page of ids, each once', () => {
    expect(bulkIds.parse(['a', 'b', 'a'])).toEqual(['a', 'b'])
    expect(bulkIds.safeParse([]).error?.issues[0]?.message).toBe(BULK_MESSAGES.noneSelected)
    expect(bulkIds.safeParse(Array.from({ length: LIST_PAGE_SIZE + 1 }, (_, index) => `id${index}`)).error?.issues[0]?.message).toBe(BULK_MESSAGES.tooMany)
    expect(bulkIds.safeParse(['']).success).toBe(false)
  })

  test('counts read as words', () => {
    expect(countOf(1, 'message')).toBe('1 message')
    expect(countOf(1500, 'message')).toBe('1,500 messages')
    expect(countOf(2, 'delivery', 'deliveries')).toBe('2 deliveries')
  })
})
