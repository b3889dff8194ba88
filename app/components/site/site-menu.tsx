import { ChevronDown } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { NavLink, useLocation } from 'react-router'
import type { PublicMenuEntry } from '#app/domain/menu/menu.ts'
import { cn } from '#app/lib/utils.ts'

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'text-primary' : 'text-current',
  )
}

/** An entry's link: a router link with the active highlight for our own addresses, a plain link for another site's. */
export function MenuLink({ entry, className }: { entry: PublicMenuEntry; className?: string }) {
  if (entry.external) {
    return (
      <a href={entry.href} className={cn(navClass({ isActive: false }), className)}>
        {entry.label}
      </a>
    )
  }
  return (
    <NavLink to={entry.href} end={entry.href === '/'} className={(state) => cn(navClass(state), className)} prefetch="intent">
      {entry.label}
    </NavLink>
  )
}

/** The name of the button that shows the entries under `label`. */
export const showEntriesLabel = (label: string) => `Show ${label} pages`

/**
 * The header menu on wide screens. An entry with entries under it is a
 * disclosure (the WAI-ARIA disclosure navigation pattern): its link, then a
 * button that shows and hides the list of the entries under it. One list is
 * open at a time; Escape closes it and gives the focus back to its button, a
 * click elsewhere or a new page closes it. Nothing opens on hover alone.
 */
export function DesktopMenu({ entries, className }: { entries: PublicMenuEntry[]; className?: string }) {
  const { pathname } = useLocation()
  const [open, setOpen] = useState<{ id: string; on: string } | null>(null)
  const openId = open?.on === pathname ? open.id : null
  return (
    <nav aria-label="Main" className={className}>
      {/* A long menu wraps onto a second line rather than running under the search box. */}
      <ul className="flex flex-wrap items-center justify-end gap-1">
        {entries.map((entry) =>
          entry.children.length ? (
            <DisclosureEntry
              key={entry.id}
              entry={entry}
              open={openId === entry.id}
              onOpenChange={(isOpen) => setOpen(isOpen ? { id: entry.id, on: pathname } : null)}
            />
          ) : (
            <li key={entry.id}>
              <MenuLink entry={entry} />
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}

function DisclosureEntry({ entry, open, onOpenChange }: { entry: PublicMenuEntry; open: boolean; onOpenChange: (open: boolean) => void }) {
  const listId = useId()
  const itemRef = useRef<HTMLLIElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const latestOnOpenChange = useRef(onOpenChange)
  useEffect(() => {
    latestOnOpenChange.current = onOpenChange
  })

  useEffect(() => {
    if (!open) return
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !itemRef.current?.contains(event.target)) latestOnOpenChange.current(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [open])

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (!open) return
    if (event.key === 'Escape') {
      event.preventDefault()
      onOpenChange(false)
      buttonRef.current?.focus()
      return
    }
    // Arrow keys move between the open list's links, as the pattern allows; Tab works too.
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const links = Array.from(itemRef.current?.querySelectorAll<HTMLAnchorElement>(`[id="${CSS.escape(listId)}"] a`) ?? [])
    if (!links.length) return
    event.preventDefault()
    const at = links.indexOf(document.activeElement as HTMLAnchorElement)
    const next = event.key === 'ArrowDown' ? (at + 1) % links.length : at <= 0 ? links.length - 1 : at - 1
    links[next]!.focus()
  }

  return (
    <li
      ref={itemRef}
      className="relative flex items-center"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) onOpenChange(false)
      }}
    >
      <MenuLink entry={entry} className="pr-1" />
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={showEntriesLabel(entry.label)}
        className="rounded-md p-1 hover:bg-muted"
        onClick={() => onOpenChange(!open)}
      >
        <ChevronDown aria-hidden className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <ul id={listId} hidden={!open} className="absolute top-full left-0 z-50 mt-1 min-w-52 rounded-md border bg-background p-1 text-foreground shadow-lg">
        {entry.children.map((child) => (
          <li key={child.id}>
            <MenuLink entry={child} className="block" />
          </li>
        ))}
      </ul>
    </li>
  )
}

/** The header menu on small screens: every entry, those under another indented beneath it (nothing to open on a touch screen). */
export function MobileMenu({ entries, id }: { entries: PublicMenuEntry[]; id: string }) {
  return (
    <nav id={id} aria-label="Main" className="border-t md:hidden">
      <ul className="mx-auto flex max-w-6xl flex-col px-4 py-2">
        {entries.map((entry) => (
          <li key={entry.id}>
            <MenuLink entry={entry} className="block" />
            {entry.children.length ? (
              <ul className="ml-3 border-l pl-3">
                {entry.children.map((child) => (
                  <li key={child.id}>
                    <MenuLink entry={child} className="block" />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  )
}
