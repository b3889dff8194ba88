import type { PublicMenuEntry } from '../menu/menu.ts'
import type { SectionContent } from './section.schema.ts'

/** What every public page's header and footer show; a plain module, so components can name the type. */
export interface SiteShell {
  title: string
  logo: string | null
  hoverText: string | null
  /** The chosen default link preview; null: made from the logo and the theme. */
  shareImage: string | null
  contact: SectionContent['home.contact']
  contactConfigured: boolean
  description: string
  /** The header menu as visitors see it (docs/product-rules.md#menus). */
  headerMenu: PublicMenuEntry[]
  /** The footer's Quick Links. */
  footerMenu: PublicMenuEntry[]
}
