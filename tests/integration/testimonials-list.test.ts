import { describe, expect, test } from 'vitest'
import { action, loader } from '#app/routes/admin/testimonials.tsx'
import { db } from '#app/lib/db.server.ts'
import { BULK_MESSAGES, LIST_PAGE_SIZE } from '#app/lib/list-params.ts'
import { newId } from '#db/portable.ts'
import { adminScreen, bulkForm, type Refused } from '#tests/setup/admin-screen.ts'
import { changesDuring } from '#tests/setup/changes.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

type List = Awaited<ReturnType<typeof loader>>

describe(`the testimonials list on ${database.engine}`, () => {
  test('newest first, 25 a page, searched by name or message; bulk Delete of the selected only, refused whole for a stale id, none or too many', async () => {
    const { cookie } = await createSignedInUser('editor')
    const now = Date.now()
    const rows = Array.from({ length: 40 }, (_, n) => ({
      id: newId(),
      parent_name: `Parent ${String(n + 1).padStart(2, '0')}`,
      message: n % 10 === 4 ? 'We love the new garden.' : `Kind words number ${n + 1}.`,
      rating: 5,
      created_at: new Date(now - (n + 1) * 60_000).toISOString(),
    }))
    await db.insertInto('testimonials').values(rows).execute()
    const list = async (query = '') => (await adminScreen(loader, cookie, `/admin/testimonials${query}`)) as List
    const names = (loaded: List) => loaded.testimonials.map((testimonial) => testimonial.parentName)

    const first = await list()
    expect(first.pages).toEqual({ page: 1, pageCount: 2, total: 40, pageSize: LIST_PAGE_SIZE })
    expect(names(first)).toHaveLength(25)
    expect(names(first).slice(0, 2)).toEqual(['Parent 01', 'Parent 02'])
    expect(names(await list('?page=2'))).toEqual(rows.slice(25).map((row) => row.parent_name))
    expect((await list('?page=9')).pages.page).toBe(2)
    expect(names(await list('?q=GARDEN'))).toEqual(['Parent 05', 'Parent 15', 'Parent 25', 'Parent 35'])
    expect(await list('?q=parent%203')).toMatchObject({ search: 'parent 3', pages: { total: 10 } })
    expect(names(await list('?q=nobody'))).toEqual([])

    const post = (form: Array<[string, string]>) => adminScreen(action, cookie, '/admin/testimonials', form)
    const chosen = [rows[0]!.id, rows[39]!.id]
    const changes = await changesDuring(['testimonials'], async () => {
      expect(await post(bulkForm('delete-selected', chosen))).toEqual({ ok: true, message: '2 testimonials deleted' })
    })
    expect(changes).toEqual(chosen.map((id) => ({ table: 'testimonials', type: 'delete', id })))
    expect(await db.selectFrom('testimonials').select('id').where('id', 'in', chosen).execute()).toEqual([])
    expect((await list()).pages.total).toBe(38)

    const stored = async () => (await db.selectFrom('testimonials').select('id').execute()).length
    for (const [form, error, status] of [
      [bulkForm('delete-selected', [rows[1]!.id, chosen[0]!]), BULK_MESSAGES.gone, 404],
      [bulkForm('delete-selected', rows.slice(1, 27).map((row) => row.id)), BULK_MESSAGES.tooMany, 400],
      [bulkForm('delete-selected', []), BULK_MESSAGES.noneSelected, 400],
    ] as const) {
      const refused = (await post(form)) as Refused
      expect(refused.data.error).toBe(error)
      expect(refused.init?.status).toBe(status)
      expect(await stored()).toBe(38)
    }
    // The single delete still answers as before.
    expect(await post([['intent', 'delete'], ['id', rows[1]!.id]])).toEqual({ ok: true, message: 'Testimonial deleted successfully' })
    expect(await adminScreen(action, '', '/admin/testimonials', bulkForm('delete-selected', [rows[2]!.id]))).toMatch(/^redirect /)
    expect(await stored()).toBe(37)
  })
})
