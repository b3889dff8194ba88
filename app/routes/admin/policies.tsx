import { ExternalLink } from 'lucide-react'
import { AdminListPage, ItemActions, type ItemControls } from '#app/components/admin/admin-list-page.tsx'
import { PolicyDialog } from '#app/components/admin/policy-dialog.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { createPolicy, deletePolicy, updatePolicy } from '#app/domain/policy/policy-admin.server.ts'
import { POLICY_MESSAGES, policyActionSchema } from '#app/domain/policy/policy.schema.ts'
import { listPolicies, type Policy } from '#app/domain/policy/policy.server.ts'
import { parseForm, refused, succeeded } from '#app/lib/action.server.ts'
import { requireStaff } from '#app/lib/permissions.server.ts'
import { chosenFile } from '#app/lib/uploads/upload-rules.ts'
import { checkDocumentUpload } from '#app/lib/uploads/uploads.server.ts'
import type { Route } from './+types/policies.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  return { policies: await listPolicies() }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  const parsed = await parseForm(policyActionSchema, request, Object.fromEntries)
  if (!parsed.ok) return parsed.response
  const submission = parsed.data
  switch (submission.intent) {
    case 'create':
    case 'update': {
      const file = chosenFile(submission.file)
      const document = file ? await checkDocumentUpload(file) : null
      if (document && !document.ok) return refused(document.error, 400, { file: document.error })
      const input = { ...submission, document: document?.value ?? null }
      if (submission.intent === 'create') {
        await createPolicy(input)
        return succeeded(POLICY_MESSAGES.created)
      }
      if (!(await updatePolicy(submission.id, input))) return refused(POLICY_MESSAGES.notFound, 404)
      return succeeded(POLICY_MESSAGES.updated)
    }
    case 'delete':
      if (!(await deletePolicy(submission.id))) return refused(POLICY_MESSAGES.notFound, 404)
      return succeeded(POLICY_MESSAGES.deleted)
  }
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
