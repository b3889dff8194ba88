import { Menu, X } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { cn } from '#app/lib/utils.ts'

/** Open state of a small-screen menu that closes itself when the page changes. */
export function useNavigationMenu() {
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  const [openedOn, setOpenedOn] = useState(pathname)
  // Adjusted during render rather than in an effect, so the old menu never paints on the new page.
  if (openedOn !== pathname) {
    setOpenedOn(pathname)
    setOpen(false)
  }
  return { open, toggle: () => setOpen((isOpen) => !isOpen) }
}

/** The button that opens and closes the menu with id `controls` on small screens. */
export function MenuToggle({ open, onToggle, controls, className }: { open: boolean; onToggle: () => void; controls: string; className?: string }) {
  return (
    <button
      type="button"
      className={cn('rounded-md p-2 hover:bg-muted', className)}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? 'Close menu' : 'Open menu'}
      onClick={onToggle}
    >
      {open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
    </button>
  )
}
