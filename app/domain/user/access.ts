import type { Role } from '#db/tables/people.ts'

const RANK: Record<Role, number> = { user: 0, editor: 1, admin: 2 }

export function hasRole(role: Role, minimum: Role): boolean {
  return RANK[role] >= RANK[minimum]
}

/** The signed-in staff member, as the admin area sees them. */
export interface StaffSession {
  userId: string
  email: string
  displayName: string
  /** The role that counts: a user who is not approved acts as role 'user'. */
  role: Role
  /** Whether the account signs in with a second step (TOTP). */
  twoFactorEnabled: boolean
}

export type AdminAreaIcon =
  | 'dashboard'
  | 'sections'
  | 'blogs'
  | 'pages'
  | 'menus'
  | 'staff'
  | 'media'
  | 'events'
  | 'gallery'
  | 'policies'
  | 'testimonials'
  | 'contact'
  | 'users'
  | 'theme'
  | 'api-keys'
  | 'subscribers'
  | 'account'
  | 'deliveries'
  | 'alerts'

export interface AdminArea {
  path: string
  label: string
  icon: AdminAreaIcon
  minimumRole: Role
}

/** Every admin screen and the smallest role that may use it (docs/product-rules.md#roles). */
export const ADMIN_AREAS: readonly AdminArea[] = [
  { path: '/admin', label: 'Dashboard', icon: 'dashboard', minimumRole: 'user' },
  { path: '/admin/sections', label: 'Sections', icon: 'sections', minimumRole: 'editor' },
  { path: '/admin/pages', label: 'Pages', icon: 'pages', minimumRole: 'editor' },
  { path: '/admin/menus', label: 'Menus', icon: 'menus', minimumRole: 'editor' },
  { path: '/admin/blogs', label: 'Blogs', icon: 'blogs', minimumRole: 'editor' },
  { path: '/admin/events', label: 'Events', icon: 'events', minimumRole: 'editor' },
  // Notices on every public page and today's school status (open, closed, late start).
  { path: '/admin/alerts', label: 'Alerts', icon: 'alerts', minimumRole: 'editor' },
  { path: '/admin/gallery', label: 'Gallery', icon: 'gallery', minimumRole: 'editor' },
  // The images the pages use (logos, slides, pictures in text), apart from the gallery.
  { path: '/admin/media', label: 'Media Library', icon: 'media', minimumRole: 'editor' },
  { path: '/admin/policies', label: 'Policies', icon: 'policies', minimumRole: 'editor' },
  { path: '/admin/testimonials', label: 'Testimonials', icon: 'testimonials', minimumRole: 'editor' },
  { path: '/admin/contact', label: 'Contact Messages', icon: 'contact', minimumRole: 'editor' },
  // The staff directory's people: not sign-in accounts.
  { path: '/admin/staff', label: 'Staff Directory', icon: 'staff', minimumRole: 'editor' },
  { path: '/admin/users', label: 'Users', icon: 'users', minimumRole: 'admin' },
  // Families who receive mails: their addresses are personal data, so admins only.
  { path: '/admin/subscribers', label: 'Subscribers', icon: 'subscribers', minimumRole: 'admin' },
  { path: '/admin/theme', label: 'Theme', icon: 'theme', minimumRole: 'admin' },
  // Keys of the content API and its reference (/admin/api-keys/reference).
  { path: '/admin/api-keys', label: 'API Keys', icon: 'api-keys', minimumRole: 'admin' },
  // Every mail and push the site sends, per recipient, with the failures to retry.
  { path: '/admin/deliveries', label: 'Deliveries', icon: 'deliveries', minimumRole: 'admin' },
  // Everyone's own sign-in security (password, two-factor, passkeys).
  { path: '/admin/account', label: 'Account', icon: 'account', minimumRole: 'user' },
]

/**
 * The smallest role for an admin path. Only the dashboard and one's own
 * account are open to role 'user' (any other admin path sends them to
 * /admin), so an unknown admin path needs at least 'editor'.
 */
export function minimumRoleFor(pathname: string): Role {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/admin') return 'user'
  const area = ADMIN_AREAS.find((candidate) => candidate.path !== '/admin' && (path === candidate.path || path.startsWith(`${candidate.path}/`)))
  return area?.minimumRole ?? 'editor'
}

/** The screens a role may open, in sidebar order. */
export function areasFor(role: Role): AdminArea[] {
  return ADMIN_AREAS.filter((area) => hasRole(role, area.minimumRole))
}
