import { ListPlus } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '#app/components/ui/dropdown-menu.tsx'
import { MENU_TITLES } from '#app/domain/menu/menu.ts'
import { MENUS, type MenuName } from '#db/tables/navigation.ts'

/**
 * A page row's 'Add to menu': the header menu or the footer's Quick Links,
 * each marked and disabled while the page is already in it.
 */
export function AddToMenuButton({ title, inMenus, busy, onAdd }: { title: string; inMenus: readonly MenuName[]; busy: boolean; onAdd: (menu: MenuName) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Add ${title} to a menu`} disabled={busy}>
          <ListPlus aria-hidden />
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
