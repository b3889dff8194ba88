import { Pencil, Plus } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import type { ActionResult } from '#app/lib/action-result.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { AdminPageHeader } from './admin-page-header.tsx'
import { ConfirmDelete } from './confirm-delete.tsx'

export interface ItemControls {
  edit: () => void
  remove: () => void
  deleting: boolean
}

interface AdminListPageProps<Item extends { id: string }> {
  title: string
  description?: ReactNode
  addLabel: string
  emptyText: string
  items: readonly Item[]
  /** Shown between the header and the list. */
  children?: ReactNode
  /** Shown above the items when there are some (the bulk toolbar). */
  aboveItems?: ReactNode
  /** Shown below the items when there are some (the pager). */
  belowItems?: ReactNode
  listClassName?: string
  renderItem: (item: Item, controls: ItemControls) => ReactNode
  /** The add (null) or edit dialog. */
  renderDialog: (item: Item | null, close: () => void) => ReactNode
}

/**
 * A content list of the back office: header with the add button, the items,
 * the empty state, the add/edit dialog, and deletes with their toasts. The
 * list owns the delete fetcher: a deleted item unmounts before it could
 * announce itself.
 */
export function AdminListPage<Item extends { id: string }>(props: AdminListPageProps<Item>) {
  const { title, description, addLabel, emptyText, items, children, aboveItems, belowItems, listClassName, renderItem, renderDialog } = props
  const [editing, setEditing] = useState<Item | 'new' | null>(null)
  const remover = useFetcher<ActionResult>()
  useActionToast(remover)
  const deletingId = remover.state === 'idle' ? null : remover.formData?.get('id')

  return (
    <>
      <AdminPageHeader
        title={title}
        description={description}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            {addLabel}
          </Button>
        }
      />
      {children}
      {items.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">{emptyText}</p>
      ) : (
        <>
        {aboveItems}
        <ul className={listClassName ?? 'grid gap-4 md:grid-cols-2'}>
          {items.map((item) => (
            <li key={item.id}>
              {renderItem(item, {
                edit: () => setEditing(item),
                remove: () => void remover.submit({ intent: 'delete', id: item.id }, { method: 'post' }),
                deleting: deletingId === item.id,
              })}
            </li>
          ))}
        </ul>
        {belowItems}
        </>
      )}
      {editing ? renderDialog(editing === 'new' ? null : editing, () => setEditing(null)) : null}
    </>
  )
}

/** The edit and delete buttons of a list item; `name` names the item for screen readers. */
export function ItemActions({ name, confirmQuestion, controls, before }: { name: string; confirmQuestion: string; controls: ItemControls; before?: ReactNode }) {
  return (
    <div className="flex shrink-0">
      {before}
      <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={controls.edit}>
        <Pencil aria-hidden />
      </Button>
      <ConfirmDelete label={`Delete ${name}`} question={confirmQuestion} pending={controls.deleting} onConfirm={controls.remove} />
    </div>
  )
}
