import { Loader2, Pencil, Plus } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import type { ActionResult } from '#app/lib/action-result.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { AdminPageHeader } from './admin-page-header.tsx'
import { ConfirmDelete } from './confirm-delete.tsx'
import { useWholeItemEditor } from './use-whole-item-editor.ts'

export interface ItemControls {
  edit: () => void
  remove: () => void
  deleting: boolean
  /** The item's editor is loading what the list does not carry (lists whose editor loads the whole item). */
  opening?: boolean
}

interface AdminListPageBase<Item extends { id: string }> {
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
}

/**
 * The add (null) or edit dialog: given the item as listed, or, with
 * `editAddress`, the whole item loaded from there first (a list that carries
 * only what its rows show).
 */
type EditDialog<Item, Whole> =
  | { editAddress?: undefined; renderDialog: (item: Item | null, close: () => void) => ReactNode }
  | { editAddress: (item: Item) => string; renderDialog: (item: Whole | null, close: () => void) => ReactNode }

type AdminListPageProps<Item extends { id: string }, Whole> = AdminListPageBase<Item> & EditDialog<Item, Whole>

/**
 * A content list of the back office: header with the add button, the items,
 * the empty state, the add/edit dialog, and deletes with their toasts. The
 * list owns the delete fetcher: a deleted item unmounts before it could
 * announce itself.
 */
export function AdminListPage<Item extends { id: string }, Whole = Item>(props: AdminListPageProps<Item, Whole>) {
  const { title, description, addLabel, emptyText, items, children, aboveItems, belowItems, listClassName, renderItem } = props
  const [editing, setEditing] = useState<Item | 'new' | null>(null)
  const whole = useWholeItemEditor<Whole>()
  const close = () => setEditing(null)
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
        <ul className={listClassName ?? 'grid grid-cols-1 gap-4 md:grid-cols-2'}>
          {items.map((item) => (
            <li key={item.id}>
              {renderItem(item, {
                edit: () => (props.editAddress ? whole.open(item.id, props.editAddress(item)) : setEditing(item)),
                remove: () => void remover.submit({ intent: 'delete', id: item.id }, { method: 'post' }),
                deleting: deletingId === item.id,
                opening: whole.openingId === item.id,
              })}
            </li>
          ))}
        </ul>
        {belowItems}
        </>
      )}
      {editing === 'new' ? props.renderDialog(null, close) : null}
      {props.editAddress ? (whole.editing ? props.renderDialog(whole.editing, whole.close) : null) : editing && editing !== 'new' ? props.renderDialog(editing, close) : null}
    </>
  )
}

/** The edit and delete buttons of a list item; `name` names the item for screen readers. */
export function ItemActions({ name, confirmQuestion, controls, before }: { name: string; confirmQuestion: string; controls: ItemControls; before?: ReactNode }) {
  return (
    <div className="flex shrink-0">
      {before}
      <EditButton name={name} opening={controls.opening ?? false} onClick={controls.edit} />
      <ConfirmDelete label={`Delete ${name}`} question={confirmQuestion} pending={controls.deleting} onConfirm={controls.remove} />
    </div>
  )
}

/** An item's Edit button: while its editor loads, a turning wheel and busy (further presses wait). */
export function EditButton({ name, opening, onClick }: { name: string; opening: boolean; onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} aria-busy={opening || undefined} onClick={onClick}>
      {opening ? <Loader2 aria-hidden className="animate-spin" /> : <Pencil aria-hidden />}
    </Button>
  )
}
