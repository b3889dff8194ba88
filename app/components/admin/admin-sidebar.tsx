import {
  Calendar,
  ExternalLink,
  FileText,
  Files,
  Contact,
  Image,
  Images,
  KeyRound,
  LayoutDashboard,
  LayoutTemplate,
  LogOut,
  Menu,
  Mail,
  MailCheck,
  MessageSquareQuote,
  Newspaper,
  Palette,
  Send,
  ShieldCheck,
  Siren,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { NavLink } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { areasFor, type AdminAreaIcon, type StaffSession } from '#app/domain/user/access.ts'
import { cn } from '#app/lib/utils.ts'

export const AREA_ICONS: Record<AdminAreaIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  sections: LayoutTemplate,
  blogs: Newspaper,
  pages: Files,
  menus: Menu,
  staff: Contact,
  events: Calendar,
  gallery: Image,
  media: Images,
  policies: FileText,
  testimonials: MessageSquareQuote,
  contact: Mail,
  users: Users,
  theme: Palette,
  'api-keys': KeyRound,
  subscribers: MailCheck,
  account: ShieldCheck,
  deliveries: Send,
  alerts: Siren,
}

/** A number beside an area's link (unread messages), and what it counts for screen readers. */
export interface AreaCount {
  count: number
  label: string
}

interface AdminSidebarProps {
  staff: StaffSession
  /** Counts by area path; an area without one shows none. */
  counts?: Readonly<Record<string, AreaCount>>
  onLogout: () => void
  loggingOut: boolean
}

/** 'Admin Panel', the user's name and role, the links the role may use, 'View Site' and Logout (docs/product-rules.md#roles). */
export function AdminSidebar({ staff, counts = {}, onLogout, loggingOut }: AdminSidebarProps) {
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <div className="space-y-1 border-b pb-4">
        <p className="text-lg font-bold text-primary">Admin Panel</p>
        <p className="truncate text-sm font-medium" title={staff.email}>
          {staff.displayName}
        </p>
        <p className="text-xs capitalize text-muted-foreground">{staff.role}</p>
      </div>
      {/* With every area an admin has, the links outgrow a laptop's height: they scroll, and Logout stays in view. */}
      <nav aria-label="Admin" className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
        <ul className="space-y-1">
          {areasFor(staff.role).map((area) => {
            const Icon = AREA_ICONS[area.icon]
            const counted = counts[area.path]
            return (
              <li key={area.path}>
                <NavLink
                  to={area.path}
                  end={area.path === '/admin'}
                  prefetch="intent"
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                      isActive ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
                    )
                  }
                >
                  <Icon aria-hidden className="size-4" />
                  {area.label}
                  {counted ? (
                    <span data-testid={`sidebar-count-${area.icon}`} className="ml-auto rounded-full bg-destructive px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
                      {counted.count}
                      <span className="sr-only"> {counted.label}</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            )
          })}
        </ul>
      </nav>
      <div className="space-y-2 border-t pt-4">
        <Button asChild variant="outline" className="w-full justify-start">
          <a href="/" target="_blank" rel="noopener">
            <ExternalLink aria-hidden />
            View Site
          </a>
        </Button>
        <Button variant="ghost" className="w-full justify-start" onClick={onLogout} disabled={loggingOut}>
          <LogOut aria-hidden />
          Logout
        </Button>
      </div>
    </div>
  )
}
