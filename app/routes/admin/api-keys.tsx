import { BookOpen, Copy, KeyRound } from 'lucide-react'
import { Link, useFetcher } from 'react-router'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { SelectField } from '#app/components/forms/choice-fields.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { toastRefusal } from '#app/components/forms/toast-refusal.ts'
import { useFormValidation } from '#app/components/forms/use-form-validation.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import { API_KEY_MESSAGES, API_KEY_NAME_MAX, API_KEY_ROLES, apiKeyActionSchema, apiKeySchema } from '#app/services/api/api-key.schema.ts'
import { createApiKey, listApiKeys, revokeApiKey } from '#app/services/api/api-keys.server.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { refusedFieldErrors, type ActionResult } from '#app/lib/action-result.ts'
import { formatDate } from '#app/lib/format.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import type { Route } from './+types/api-keys.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'admin')
  return { keys: await listApiKeys() }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'admin')
  return answerAction(async () => {
    const submission = await validatedForm(apiKeyActionSchema, request)
    if (submission.intent === 'revoke') {
      await revokeApiKey(submission.id)
      return API_KEY_MESSAGES.revoked
    }
    const created = await createApiKey(submission, staff.userId)
    return { ok: true as const, message: API_KEY_MESSAGES.created, key: created.key }
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'API Keys | Admin Panel' }]

type CreateResult = ActionResult & { key?: string }

export default function ApiKeysAdmin({ loaderData }: Route.ComponentProps) {
  const { timeZone } = useSite()
  const revoker = useFetcher<ActionResult>()
  useActionToast(revoker)
  const revokingId = revoker.state === 'idle' ? null : revoker.formData?.get('id')

  return (
    <>
      <AdminPageHeader
        title="API Keys"
        description="Keys let scripts change the site's content through the content API. Each acts with a role and can be revoked at any time."
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/api-keys/reference">
              <BookOpen aria-hidden />
              API reference
            </Link>
          </Button>
        }
      />
      <div className="space-y-6">
        <NewKeyCard />
        {loaderData.keys.length === 0 ? (
          <p className="py-12 text-center text-muted-foreground">No API keys yet.</p>
        ) : (
          <div className="rounded-lg border bg-card">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Key</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead>Owner</TableHead>
                  <TableHead>Created</TableHead>
                  <TableHead>Last used</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {loaderData.keys.map((key) => (
                  <TableRow key={key.id}>
                    <TableCell className="font-medium">{key.name}</TableCell>
                    <TableCell className="font-mono text-xs">{key.start}…</TableCell>
                    <TableCell className="capitalize">{key.role}</TableCell>
                    <TableCell>{key.ownerEmail}</TableCell>
                    <TableCell>
                      <time dateTime={key.createdAt}>{formatDate(key.createdAt, timeZone)}</time>
                    </TableCell>
                    <TableCell>{key.lastUsedAt ? <time dateTime={key.lastUsedAt}>{formatDate(key.lastUsedAt, timeZone)}</time> : 'Never'}</TableCell>
                    <TableCell className="text-right">
                      <ConfirmDelete
                        label={`Revoke API key ${key.name}`}
                        question={API_KEY_MESSAGES.confirmRevoke}
                        pending={revokingId === key.id}
                        onConfirm={() => void revoker.submit({ intent: 'revoke', id: key.id }, { method: 'post' })}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </div>
    </>
  )
}

/** The form for a new key; after a success, the key itself, shown this once, with a copy button. */
function NewKeyCard() {
  const creator = useFetcher<CreateResult>()
  useActionToast(creator)
  const validation = useFormValidation({ schema: apiKeySchema, serverErrors: refusedFieldErrors(creator.data), onInvalid: toastRefusal })
  const { errors } = validation
  const result = creator.state === 'idle' ? creator.data : undefined
  const newKey = result?.ok ? result.key : undefined

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden className="size-5" />
          New API key
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <creator.Form method="post" {...validation.form} className="grid gap-4 md:grid-cols-[1fr_12rem_auto] md:items-end">
          <input type="hidden" name="intent" value="create" />
          <Field id="api-key-name" name="name" label="Name" maxLength={API_KEY_NAME_MAX} placeholder="e.g. newsletter import" error={errors.name} />
          <SelectField id="api-key-role" name="role" label="Role" options={API_KEY_ROLES} defaultValue="editor" optionClassName="capitalize" error={errors.role} />
          <Button type="submit" disabled={creator.state !== 'idle'}>
            {creator.state === 'idle' ? 'Create key' : 'Creating...'}
          </Button>
        </creator.Form>
        {newKey ? <ShownOnce value={newKey} /> : null}
      </CardContent>
    </Card>
  )
}

function ShownOnce({ value }: { value: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      toast.success('Copied')
    } catch {
      toast.error('Could not copy: select the key and copy it by hand.')
    }
  }
  return (
    <div role="status" className="space-y-2 rounded-md border border-primary/40 bg-primary/5 p-4">
      <p className="text-sm font-medium">{API_KEY_MESSAGES.shownOnce}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-background px-2 py-1 font-mono text-sm" data-testid="new-api-key">
          {value}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy
        </Button>
      </div>
    </div>
  )
}
