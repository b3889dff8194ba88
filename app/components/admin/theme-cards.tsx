import { useState } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
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
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { describeShortfall, themeContrast } from '#app/domain/theme/contrast.ts'
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

/** A card per theme; inactive ones offer Activate (confirmed) and Delete, the active one wears the 'Active' badge. */
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
                <ActivateThemeButton theme={theme} busy={busy} onConfirm={() => onActivate(theme)} onEdit={() => onSelect(theme)} />
                <DeleteThemeButton theme={theme} busy={busy} onConfirm={() => onDelete(theme)} />
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}

/**
 * Activating changes every page for every visitor, so it is confirmed; a
 * theme whose text would be hard to read is not offered at all, and the
 * pairs at fault are named (the server refuses it too).
 */
function ActivateThemeButton({ theme, busy, onConfirm, onEdit }: { theme: Theme; busy: boolean; onConfirm: () => void; onEdit: () => void }) {
  const shortfalls = themeContrast(theme.colors).filter((entry) => !entry.passes)
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" disabled={busy} aria-label={`Activate ${theme.name}`}>
          Activate
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        {shortfalls.length ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{theme.name} cannot be activated yet</AlertDialogTitle>
              <AlertDialogDescription>Visitors could not read some text with these colours. Change them until every pair meets WCAG AA:</AlertDialogDescription>
            </AlertDialogHeader>
            <ul className="list-disc space-y-1 pl-5 text-sm" aria-label="Pairs below WCAG AA">
              {shortfalls.map((entry) => (
                <li key={entry.pair.label}>{describeShortfall(entry)}</li>
              ))}
            </ul>
            <AlertDialogFooter>
              <AlertDialogCancel>Close</AlertDialogCancel>
              <AlertDialogAction onClick={onEdit}>Edit its colours</AlertDialogAction>
            </AlertDialogFooter>
          </>
        ) : (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>Activate {theme.name}?</AlertDialogTitle>
              <AlertDialogDescription>Every visitor sees its colours and styles at once, on every page.</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction onClick={onConfirm}>Activate</AlertDialogAction>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  )
}

/** A theme is deleted only after its name is typed (docs/product-rules.md#themes). */
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
