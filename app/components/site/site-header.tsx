import { NavLink } from 'react-router'
import { MenuToggle, useNavigationMenu } from '#app/components/menu-toggle.tsx'
import type { SiteShell } from '#app/domain/section/site-shell.ts'
import { cn } from '#app/lib/utils.ts'
import { SiteSearchForm } from './site-search-form.tsx'
import { ThemedSection, useSectionStyle } from './themed-section.tsx'

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/calendar', label: 'Calendar' },
  { to: '/policies', label: 'Policies' },
] as const

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'text-primary' : 'text-current',
  )
}

export function SiteHeader({ shell }: { shell: Pick<SiteShell, 'title' | 'logo' | 'hoverText'> }) {
  const menu = useNavigationMenu()
  const height = useSectionStyle('header').height || '80px'

  return (
    <ThemedSection as="header" styleKey="header" className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4" style={{ minHeight: height }}>
        <NavLink to="/" className="flex items-center gap-3 rounded-md" title={shell.hoverText ?? undefined}>
          {shell.logo ? <img src={shell.logo} alt="" width={48} height={48} className="h-12 w-12 rounded-full object-cover" /> : null}
          <span className="text-lg font-bold text-primary md:text-xl">{shell.title}</span>
        </NavLink>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className={navClass} prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <SiteSearchForm />
          <MenuToggle open={menu.open} onToggle={menu.toggle} controls="mobile-menu" className="md:hidden" />
        </div>
      </div>
      {menu.open ? (
        <nav id="mobile-menu" aria-label="Main" className="border-t md:hidden">
          <ul className="mx-auto flex max-w-6xl flex-col px-4 py-2">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className={(state) => cn(navClass(state), 'block')}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </ThemedSection>
  )
}
