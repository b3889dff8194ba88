import type { ReactNode } from 'react'
import { Link, type To } from 'react-router'
import { cn } from '#app/lib/utils.ts'

/** A gallery folder filter: a link (shareable, works without JavaScript) styled as a toggle button. */
export function FolderFilterLink({ to, selected, children }: { to: To; selected: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'inline-flex h-9 items-center rounded-md border px-4 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-hidden',
        selected ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-background hover:bg-muted',
      )}
    >
      {children}
    </Link>
  )
}
