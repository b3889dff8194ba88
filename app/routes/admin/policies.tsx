import { AdminListPage } from '#app/components/admin/admin-list-page.tsx'
import { PolicyAdminCard } from '#app/components/admin/policy-admin-card.tsx'
import { PolicyCategoryFilter, PolicyCategoryManager } from '#app/components/admin/policy-categories.tsx'
import { PolicyDialog } from '#app/components/admin/policy-dialog.tsx'
import {
  createPolicy,
  createPolicyCategory,
  deletePolicy,
  deletePolicyCategory,
  deletePolicyVersion,
  movePolicyCategory,
  updatePolicy,
  updatePolicyCategory,
} from '#app/domain/policy/policy-admin.server.ts'
import { NO_CATEGORY, POLICY_CATEGORY_MESSAGES, POLICY_MESSAGES, policiesScreenActionSchema } from '#app/domain/policy/policy.schema.ts'
import { listPolicies, listPolicyCategories, listPolicyVersions } from '#app/domain/policy/policy.server.ts'
import { hasRole } from '#app/domain/user/access.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { config } from '#app/lib/env.server.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/policies.ts'

/** `?category={slug}` (or `none`) narrows the list; the review badges count from today in the school's time zone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, 'editor')
  const wanted = new URL(request.url).searchParams.get('category')
  const [all, categories] = await Promise.all([listPolicies(), listPolicyCategories()])
  const current = wanted === NO_CATEGORY ? NO_CATEGORY : (categories.find((category) => category.slug === wanted)?.slug ?? null)
  const policies = current === null ? all : all.filter((policy) => (current === NO_CATEGORY ? !policy.category : policy.category?.slug === current))
  const versions = await listPolicyVersions(policies)
  return {
    policies: policies.map((policy) => ({ ...policy, versions: versions.get(policy.id) ?? [] })),
    categories: categories.map((category) => ({ ...category, count: all.filter((policy) => policy.category?.id === category.id).length })),
    uncategorized: all.filter((policy) => !policy.category).length,
    total: all.length,
    current,
    today: utcToZonedTime(new Date().toISOString(), config.timeZone).slice(0, 10),
    isAdmin: hasRole(staff.role, 'admin'),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(policiesScreenActionSchema, request, Object.fromEntries)
    switch (submission.intent) {
      case 'create':
        await createPolicy(submission, staff)
        return POLICY_MESSAGES.created
      case 'update':
        await updatePolicy(submission.id, submission, staff)
        return POLICY_MESSAGES.updated
      case 'delete':
        await deletePolicy(submission.id)
        return POLICY_MESSAGES.deleted
      case 'delete-version':
        await deletePolicyVersion(submission.id, staff)
        return POLICY_MESSAGES.versionDeleted
      case 'create-category':
        await createPolicyCategory(submission, staff)
        return POLICY_CATEGORY_MESSAGES.created
      case 'update-category':
        await updatePolicyCategory(submission.id, submission, staff)
        return POLICY_CATEGORY_MESSAGES.updated
      case 'delete-category':
        await deletePolicyCategory(submission.id, staff)
        return POLICY_CATEGORY_MESSAGES.deleted
      case 'move-category':
        await movePolicyCategory(submission.id, submission.direction, staff)
        return POLICY_CATEGORY_MESSAGES.moved
    }
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Policies | Admin Panel' }]

export default function PoliciesAdmin({ loaderData }: Route.ComponentProps) {
  const { policies, categories, uncategorized, total, current, today, isAdmin } = loaderData
  return (
    <AdminListPage
      title="Policies"
      description="School policy documents, listed newest first on the public policies page."
      addLabel="Add Policy"
      emptyText="No policies yet."
      items={policies}
      renderItem={(policy, controls) => <PolicyAdminCard policy={policy} versions={policy.versions} today={today} isAdmin={isAdmin} controls={controls} />}
      renderDialog={(policy, close) => <PolicyDialog policy={policy} categories={categories} onClose={close} />}
    >
      {isAdmin ? <PolicyCategoryManager categories={categories} /> : null}
      <PolicyCategoryFilter categories={categories} uncategorized={uncategorized} total={total} current={current} />
    </AdminListPage>
  )
}
