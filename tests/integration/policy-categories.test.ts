import { describe, expect, test } from 'vitest'
import {
  createPolicy,
  createPolicyCategory,
  deletePolicyCategory,
  movePolicyCategory,
  updatePolicy,
  updatePolicyCategory,
  type PolicySubmission,
} from '#app/domain/policy/policy-admin.server.ts'
import { POLICY_CATEGORY_MESSAGES, POLICY_MESSAGES } from '#app/domain/policy/policy.schema.ts'
import { listPolicyCategories, type Policy } from '#app/domain/policy/policy.server.ts'
import { db } from '#app/lib/db.server.ts'
import { loader } from '#app/routes/site/policies.tsx'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()
const admin = { role: 'admin' as const }

function submission(overrides: Partial<PolicySubmission> = {}): PolicySubmission {
  return { title: 'A policy', description: null, fileUrl: null, file: null, ...overrides }
}

type LoaderArgs = Parameters<typeof loader>[0]
type PageData = { policies: Policy[]; filters: { slug: string; name: string; count: number }[]; total: number; current: string | null }
async function policiesPage(query = ''): Promise<PageData & { status: number }> {
  const answer: unknown = await loader({ request: new Request(`http://localhost/policies${query}`), params: {} } as unknown as LoaderArgs)
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) return { status: (answer.init as ResponseInit | null)?.status ?? 200, ...(answer.data as PageData) }
  return { status: 200, ...(answer as PageData) }
}

describe(`policy categories on ${database.engine}`, () => {
  test('admins add, rename, order and delete categories; names are unique in any case; editors may not', async () => {
    await expect(createPolicyCategory({ name: 'Safeguarding' }, { role: 'editor' })).rejects.toMatchObject({ code: 'forbidden', message: POLICY_CATEGORY_MESSAGES.adminsOnly })
    const safeguarding = await createPolicyCategory({ name: 'Safeguarding' }, admin)
    const send = await createPolicyCategory({ name: 'SEND' }, admin)
    const admissions = await createPolicyCategory({ name: 'Admissions' }, admin)
    expect((await listPolicyCategories()).map((category) => [category.name, category.slug])).toEqual([
      ['Safeguarding', 'safeguarding'],
      ['SEND', 'send'],
      ['Admissions', 'admissions'],
    ])
    await expect(createPolicyCategory({ name: 'send' }, admin)).rejects.toMatchObject({ code: 'conflict', fields: { name: POLICY_CATEGORY_MESSAGES.nameTaken } })

    await movePolicyCategory(admissions.id, 'up', admin)
    await movePolicyCategory(safeguarding.id, 'up', admin)
    expect((await listPolicyCategories()).map((category) => category.name)).toEqual(['Safeguarding', 'Admissions', 'SEND'])

    await updatePolicyCategory(send.id, { name: 'Special Needs' }, admin)
    expect((await listPolicyCategories()).find((category) => category.id === send.id)).toMatchObject({ name: 'Special Needs', slug: 'special-needs' })

    const policy = await createPolicy(submission({ title: 'SEND Report', categoryId: send.id }))
    expect(policy.category).toMatchObject({ id: send.id, name: 'Special Needs' })
    await expect(updatePolicy(policy.id, submission({ title: 'SEND Report', categoryId: 'no-such-category' }))).rejects.toMatchObject({ fields: { categoryId: POLICY_MESSAGES.unknownCategory } })
    await deletePolicyCategory(send.id, admin)
    expect(await db.selectFrom('policies').select('category_id').where('id', '=', policy.id).executeTakeFirst()).toEqual({ category_id: null })
    await expect(deletePolicyCategory(send.id, admin)).rejects.toMatchObject({ code: 'not_found' })
  })

  test('/policies filters by ?category= with counts of published policies; a card carries its category; an unknown category is 404', async () => {
    for (const category of await listPolicyCategories()) await deletePolicyCategory(category.id, admin)
    await db.deleteFrom('policies').execute()
    const safeguarding = await createPolicyCategory({ name: 'Safeguarding' }, admin)
    const admissions = await createPolicyCategory({ name: 'Admissions' }, admin)
    await createPolicyCategory({ name: 'Empty' }, admin)
    await createPolicy(submission({ title: 'Safeguarding Policy', categoryId: safeguarding.id }))
    await createPolicy(submission({ title: 'Online Safety', categoryId: safeguarding.id }))
    await createPolicy(submission({ title: 'Draft Safety', categoryId: safeguarding.id, publication: 'draft' }))
    await createPolicy(submission({ title: 'Admissions Policy', categoryId: admissions.id }))
    await createPolicy(submission({ title: 'Charging Policy' }))

    const all = await policiesPage()
    expect(all).toMatchObject({ status: 200, total: 4, current: null })
    expect(all.filters).toEqual([
      { slug: 'safeguarding', name: 'Safeguarding', count: 2 },
      { slug: 'admissions', name: 'Admissions', count: 1 },
    ])
    expect(all.policies.map((policy) => policy.title).sort()).toEqual(['Admissions Policy', 'Charging Policy', 'Online Safety', 'Safeguarding Policy'])

    const filtered = await policiesPage('?category=safeguarding')
    expect(filtered).toMatchObject({ status: 200, current: 'safeguarding' })
    expect(filtered.policies.map((policy) => [policy.title, policy.category?.name]).sort()).toEqual([
      ['Online Safety', 'Safeguarding'],
      ['Safeguarding Policy', 'Safeguarding'],
    ])
    expect(await policiesPage('?category=nothing-here')).toMatchObject({ status: 404, policies: [] })
  })
})
