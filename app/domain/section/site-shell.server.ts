import { plainText } from '#app/domain/blog/blog.ts'
import { getPublicMenus } from '#app/domain/menu/menu.server.ts'
import { getSectionContent } from './section.server.ts'
import type { SiteShell } from './site-shell.ts'

export type { SiteShell }

export const FALLBACK_SCHOOL_TITLE = 'Our School'

/** The school's name as its pages' header shows it: what mails and authenticator apps call the site. */
export async function getSchoolName(): Promise<string> {
  return (await getSectionContent('home.logos'))?.title || FALLBACK_SCHOOL_TITLE
}

/** Placeholders shown in the footer until the contact section is filled in. */
export const CONTACT_PLACEHOLDERS = {
  schoolName: FALLBACK_SCHOOL_TITLE,
  phone: '+1 (555) 123-4567',
  email: 'info@school.edu',
  address: '123 Education Street, Learning City',
}

/** What every public page's header and footer show. */
export async function getSiteShell(): Promise<SiteShell> {
  const [logos, contact, about, menus] = await Promise.all([
    getSectionContent('home.logos'),
    getSectionContent('home.contact'),
    getSectionContent('home.about'),
    getPublicMenus(),
  ])
  const description = about ? plainText(about.content) : ''
  return {
    title: logos?.title || FALLBACK_SCHOOL_TITLE,
    logo: logos?.image || null,
    hoverText: logos?.hoverText || null,
    shareImage: logos?.shareImage || null,
    contact: contact ?? CONTACT_PLACEHOLDERS,
    contactConfigured: contact !== null,
    description: shortenAtWord(description, 200),
    headerMenu: menus.header,
    footerMenu: menus.footer,
  }
}


/** At most `max` characters, cut at a word boundary with '...'. */
function shortenAtWord(text: string, max: number) {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 3)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}...`
}
