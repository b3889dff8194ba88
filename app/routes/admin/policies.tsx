import { ExternalLink } from 'lucide-react'
import { AdminListPage, ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { PolicyDialog } from '#app/components/admin/policy-dialog.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { createPolicy, deletePolicy, updatePolicy } from '#app/domain/policy/policy-admin.server.ts'
import { POLICY_MESSAGES, policyActionSchema } from '#app/domain/policy/policy.schema.ts'
import { listPolicies, type Policy } from '#app/domain/policy/policy.server.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/policies.ts'
import { PublicationBadge } from '#app/components/admin/publication-badge.tsx'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  return { policies: await listPolicies() }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(policyActionSchema, request, Object.fromEntries)
    switch (submission.intent) {
      case 'create':
        await createPolicy(submission)
        return POLICY_MESSAGES.created
      case 'update':
        await updatePolicy(submission.id, submission)
        return POLICY_MESSAGES.updated
      case 'delete':
        await deletePolicy(submission.id)
        return POLICY_MESSAGES.deleted
    }
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Policies | Admin Panel' }]

export default function PoliciesAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Policies"
      description="School policy documents, listed newest first on the public policies page."
      addLabel="Add Policy"
      emptyText="No policies yet."
      items={loaderData.policies}
      renderItem={(policy, controls) => <PolicyAdminCard policy={policy} controls={controls} />}
      renderDialog={(policy, close) => <PolicyDialog policy={policy} onClose={close} />}
    />
  )
}

function PolicyAdminCard({ policy, controls }: { policy: Policy; controls: ItemControls }) {
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-3">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0 space-y-1">
            <h2 className="font-semibold break-words">{policy.title}</h2>
            <PublicationBadge item={policy} />
            {policy.fileUrl ? (
              <a
                href={policy.fileUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                <ExternalLink aria-hidden className="size-4" />
                View Document<span className="sr-only"> of {policy.title} (opens in a new tab)</span>
              </a>
            ) : (
              <p className="text-sm text-muted-foreground">No document</p>
            )}
          </div>
          <ItemActions name={policy.title} confirmQuestion={POLICY_MESSAGES.confirmDelete} controls={controls} />
        </div>
        {policy.description ? <p className="text-sm text-muted-foreground">{policy.description}</p> : null}
      </CardContent>
    </Card>
  )
}
