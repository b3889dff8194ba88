import { ArrowDown, ArrowUp, Plus } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { ItemActions } from '#app/components/admin/admin-list-page.tsx'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { MenuEntryDialog } from '#app/components/admin/menu-entry-dialog.tsx'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { MENU_TITLES, type AdminMenuEntry } from '#app/domain/menu/menu.ts'
import { MENU_CHILDREN_MAX, MENU_MESSAGES, MENU_TOP_LEVEL_MAX, menuActionSchema } from '#app/domain/menu/menu.schema.ts'
import { createMenuItem, deleteMenuItem, loadMenuEditor, moveMenuItem, updateMenuItem } from '#app/domain/menu/menu-admin.server.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { MenuName } from '#db/tables/navigation.ts'
import type { Route } from './+types/menus.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  return await loadMenuEditor()
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(menuActionSchema, request)
    switch (submission.intent) {
      case 'create':
        await createMenuItem(submission)
        return MENU_MESSAGES.created
      case 'update':
        await updateMenuItem(submission.id, submission)
        return MENU_MESSAGES.updated
      case 'delete':
        await deleteMenuItem(submission.id)
        return MENU_MESSAGES.deleted
      case 'move':
        await moveMenuItem(submission.id, submission.direction)
        return MENU_MESSAGES.moved
    }
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Menus | Admin Panel' }]

const MENU_DESCRIPTIONS: Record<MenuName, string> = {
  header: `The links at the top of every page. Up to ${MENU_TOP_LEVEL_MAX} entries, each with up to ${MENU_CHILDREN_MAX} under it, shown as a drop-down list.`,
  footer: `The Quick Links at the bottom of every page, up to ${MENU_TOP_LEVEL_MAX}.`,
}

type Editing = { menu: MenuName; entry: AdminMenuEntry | null }

export default function MenusAdmin({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<Editing | null>(null)
  // One fetcher for moves and deletes: a deleted entry unmounts before it could announce itself.
  const changer = useFetcher<ActionResult>()
  useActionToast(changer)
  const busyId = changer.state === 'idle' ? null : changer.formData?.get('id')
  const menus = { header: loaderData.header, footer: loaderData.footer }

  return (
    <>
      <AdminPageHeader title="Menus" description="The header menu and the footer's Quick Links of the public site." />
      <div className="grid gap-6 lg:grid-cols-2">
        {(['header', 'footer'] as const).map((menu) => (
          <Card key={menu}>
            <CardHeader className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 flex-1 space-y-1">
                <CardTitle>
                  <h2 className="text-xl font-semibold">{MENU_TITLES[menu]}</h2>
                </CardTitle>
                <CardDescription>{MENU_DESCRIPTIONS[menu]}</CardDescription>
              </div>
              <Button onClick={() => setEditing({ menu, entry: null })} aria-label={`Add entry to the ${MENU_TITLES[menu].toLowerCase()}`}>
                <Plus aria-hidden />
                Add entry
              </Button>
            </CardHeader>
            <CardContent>
              {menus[menu].length === 0 ? (
                <p className="py-6 text-center text-muted-foreground">No entries yet: this menu is not shown.</p>
              ) : (
                <EntryList
                  entries={menus[menu]}
                  busyId={busyId}
                  onEdit={(entry) => setEditing({ menu, entry })}
                  onSubmit={(values) => void changer.submit(values, { method: 'post' })}
                />
              )}
            </CardContent>
          </Card>
        ))}
      </div>
      {editing ? (
        <MenuEntryDialog
          menu={editing.menu}
          entry={editing.entry}
          topLevel={menus[editing.menu]}
          pages={loaderData.pages}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  )
}

interface EntryListProps {
  entries: AdminMenuEntry[]
  busyId: FormDataEntryValue | null | undefined
  onEdit: (entry: AdminMenuEntry) => void
  onSubmit: (values: Record<string, string>) => void
}

function EntryList({ entries, busyId, onEdit, onSubmit, nested = false }: EntryListProps & { nested?: boolean }) {
  return (
    <ul className={nested ? 'mt-2 ml-4 space-y-2 border-l pl-3' : 'space-y-2'}>
      {entries.map((entry, index) => (
        <li key={entry.id}>
          <div className="flex flex-wrap items-center gap-2 rounded-md border p-2">
            <div className="min-w-0 flex-1 basis-40">
              <p className="font-medium break-words">{entry.label}</p>
              <p className="text-sm break-words text-muted-foreground">{entry.target}</p>
              {entry.hiddenBecause ? (
                <Badge variant="outline" className="mt-1 whitespace-normal">
                  {entry.hiddenBecause}
                </Badge>
              ) : null}
            </div>
            <div className="flex shrink-0">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move "${entry.label}" up`}
                disabled={index === 0 || busyId === entry.id}
                onClick={() => onSubmit({ intent: 'move', id: entry.id, direction: 'up' })}
              >
                <ArrowUp aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move "${entry.label}" down`}
                disabled={index === entries.length - 1 || busyId === entry.id}
                onClick={() => onSubmit({ intent: 'move', id: entry.id, direction: 'down' })}
              >
                <ArrowDown aria-hidden />
              </Button>
              <ItemActions
                name={`"${entry.label}"`}
                confirmQuestion={entry.children.length ? MENU_MESSAGES.confirmDeleteWithChildren(entry.children.length) : MENU_MESSAGES.confirmDelete}
                controls={{ edit: () => onEdit(entry), remove: () => onSubmit({ intent: 'delete', id: entry.id }), deleting: busyId === entry.id }}
              />
            </div>
          </div>
          {entry.children.length ? <EntryList entries={entry.children} busyId={busyId} onEdit={onEdit} onSubmit={onSubmit} nested /> : null}
        </li>
      ))}
    </ul>
  )
}
