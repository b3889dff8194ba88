import { useState, type ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#app/components/ui/alert-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { ActionResult } from '#app/lib/action-result.ts'
import { countOf } from '#app/lib/list-params.ts'

/** The rows ticked on the page shown; cleared whenever the page shows other rows. */
export interface BulkSelection {
  ids: readonly string[]
  has: (id: string) => boolean
  toggle: (id: string, selected: boolean) => void
  setAll: (selected: boolean) => void
  clear: () => void
  /** Ids of the rows on the page. */
  onPage: readonly string[]
  /** Posts a bulk action for the selected rows, with any other fields it takes (the album photos move to); the selection is cleared once it succeeds. */
  run: (intent: string, fields?: Record<string, string>) => void
  /** A bulk action is under way. */
  busy: boolean
}

/**
 * The selection and its bulk actions' request. The request lives here, in
 * the route's component, not in the toolbar: an action that empties the list
 * (approving every pending account, deleting a filter's last rows) removes
 * the toolbar, and its answer must still be announced.
 */
export function useBulkSelection(onPage: readonly string[]): BulkSelection {
  const [ticked, setIds] = useState<readonly string[]>([])
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher, () => setIds([]))
  // A selection outlives neither its rows (deleted, moved to another page) nor the page.
  const ids = ticked.filter((id) => onPage.includes(id))
  const run = (intent: string, fields: Record<string, string> = {}) => {
    const form = new FormData()
    form.set('intent', intent)
    for (const [name, value] of Object.entries(fields)) form.set(name, value)
    for (const id of ids) form.append('ids', id)
    void fetcher.submit(form, { method: 'post' })
  }
  return {
    ids,
    onPage,
    run,
    busy: fetcher.state !== 'idle',
    has: (id) => ids.includes(id),
    toggle: (id, selected) => setIds((current) => (selected ? [...current.filter((each) => each !== id), id] : current.filter((each) => each !== id))),
    setAll: (selected) => setIds(selected ? [...onPage] : []),
    clear: () => setIds([]),
  }
}

/** A row's tick box; `label` names the row: 'Select the message from Ann Lee'. */
export function SelectRow({ selection, id, label }: { selection: BulkSelection; id: string; label: string }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={selection.has(id)}
      onChange={(event) => selection.toggle(id, event.currentTarget.checked)}
      className="size-5 shrink-0 cursor-pointer accent-primary"
    />
  )
}

export interface BulkAction {
  /** The intent the route's action reads. */
  intent: string
  label: string
  icon?: ReactNode
  /** Asks once, naming the count, before it runs. */
  destructive?: boolean
}

/**
 * Above a list: 'Select all on this page', how many are selected, and the
 * actions for them. An action posts its intent and the selected ids to the
 * route's action in one request. In the flow of the page on a phone (it never
 * lies over a row there); held at the top while scrolling on a wider screen.
 */
export function BulkToolbar({
  selection,
  thing,
  things = `${thing}s`,
  actions,
  children,
}: {
  selection: BulkSelection
  thing: string
  things?: string
  actions: readonly BulkAction[]
  /** Controls before the actions, for an action that takes a choice (the album to move photos to). */
  children?: ReactNode
}) {
  const { busy, run } = selection
  const count = selection.ids.length
  const allSelected = selection.onPage.length > 0 && count === selection.onPage.length
  return (
    <div role="group" aria-label={`Selected ${things}`} className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border bg-background p-2 md:sticky md:top-0 md:z-20 md:shadow-sm">
      <label className="flex cursor-pointer items-center gap-2 px-1 text-sm font-medium">
        <input
          type="checkbox"
          checked={allSelected}
          ref={(box) => {
            if (box) box.indeterminate = count > 0 && !allSelected
          }}
          onChange={(event) => selection.setAll(event.currentTarget.checked)}
          className="size-5 cursor-pointer accent-primary"
        />
        Select all on this page
      </label>
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {count ? `${countOf(count, thing, things)} selected` : 'None selected'}
      </p>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        {children}
        {actions.map((action) =>
          action.destructive ? (
            <AlertDialog key={action.intent}>
              <AlertDialogTrigger asChild>
                <Button variant="outline" size="sm" disabled={!count || busy} className="text-destructive hover:text-destructive">
                  {action.icon}
                  {action.label}
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>
                    {action.label} {countOf(count, thing, things)}?
                  </AlertDialogTitle>
                  <AlertDialogDescription>This action cannot be undone.</AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Cancel</AlertDialogCancel>
                  <AlertDialogAction variant="destructive" onClick={() => run(action.intent)}>
                    {action.label} {countOf(count, thing, things)}
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          ) : (
            <Button key={action.intent} variant="outline" size="sm" disabled={!count || busy} onClick={() => run(action.intent)}>
              {action.icon}
              {action.label}
            </Button>
          ),
        )}
      </div>
    </div>
  )
}
