import { ArrowDown, ArrowUp, Eye, History, Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { HistoryDialog } from '#app/components/admin/blog-history-dialog.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { PageDialog } from '#app/components/admin/page-dialog.tsx'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { plainText } from '#app/domain/blog/blog.ts'
import { pageAddress } from '#app/domain/page/page-address.ts'
import { createPage, deletePage, movePage, updatePage } from '#app/domain/page/page-admin.server.ts'
import { PAGE_MESSAGES, pageActionSchema, type MoveDirection, type PageSnapshot } from '#app/domain/page/page.schema.ts'
import { listPages } from '#app/domain/page/page.server.ts'
import { pageTree, type Page } from '#app/domain/page/page.ts'
import { publicationState } from '#app/domain/publishing/publication.ts'
import { publicationFromForm } from '#app/domain/publishing/publishable-item.server.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { formatDate } from '#app/lib/format.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/pages.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  return { pages: await listPages() }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(pageActionSchema, request, Object.fromEntries)
    if (submission.intent === 'delete') {
      await deletePage(submission.id)
      return PAGE_MESSAGES.deleted
    }
    if (submission.intent === 'move') {
      await movePage(submission.id, submission.direction)
      return PAGE_MESSAGES.moved
    }
    const page = { ...submission, publication: publicationFromForm(submission) }
    if (submission.intent === 'create') {
      await createPage(page, { authorId: staff.userId })
      return PAGE_MESSAGES.created
    }
    await updatePage(submission.id, page, { authorId: staff.userId })
    return PAGE_MESSAGES.updated
  })
}

export const meta: Route.MetaFunction = () => [{ title: 'Pages | Admin Panel' }]

const STATE_LABELS = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' } as const

/** The tree narrowed to titles containing `filter`: a parent stays for a matching child, and shows all its children when it matches itself. */
function filteredTree(pages: readonly Page[], filter: string) {
  const tree = pageTree(pages)
  const wanted = filter.trim().toLowerCase()
  if (!wanted) return tree
  const matches = (page: Page) => page.title.toLowerCase().includes(wanted)
  return tree.flatMap(({ page, children }) => {
    if (matches(page)) return [{ page, children }]
    const matching = children.filter(matches)
    return matching.length ? [{ page, children: matching }] : []
  })
}

