import { ArrowDown, ArrowUp, Eye, FileX, History, Plus, Send, Trash2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { z } from 'zod'
import { AddToMenuButton } from '#app/components/admin/add-to-menu-button.tsx'
import { EditButton } from '#app/components/admin/admin-list-page.tsx'
import { AdminListSearch } from '#app/components/admin/admin-list-search.tsx'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { HistoryDialog } from '#app/components/admin/blog-history-dialog.tsx'
import { BulkToolbar, SelectRow, useBulkSelection } from '#app/components/admin/bulk-selection.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { ListFilterTabs, publicationFilterChoices } from '#app/components/admin/list-filter-tabs.tsx'
import { ListPager } from '#app/components/admin/list-pager.tsx'
import { PageDialog } from '#app/components/admin/page-dialog.tsx'
import { useWholeItemEditor } from '#app/components/admin/use-whole-item-editor.ts'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { plainText } from '#app/domain/blog/blog.ts'
import { addPageToMenuSchema } from '#app/domain/menu/menu.schema.ts'
import { addPageToMenu, menusOfPages } from '#app/domain/menu/menu-admin.server.ts'
import { createPage, deletePage, movePage, updatePage } from '#app/domain/page/page-admin.server.ts'
import { deletePages, listPagesForAdmin, setPagesPublication } from '#app/domain/page/page-admin-list.server.ts'
import { PAGE_LIST_FILTER, PAGE_LIST_MESSAGES, type ListedPage } from '#app/domain/page/page-admin-list.ts'
import { PAGE_MESSAGES, pageActionSchema, type MoveDirection, type PageSnapshot } from '#app/domain/page/page.schema.ts'
import type { Page } from '#app/domain/page/page.ts'
import { publicationState } from '#app/domain/publishing/publication.ts'
import { publicationFromForm } from '#app/domain/publishing/publishable-item.server.ts'
import { answerAction, postedForm, validated } from '#app/lib/action.server.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { formatDate } from '#app/lib/format.ts'
import { bulkFormFields } from '#app/lib/list-page.server.ts'
import { bulkIds, readListParams } from '#app/lib/list-params.ts'
import { listNoMatchText } from '#app/lib/list-search.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { MenuName } from '#db/tables/navigation.ts'
import type { Route } from './+types/pages.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const { search, filter, page } = readListParams(request.url, PAGE_LIST_FILTER)
  const list = await listPagesForAdmin({ search, filter, page })
  const inMenus = await menusOfPages(list.branches.flatMap((branch) => [branch.page.id, ...branch.children.map((child) => child.id)]))
  return { ...list, inMenus, search, filter }
}

