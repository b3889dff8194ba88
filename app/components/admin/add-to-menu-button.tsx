import { ListPlus } from 'lucide-react'
import type { FormEvent } from 'react'
import { useFetcher } from 'react-router'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '#app/components/ui/dropdown-menu.tsx'
import { MENU_TITLES } from '#app/domain/menu/menu.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { MENUS, type MenuName } from '#db/tables/navigation.ts'

interface AddToMenuProps {
  title: string
  inMenus: readonly MenuName[]
  busy: boolean
  onAdd: (menu: MenuName) => void
  /** Shows the words 'Add to menu' beside the icon (in the page's editor, where there is room). */
  labelled?: boolean
}

/**
 * A page's 'Add to menu': the header menu or the footer's Quick Links,
 * each marked and disabled while the page is already in it.
 */
export function AddToMenuButton({ title, inMenus, busy, onAdd, labelled = false }: AddToMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant={labelled ? 'outline' : 'ghost'} size={labelled ? 'sm' : 'icon'} aria-label={`Add ${title} to a menu`} disabled={busy}>
          <ListPlus aria-hidden />
          {labelled ? 'Add to menu' : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Add to menu</DropdownMenuLabel>
        {MENUS.map((menu) => {
          const already = inMenus.includes(menu)
          return (
            <DropdownMenuItem key={menu} disabled={already} onSelect={() => onAdd(menu)} className="flex-col items-start gap-0">
              {MENU_TITLES[menu]}
              {already ? <span className="text-xs text-muted-foreground">Already in this menu</span> : null}
            </DropdownMenuItem>
          )
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

const keepFromPageForm = (event: FormEvent) => event.stopPropagation()

/**
 * 'Add to menu' inside a saved page's editor: its own fetcher posts the pages
 * screen's 'add-to-menu' intent, so the page form around it is neither saved
 * nor marked changed, and what is typed in it stays.
 */
export function EditorAddToMenu({ page, inMenus }: { page: { id: string; title: string }; inMenus: readonly MenuName[] }) {
  const adder = useFetcher<ActionResult>()
  useActionToast(adder)
  return (
    <div onSubmit={keepFromPageForm} onChange={keepFromPageForm} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
      <p className="text-sm font-medium">Menus</p>
      <AddToMenuButton
        title={page.title}
        inMenus={inMenus}
        busy={adder.state !== 'idle'}
        onAdd={(menu) => void adder.submit({ intent: 'add-to-menu', id: page.id, menu }, { method: 'post', action: '/admin/pages' })}
        labelled
      />
    </div>
  )
}