export default function PagesAdmin({ loaderData }: Route.ComponentProps) {
  const { pages } = loaderData
  const [editing, setEditing] = useState<Page | 'new' | null>(null)
  const [history, setHistory] = useState<Page | null>(null)
  const [filter, setFilter] = useState('')
  const changer = useFetcher<ActionResult>()
  useActionToast(changer)
  const busyId = changer.state === 'idle' ? null : changer.formData?.get('id')
  const tree = filteredTree(pages, filter)
  const topLevel = pageTree(pages).map((entry) => entry.page)
  const slugOf = new Map(pages.map((page) => [page.id, page.slug]))

  const controls = (page: Page, siblings: readonly Page[]): RowControls => {
    const place = siblings.findIndex((sibling) => sibling.id === page.id)
    return {
      edit: () => setEditing(page),
      history: () => setHistory(page),
      remove: () => void changer.submit({ intent: 'delete', id: page.id }, { method: 'post' }),
      move: (direction) => void changer.submit({ intent: 'move', id: page.id, direction }, { method: 'post' }),
      canMoveUp: place > 0,
      canMoveDown: place >= 0 && place < siblings.length - 1,
      busy: busyId === page.id,
    }
  }

  return (
    <>
      <AdminPageHeader
        title="Pages"
        description="The school's own pages (term dates, admissions, uniform…), each at its own address. A page can sit under a top-level page."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            New Page
          </Button>
        }
      />
      {pages.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">No pages yet. Add the first one with New Page.</p>
      ) : (
        <>
          <div className="mb-4 max-w-sm">
            <label htmlFor="page-filter" className="sr-only">
              Filter pages by title
            </label>
            <Input id="page-filter" type="search" placeholder="Filter by title" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} />
          </div>
          {tree.length === 0 ? (
            <p className="py-12 text-center text-muted-foreground">No page title contains "{filter.trim()}".</p>
          ) : (
            <ul aria-label="Pages" className="divide-y rounded-lg border bg-card">
              {tree.map(({ page, children }) => {
                const allChildren = pages.filter((candidate) => candidate.parentId === page.id).sort((a, b) => a.sortOrder - b.sortOrder || a.title.localeCompare(b.title))
                return (
                  <li key={page.id}>
                    <PageRow page={page} address={pageAddress({ slug: page.slug, parentSlug: null })} controls={controls(page, topLevel)} />
                    {children.length ? (
                      <ul aria-label={`Pages under ${page.title}`} className="divide-y border-t bg-muted/30">
                        {children.map((child) => (
                          <li key={child.id} className="pl-6 sm:pl-10">
                            <PageRow page={child} address={pageAddress({ slug: child.slug, parentSlug: slugOf.get(page.id) ?? null })} controls={controls(child, allChildren)} />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                )
              })}
            </ul>
          )}
        </>
      )}
      {editing ? <PageDialog page={editing === 'new' ? null : editing} topLevelPages={topLevel} onClose={() => setEditing(null)} /> : null}
      {history ? (
        <HistoryDialog<PageSnapshot>
          name={history.title}
          address={`/admin/pages/${history.id}/revisions`}
          description="The last 20 saved versions, newest first. Restoring one puts back its title, address, SEO description and content; the cover, its place and the publication stay as they are."
          compare={(snapshot) => [
            { label: 'Title', before: snapshot.title, after: history.title },
            { label: 'Address', before: snapshot.slug, after: history.slug },
            { label: 'SEO description', before: snapshot.seoDescription ?? '', after: history.seoDescription ?? '' },
            { label: 'Content', before: plainText(snapshot.content), after: plainText(history.content) },
          ]}
          onClose={() => setHistory(null)}
        />
      ) : null}
    </>
  )
}

interface RowControls {
  edit: () => void
  history: () => void
  remove: () => void
  move: (direction: MoveDirection) => void
  canMoveUp: boolean
  canMoveDown: boolean
  busy: boolean
}

function PageRow({ page, address, controls }: { page: Page; address: string; controls: RowControls }) {
  const { timeZone } = useSite()
  const state = publicationState(page)
  return (
    <div className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">{page.title}</span>
          <Badge variant={state === 'published' ? 'default' : state === 'draft' ? 'outline' : 'secondary'}>{STATE_LABELS[state]}</Badge>
        </p>
        <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
          <span className="font-mono break-all">{address}</span>
          <span>
            Updated <time dateTime={page.updatedAt}>{formatDate(page.updatedAt, timeZone)}</time>
          </span>
        </p>
      </div>
      <div className="-ml-2 flex shrink-0 flex-wrap sm:ml-0">
        <Button variant="ghost" size="icon" aria-label={`Move "${page.title}" up`} disabled={!controls.canMoveUp || controls.busy} onClick={() => controls.move('up')}>
          <ArrowUp aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Move "${page.title}" down`} disabled={!controls.canMoveDown || controls.busy} onClick={() => controls.move('down')}>
          <ArrowDown aria-hidden />
        </Button>
        <Button asChild variant="ghost" size="icon">
          <a href={`/preview/pages/${page.id}`} target="_blank" rel="noopener" aria-label={`Preview ${page.title} (opens in a new tab)`}>
            <Eye aria-hidden />
          </a>
        </Button>
        <Button variant="ghost" size="icon" aria-label={`History of ${page.title}`} onClick={controls.history}>
          <History aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Edit ${page.title}`} onClick={controls.edit}>
          <Pencil aria-hidden />
        </Button>
        <ConfirmDelete label={`Delete ${page.title}`} question={PAGE_MESSAGES.confirmDelete} pending={controls.busy} onConfirm={controls.remove} />
      </div>
    </div>
  )
}
