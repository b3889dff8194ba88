import { describe, expect, test } from 'vitest'
import { createPolicy, createPolicyCategory } from '#app/domain/policy/policy-admin.server.ts'
import { action, loader } from '#app/routes/admin/policies.tsx'
import { db } from '#app/lib/db.server.ts'
import { BULK_MESSAGES, LIST_PAGE_SIZE } from '#app/lib/list-params.ts'
import { simplePdf } from '#app/services/seed/simple-pdf.ts'
import { newId } from '#db/portable.ts'
import { adminScreen, bulkForm, type Refused } from '#tests/setup/admin-screen.ts'
import { changesDuring } from '#tests/setup/changes.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'
import { isStored } from '#tests/setup/stored-files.ts'

const database = prepareTestDatabase()

type List = Awaited<ReturnType<typeof loader>>

const admin = { role: 'admin' as const }

describe(`the admin policy list on ${database.engine}`, () => {
  test('newest first, 25 a page, searched by title or description, filtered by category on the server with counts of the matching policies', async () => {
    const { cookie } = await createSignedInUser('editor')
    const safeguarding = await createPolicyCategory({ name: 'Safeguarding' }, admin)
    const admissions = await createPolicyCategory({ name: 'Admissions' }, admin)
    await createPolicyCategory({ name: 'Empty' }, admin)
    const now = Date.now()
    // 60 policies: every third in Safeguarding, every third in Admissions, the rest without a category; every tenth mentions 'uniform'.
    const rows = Array.from({ length: 60 }, (_, n) => ({
      id: newId(),
      title: `Policy ${String(n + 1).padStart(2, '0')}`,
      slug: `policy-${n + 1}`,
      description: n % 10 === 3 ? 'What pupils wear: the UNIFORM rules.' : `Rules number ${n + 1}.`,
      file_url: null,
      category_id: [safeguarding.id, admissions.id, null][n % 3]!,
      status: n % 2 ? ('draft' as const) : ('published' as const),
      review_date: null,
      created_at: new Date(now - (n + 1) * 60_000).toISOString(),
    }))
    await db.insertInto('policies').values(rows).execute()
    const withFile = rows[0]!
    await db.insertInto('policy_versions').values({ id: newId(), policy_id: withFile.id, file_url: 'https://example.org/uniform.pdf', file_name: null, size: null, content_type: null, created_at: new Date(now).toISOString(), created_by: null }).execute()
    await db.updateTable('policies').set({ file_url: 'https://example.org/uniform.pdf' }).where('id', '=', withFile.id).execute()

    const list = async (query = '') => (await adminScreen(loader, cookie, `/admin/policies${query}`)) as List
    const titles = (loaded: List) => loaded.policies.map((policy) => policy.title)

    const first = await list()
    expect(first.pages).toEqual({ page: 1, pageCount: 3, total: 60, pageSize: LIST_PAGE_SIZE })
    expect(titles(first)).toEqual(rows.slice(0, 25).map((row) => row.title))
    expect(first.policies[0]!.versions.map((version) => [version.fileUrl, version.current])).toEqual([['https://example.org/uniform.pdf', true]])
    expect(first.policies[1]!.versions).toEqual([])
    expect(titles(await list('?page=3'))).toEqual(rows.slice(50).map((row) => row.title))
    expect((await list('?page=9')).pages).toMatchObject({ page: 3, pageCount: 3 })
    expect((await list('?page=two')).pages.page).toBe(1)
    expect(first.categories.map((each) => [each.name, each.count, each.matching])).toEqual([
      ['Safeguarding', 20, 20],
      ['Admissions', 20, 20],
      ['Empty', 0, 0],
    ])
    expect(first).toMatchObject({ category: '', matching: 60, uncategorized: 20 })

    // Search: title or description, any case; the counts are of the matching policies, the manager's of all.
    const searched = await list('?q=uniform')
    expect(titles(searched)).toEqual(['Policy 04', 'Policy 14', 'Policy 24', 'Policy 34', 'Policy 44', 'Policy 54'])
    expect(searched.categories.map((each) => [each.name, each.count, each.matching])).toEqual([
      ['Safeguarding', 20, 2],
      ['Admissions', 20, 2],
      ['Empty', 0, 0],
    ])
    expect(searched).toMatchObject({ search: 'uniform', matching: 6, uncategorized: 2 })
    expect(titles(await list('?q=POLICY%2005'))).toEqual(['Policy 05'])
    expect(titles(await list('?q=nobody'))).toEqual([])

    // Category: by slug, 'none' for policies without one; with the search and paging; an unknown slug shows all.
    const inSafeguarding = await list('?category=safeguarding')
    expect(inSafeguarding).toMatchObject({ category: 'safeguarding', pages: { total: 20, pageCount: 1 } })
    expect(inSafeguarding.policies.every((policy) => policy.category?.id === safeguarding.id)).toBe(true)
    expect(titles(await list('?category=admissions&q=uniform'))).toEqual(['Policy 14', 'Policy 44'])
    const none = await list('?category=none&page=2')
    expect(none).toMatchObject({ category: 'none', pages: { page: 1, total: 20 } })
    expect(none.policies.every((policy) => policy.category === null)).toBe(true)
    expect(await list('?category=empty')).toMatchObject({ category: 'empty', policies: [], pages: { total: 0, pageCount: 1 } })
    expect(await list('?category=no-such-thing')).toMatchObject({ category: '', pages: { total: 60 } })
  })

  test('bulk Delete removes the selected policies, their versions and own files after the commit, in one write; refused whole for a stale id, none or too many', async () => {
    const { cookie } = await createSignedInUser('editor')
    const pdf = (title: string) => new File([new Uint8Array(simplePdf(title, ['A line of policy.']))], `${title}.pdf`, { type: 'application/pdf' })
    const chosen = [await createPolicy({ title: 'Old Uniform', description: null, fileUrl: null, file: pdf('Old Uniform') }), await createPolicy({ title: 'Old Trips', description: null, fileUrl: null, file: pdf('Old Trips') })]
    const kept = await createPolicy({ title: 'Kept', description: null, fileUrl: null, file: pdf('Kept') })
    const post = (form: Array<[string, string]>) => adminScreen(action, cookie, '/admin/policies', form)
    const ids = chosen.map((policy) => policy.id)

    const stored = async () => (await db.selectFrom('policies').select('id').execute()).length
    const before = await stored()
    for (const [form, error, status] of [
      [bulkForm('delete-selected', [ids[0]!, 'no-such-policy']), BULK_MESSAGES.gone, 404],
      [bulkForm('delete-selected', Array.from({ length: LIST_PAGE_SIZE + 1 }, () => newId())), BULK_MESSAGES.tooMany, 400],
      [bulkForm('delete-selected', []), BULK_MESSAGES.noneSelected, 400],
    ] as const) {
      const refused = (await post(form)) as Refused
      expect(refused.data.error).toBe(error)
      expect(refused.init?.status).toBe(status)
      expect(await stored()).toBe(before)
    }
    expect(await isStored(chosen[0]!.fileUrl)).toBe(true)

    const versionIds = (await db.selectFrom('policy_versions').select('id').where('policy_id', 'in', ids).execute()).map((row) => row.id)
    expect(versionIds).toHaveLength(2)
    const changes = await changesDuring(['policies', 'policy_versions'], async () => {
      expect(await post(bulkForm('delete-selected', ids))).toEqual({ ok: true, message: '2 policies deleted' })
    })
    expect(changes).toEqual(
      expect.arrayContaining([...ids.map((id) => ({ table: 'policies', type: 'delete', id })), ...versionIds.map((id) => ({ table: 'policy_versions', type: 'delete', id }))]),
    )
    expect(changes).toHaveLength(4)
    expect(await db.selectFrom('policies').select('id').where('id', 'in', ids).execute()).toEqual([])
    expect(await db.selectFrom('policy_versions').select('id').where('policy_id', 'in', ids).execute()).toEqual([])
    for (const policy of chosen) expect(await isStored(policy.fileUrl)).toBe(false)
    expect(await isStored(kept.fileUrl)).toBe(true)
    expect(await stored()).toBe(before - 2)

    // The single delete answers as before; without a session nothing changes.
    expect(await adminScreen(action, '', '/admin/policies', bulkForm('delete-selected', [kept.id]))).toMatch(/^redirect /)
    expect(await post([['intent', 'delete'], ['id', kept.id]])).toEqual({ ok: true, message: 'Policy deleted successfully' })
  })
})
