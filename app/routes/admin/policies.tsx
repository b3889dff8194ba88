import { Trash2 } from 'lucide-react'
import { z } from 'zod'
import { AdminListPage } from '#app/components/admin/admin-list-page.tsx'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { BulkToolbar, SelectRow, useBulkSelection } from '#app/components/admin/bulk-selection.tsx'
import { ListPager } from '#app/components/admin/list-pager.tsx'
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
import { deletePolicies, listPoliciesForAdmin } from '#app/domain/policy/policy-admin-list.server.ts'
import { POLICY_LIST_MESSAGES, readPolicyCategory } from '#app/domain/policy/policy-admin-list.ts'
import { POLICY_CATEGORY_MESSAGES, POLICY_MESSAGES, policiesScreenActionSchema } from '#app/domain/policy/policy.schema.ts'
import { hasRole } from '#app/domain/user/access.ts'
import { answerAction, postedForm, validated } from '#app/lib/action.server.ts'
import { bulkFormFields } from '#app/lib/list-page.server.ts'
import { bulkIds, readListParams } from '#app/lib/list-params.ts'
import { listNoMatchText } from '#app/lib/list-search.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/policies.ts'

/** `?q=`, `?category={slug}` (or `none`) and `?page=` choose the page shown; the review badges count from today in the school's time zone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context, 'editor')
  const { search, page } = readListParams(request.url)
  const [list, timeZone] = await Promise.all([listPoliciesForAdmin({ search, page, category: readPolicyCategory(request.url) }), siteTimeZone()])
  return {
    ...list,
    search,
    today: utcToZonedTime(new Date().toISOString(), timeZone).slice(0, 10),
    isAdmin: hasRole(staff.role, 'admin'),
  }
}

const bulkPolicySchema = z.object({ intent: z.literal('delete-selected'), ids: bulkIds })

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'editor')
  return answerAction(async () => {
    const form = await postedForm(request)
    if (form.get('intent') === 'delete-selected') return POLICY_LIST_MESSAGES.deletedMany(await deletePolicies(validated(bulkPolicySchema, bulkFormFields(form)).ids))
    const submission = validated(policiesScreenActionSchema, Object.fromEntries(form))
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
  const { policies, pages, categories, category, uncategorized, matching, search, today, isAdmin } = loaderData
  const selection = useBulkSelection(policies.map((policy) => policy.id))
  return (
    <AdminListPage
      title="Policies"
      description="School policy documents, listed newest first on the public policies page."
      addLabel="Add Policy"
      emptyText={search ? listNoMatchText('policies', search) : category ? 'No policies in this category.' : 'No policies yet.'}
      items={policies}
      renderItem={(policy, controls) => (
        <PolicyAdminCard
          policy={policy}
          versions={policy.versions}
          today={today}
          isAdmin={isAdmin}
          controls={controls}
          select={<SelectRow selection={selection} id={policy.id} label={`Select "${policy.title}"`} />}
        />
      )}
      renderDialog={(policy, close) => <PolicyDialog policy={policy} categories={categories} onClose={close} />}
      aboveItems={<BulkToolbar selection={selection} thing="policy" things="policies" actions={[{ intent: 'delete-selected', label: 'Delete', icon: <Trash2 aria-hidden />, destructive: true }]} />}
      belowItems={<ListPager pages={pages} thing="policy" things="policies" />}
    >
      {isAdmin ? <PolicyCategoryManager categories={categories} /> : null}
      <PolicyCategoryFilter categories={categories} uncategorized={uncategorized} matching={matching} current={category} />
      <AdminListSearch label="Search policies by title or description" query={search} />
    </AdminListPage>
  )
}