const BULK_INTENTS = ['publish-selected', 'unpublish-selected', 'delete-selected'] as const
const bulkPageSchema = z.object({ intent: z.enum(BULK_INTENTS), ids: bulkIds })

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context, 'editor')
  return answerAction(async () => {
    const form = await postedForm(request)
    if ((BULK_INTENTS as readonly unknown[]).includes(form.get('intent'))) {
      const { intent, ids } = validated(bulkPageSchema, bulkFormFields(form))
      if (intent === 'delete-selected') return PAGE_LIST_MESSAGES.deletedMany(await deletePages(ids))
      const state = intent === 'publish-selected' ? 'published' : 'draft'
      const changed = await setPagesPublication(ids, state, { authorId: staff.userId })
      return state === 'published' ? PAGE_LIST_MESSAGES.published(changed) : PAGE_LIST_MESSAGES.unpublished(changed)
    }
    if (form.get('intent') === 'add-to-menu') {
      const { id, menu } = validated(addPageToMenuSchema, Object.fromEntries(form))
      return addPageToMenu(id, menu)
    }
    const submission = validated(pageActionSchema, Object.fromEntries(form))
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

export default function PagesAdmin({ loaderData }: Route.ComponentProps) {
  const { branches, pages, counts, parents, inMenus, search, filter } = loaderData
  const [adding, setAdding] = useState(false)
  const editor = useWholeItemEditor<Page>()
  const [history, setHistory] = useState<ListedPage | null>(null)
  const changer = useFetcher<ActionResult>()
  useActionToast(changer)
  const busyId = changer.state === 'idle' ? null : changer.formData?.get('id')
  // The rows of the list have tick boxes; a parent shown only to place its children has none.
  const selection = useBulkSelection(branches.flatMap((branch) => [...(branch.context ? [] : [branch.page.id]), ...branch.children.map((child) => child.id)]))

  const controls = (page: ListedPage): RowControls => ({
    edit: () => editor.open(page.id, `/admin/pages/${page.id}`),
    opening: editor.openingId === page.id,
    history: () => setHistory(page),
    remove: () => void changer.submit({ intent: 'delete', id: page.id }, { method: 'post' }),
    move: (direction) => void changer.submit({ intent: 'move', id: page.id, direction }, { method: 'post' }),
    inMenus: inMenus[page.id] ?? [],
    addToMenu: (menu) => void changer.submit({ intent: 'add-to-menu', id: page.id, menu }, { method: 'post' }),
    canMoveUp: !page.first,
    canMoveDown: !page.last,
    busy: busyId === page.id,
  })
  const select = (page: ListedPage) => <SelectRow selection={selection} id={page.id} label={`Select ${page.title}`} />

  return (
    <>
      <AdminPageHeader
        title="Pages"
        description="The school's own pages (term dates, admissions, uniform…), each at its own address. A page can sit under a top-level page."
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            New Page
          </Button>
        }
      />
      {counts.all === 0 && !search ? (
        <p className="py-12 text-center text-muted-foreground">{PAGE_LIST_MESSAGES.none('all')}</p>
      ) : (
        <>
          <ListFilterTabs
            label="Show pages"
            fallback={PAGE_LIST_FILTER.fallback}
            current={filter}
            choices={publicationFilterChoices(counts)}
          />
          <AdminListSearch label="Search pages by title" query={search} />
          {branches.length === 0 ? (
            <p className="py-12 text-center text-muted-foreground">{search ? listNoMatchText('pages', search) : PAGE_LIST_MESSAGES.none(filter)}</p>
          ) : (
            <>
              <BulkToolbar
                selection={selection}
                thing="page"
                actions={[
                  { intent: 'publish-selected', label: 'Publish', icon: <Send aria-hidden /> },
                  { intent: 'unpublish-selected', label: 'Unpublish', icon: <FileX aria-hidden /> },
                  { intent: 'delete-selected', label: 'Delete', icon: <Trash2 aria-hidden />, destructive: true },
                ]}
              />
              <ul aria-label="Pages" className="divide-y rounded-lg border bg-card">
                {branches.map(({ page, context, children }) => (
                  <li key={page.id}>
                    <PageRow page={page} controls={controls(page)} select={context ? <span aria-hidden className="size-5 shrink-0" /> : select(page)} />
                    {children.length ? (
                      <ul aria-label={`Pages under ${page.title}`} className="divide-y border-t bg-muted/30">
                        {children.map((child) => (
                          <li key={child.id} className="pl-6 sm:pl-10">
                            <PageRow page={child} controls={controls(child)} select={select(child)} />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
              <ListPager pages={pages} thing="page" />
            </>
          )}
        </>
      )}
      {adding ? <PageDialog page={null} topLevelPages={parents} onClose={() => setAdding(false)} /> : null}
      {editor.editing ? <PageDialog page={editor.editing} inMenus={inMenus[editor.editing.id]} topLevelPages={parents} onClose={editor.close} /> : null}
      {history ? (
        <HistoryDialog<PageSnapshot>
          name={history.title}
          address={`/admin/pages/${history.id}/revisions`}
          description="The last 20 saved versions, newest first. Restoring one puts back its title, address, SEO description and content; the cover, its place and the publication stay as they are."
          compare={(snapshot, current) => [
            { label: 'Title', before: snapshot.title, after: current.title },
            { label: 'Address', before: snapshot.slug, after: current.slug },
            { label: 'SEO description', before: snapshot.seoDescription ?? '', after: current.seoDescription ?? '' },
            { label: 'Content', before: plainText(snapshot.content), after: plainText(current.content) },
          ]}
          onClose={() => setHistory(null)}
        />
      ) : null}
    </>
  )
}

interface RowControls {
  edit: () => void
  /** The page's editor is loading its text. */
  opening: boolean
  history: () => void
  remove: () => void
  move: (direction: MoveDirection) => void
  /** The menus the page is in already. */
  inMenus: readonly MenuName[]
  addToMenu: (menu: MenuName) => void
  canMoveUp: boolean
  canMoveDown: boolean
  busy: boolean
}

function PageRow({ page, controls, select }: { page: ListedPage; controls: RowControls; select: ReactNode }) {
  const { timeZone } = useSite()
  const state = publicationState(page)
  return (
    <div className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        {select}
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words">{page.title}</span>
            <Badge variant={state === 'published' ? 'default' : state === 'draft' ? 'outline' : 'secondary'}>{STATE_LABELS[state]}</Badge>
          </p>
          <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
            <span className="font-mono break-all">{page.address}</span>
            <span>
              Updated <time dateTime={page.updatedAt}>{formatDate(page.updatedAt, timeZone)}</time>
            </span>
          </p>
        </div>
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
        <AddToMenuButton title={page.title} inMenus={controls.inMenus} busy={controls.busy} onAdd={controls.addToMenu} />
        <EditButton name={page.title} opening={controls.opening} onClick={controls.edit} />
        <ConfirmDelete label={`Delete ${page.title}`} question={PAGE_MESSAGES.confirmDelete} pending={controls.busy} onConfirm={controls.remove} />
      </div>
    </div>
  )
}
