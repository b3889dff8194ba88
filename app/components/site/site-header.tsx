import { NavLink } from 'react-router'
import { MenuToggle, useNavigationMenu } from '#app/components/menu-toggle.tsx'
import type { SiteShell } from '#app/domain/section/site-shell.ts'
import { SiteSearchForm } from './site-search-form.tsx'
import { DesktopMenu, MobileMenu } from './site-menu.tsx'
import { ThemedSection, useSectionStyle } from './themed-section.tsx'

/** The sticky header: logo and title, the header menu (docs/product-rules.md#menus), the search box and, on small screens, the menu toggle. */
export function SiteHeader({ shell }: { shell: Pick<SiteShell, 'title' | 'logo' | 'hoverText' | 'headerMenu'> }) {
  const menu = useNavigationMenu()
  const height = useSectionStyle('header').height || '80px'

  return (
    <ThemedSection as="header" styleKey="header" className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4" style={{ minHeight: height }}>
        <NavLink to="/" className="flex min-w-0 items-center gap-3 rounded-md" title={shell.hoverText ?? undefined}>
          {shell.logo ? <img src={shell.logo} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-full object-cover" /> : null}
          <span className="text-lg font-bold text-primary md:text-xl">{shell.title}</span>
        </NavLink>
        <DesktopMenu entries={shell.headerMenu} className="hidden min-w-0 flex-1 md:block" />
        <div className="flex shrink-0 items-center gap-1">
          <SiteSearchForm />
          <MenuToggle open={menu.open} onToggle={menu.toggle} controls="mobile-menu" className="md:hidden" />
        </div>
      </div>
      {menu.open ? <MobileMenu id="mobile-menu" entries={shell.headerMenu} /> : null}
    </ThemedSection>
  )
}
