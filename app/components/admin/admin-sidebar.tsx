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
  MessageSquareQuote,
  Newspaper,
  Palette,
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
  account: ShieldCheck,
  alerts: Siren,
}

interface AdminSidebarProps {
  staff: StaffSession
  onLogout: () => void
  loggingOut: boolean
}

/** 'Admin Panel', the user's name and role, the links the role may use, 'View Site' and Logout (docs/product-rules.md#roles). */
export function AdminSidebar({ staff, onLogout, loggingOut }: AdminSidebarProps) {
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <div className="space-y-1 border-b pb-4">
        <p className="text-lg font-bold text-primary">Admin Panel</p>
        <p className="truncate text-sm font-medium" title={staff.email}>
          {staff.displayName}
        </p>
        <p className="text-xs capitalize text-muted-foreground">{staff.role}</p>
      </div>
      <nav aria-label="Admin" className="flex-1">
        <ul className="space-y-1">
          {areasFor(staff.role).map((area) => {
            const Icon = AREA_ICONS[area.icon]
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
