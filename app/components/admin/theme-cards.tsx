import { useState } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#app/components/ui/alert-dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { COLOR_KEYS, type Theme } from '#app/domain/theme/theme.schema.ts'
import { cn } from '#app/lib/utils.ts'

interface ThemeCardsProps {
  themes: readonly Theme[]
  selectedId: string | null
  busy: boolean
  onSelect: (theme: Theme) => void
  onActivate: (theme: Theme) => void
  onDelete: (theme: Theme) => void
}

/** Spec §2: a card per theme; inactive ones offer Activate and Delete, the active one wears the 'Active' badge. */
export function ThemeCards({ themes, selectedId, busy, onSelect, onActivate, onDelete }: ThemeCardsProps) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Themes">
      {themes.map((theme) => (
        <li key={theme.id} className={cn('rounded-lg border bg-card p-3', theme.id === selectedId && 'ring-2 ring-primary')}>
          <button type="button" className="w-full rounded-md text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden" aria-label={`Edit ${theme.name}`} aria-pressed={theme.id === selectedId} onClick={() => onSelect(theme)}>
            <span className="block truncate font-semibold">{theme.name}</span>
            <span className="mt-2 flex gap-1" aria-hidden>
              {COLOR_KEYS.map((key) => (
                <span key={key} className="size-5 rounded-full border border-black/10" style={{ backgroundColor: `hsl(${theme.colors[key]})` }} />
              ))}
            </span>
          </button>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {theme.isActive ? (
              <Badge>Active</Badge>
            ) : (
              <>
                <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => onActivate(theme)} aria-label={`Activate ${theme.name}`}>
                  Activate
                </Button>
                <DeleteThemeButton theme={theme} busy={busy} onConfirm={() => onDelete(theme)} />
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}

/** Spec §5: a theme is deleted only after its name is typed. */
function DeleteThemeButton({ theme, busy, onConfirm }: { theme: Theme; busy: boolean; onConfirm: () => void }) {
  const [typed, setTyped] = useState('')
  const inputId = `confirm-delete-${theme.id}`
  return (
    <AlertDialog onOpenChange={() => setTyped('')}>
      <AlertDialogTrigger asChild>
        <Button type="button" size="sm" variant="ghost" className="text-destructive hover:text-destructive" disabled={busy} aria-label={`Delete ${theme.name}`}>
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete theme</AlertDialogTitle>
          <AlertDialogDescription>
            This cannot be undone. Type <strong className="text-foreground">{theme.name}</strong> to confirm.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="space-y-2">
          <Label htmlFor={inputId}>Theme name</Label>
          <Input id={inputId} value={typed} autoComplete="off" onChange={(event) => setTyped(event.target.value)} />
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={typed !== theme.name} onClick={onConfirm}>
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
