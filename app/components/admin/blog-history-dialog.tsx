import { diffWords } from 'diff'
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { useReturnFocus } from '#app/components/hooks/use-return-focus.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import type { BlogSnapshot } from '#app/domain/blog/blog.schema.ts'
import { plainText, type BlogPost } from '#app/domain/blog/blog.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { formatDate, formatTime } from '#app/lib/format.ts'
import { cn } from '#app/lib/utils.ts'

interface RevisionEntry<Snapshot> {
  id: string
  snapshot: Snapshot
  createdAt: string
  author: string | null
}

/** One field compared between a saved version and the item as it is now. */
export interface ComparedField {
  label: string
  before: string
  after: string
}

/** A post's history: its title, address, excerpt and content compared. */
export function BlogHistoryDialog({ post, onClose }: { post: Pick<BlogPost, 'id' | 'title'>; onClose: () => void }) {
  return (
    <HistoryDialog<BlogSnapshot>
      name={post.title}
      address={`/admin/blogs/${post.id}/revisions`}
      description="The last 20 saved versions, newest first. Restoring one puts back its title, address, excerpt and content; the cover and the publication stay as they are."
      compare={(snapshot, current) => [
        { label: 'Title', before: snapshot.title, after: current.title },
        { label: 'Address', before: snapshot.slug, after: current.slug },
        { label: 'Excerpt', before: snapshot.excerpt ?? '', after: current.excerpt ?? '' },
        { label: 'Content', before: plainText(snapshot.content), after: plainText(current.content) },
      ]}
      onClose={onClose}
    />
  )
}

/**
 * An item's saved versions (from `address`, which also restores, with the
 * item's words as they are now), newest first: choosing one shows what
 * changed from it to the item as it is now, word by word, and can restore
 * its words.
 */
export function HistoryDialog<Snapshot>({
  name,
  address,
  description,
  compare,
  onClose,
}: {
  name: string
  address: string
  description: string
  compare: (snapshot: Snapshot, current: Snapshot) => ComparedField[]
  onClose: () => void
}) {
  const { timeZone } = useSite()
  const history = useFetcher<{ revisions: RevisionEntry<Snapshot>[]; current: Snapshot }>()
  const restore = useFetcher<ActionResult>()
  useActionToast(restore, onClose)
  const [chosenId, setChosenId] = useState<string | null>(null)

  useEffect(() => {
    if (history.state === 'idle' && !history.data) void history.load(address)
  }, [history, address])

  const revisions = history.data?.revisions ?? []
  const chosen = revisions.find((revision) => revision.id === chosenId) ?? null
  const restoring = restore.state !== 'idle'
  const returnFocus = useReturnFocus()

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle className="pr-6 break-words">History of {name}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {!history.data ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : revisions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No saved versions yet.</p>
        ) : (
          <ol className="space-y-1" aria-label="Saved versions">
            {revisions.map((revision, index) => (
              <li key={revision.id}>
                <button
                  type="button"
                  aria-pressed={revision.id === chosenId}
                  onClick={() => setChosenId(revision.id === chosenId ? null : revision.id)}
                  className={cn(
                    'w-full rounded-md border px-3 py-2 text-left text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    revision.id === chosenId && 'border-primary bg-muted',
                  )}
                >
                  <span className="font-medium">
                    {formatDate(revision.createdAt, timeZone)}, {formatTime(revision.createdAt, timeZone)}
                  </span>
                  <span className="text-muted-foreground">
                    {revision.author ? ` by ${revision.author}` : ''}
                    {index === 0 ? ' (current version)' : ''}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
        {chosen && history.data ? (
          <section aria-label="Changes" className="space-y-3 rounded-md border p-3">
            <h3 className="text-sm font-semibold">From this version to the current one</h3>
            {compare(chosen.snapshot, history.data.current).map((field) => (
              <WordChanges key={field.label} label={field.label} before={field.before} after={field.after} />
            ))}
            {chosen.id !== revisions[0]?.id ? (
              <restore.Form method="post" action={address}>
                <input type="hidden" name="intent" value="restore" />
                <input type="hidden" name="revisionId" value={chosen.id} />
                <Button type="submit" disabled={restoring}>
                  {restoring ? 'Restoring...' : 'Restore this version'}
                </Button>
              </restore.Form>
            ) : null}
          </section>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

/** One field's words: removed ones struck through, added ones underlined; "No change" when equal. */
function WordChanges({ label, before, after }: { label: string; before: string; after: string }) {
  const parts = diffWords(before, after)
  const changed = parts.some((part) => part.added || part.removed)
  return (
    <div className="space-y-1">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      {changed ? (
        <p className="text-sm break-words whitespace-pre-wrap">
          {parts.map((part, index) =>
            part.removed ? (
              <del key={index} className="bg-destructive/15 text-destructive">
                {part.value}
              </del>
            ) : part.added ? (
              <ins key={index} className="bg-primary/15 no-underline decoration-2">
                {part.value}
              </ins>
            ) : (
              <span key={index}>{part.value}</span>
            ),
          )}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">No change</p>
      )}
    </div>
  )
}
