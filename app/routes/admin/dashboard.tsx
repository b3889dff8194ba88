import { Mail } from 'lucide-react'
import { Link } from 'react-router'
import { AREA_ICONS } from '#app/components/admin/admin-sidebar.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { useUnreadContactMessages } from '#app/components/hooks/use-unread-contact-messages.ts'
import { officeMailGoesToAdmins } from '#app/domain/contact/office-notifications.server.ts'
import { countContent, type ContentCountKey } from '#app/domain/dashboard/dashboard.server.ts'
import { areasFor, hasRole, type AdminAreaIcon } from '#app/domain/user/access.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/dashboard.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context, 'user')
  return {
    counts: await countContent(),
    linkedPaths: areasFor(staff.role).map((area) => area.path),
    displayName: staff.displayName,
    // Told to admins only: they alone can set the office addresses.
    contactMailGoesToAdmins: hasRole(staff.role, 'admin') && (await officeMailGoesToAdmins()),
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Admin Panel' }, { name: 'robots', content: 'noindex' }]

const CARD_AREAS: Record<ContentCountKey, { icon: AdminAreaIcon; path: string }> = {
  sections: { icon: 'sections', path: '/admin/sections' },
  blogs: { icon: 'blogs', path: '/admin/blogs' },
  events: { icon: 'events', path: '/admin/events' },
  gallery: { icon: 'gallery', path: '/admin/gallery' },
  policies: { icon: 'policies', path: '/admin/policies' },
  testimonials: { icon: 'testimonials', path: '/admin/testimonials' },
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, linkedPaths, displayName, contactMailGoesToAdmins } = loaderData
  // The layout's count, which follows the change feed: null for a role that does not read the messages.
  const unread = useUnreadContactMessages()
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Dashboard</h1>
        <p className="mt-1 text-muted-foreground">Welcome, {displayName}.</p>
      </div>
      {unread === null ? null : (
        <Link to="/admin/contact" className="flex items-center gap-3 rounded-xl border bg-card p-4 transition-shadow hover:shadow-md">
          <Mail aria-hidden className="size-5 text-primary" />
          <span className="font-medium">
            <span data-testid="count-unread-contact-messages" className="text-2xl font-bold tabular-nums">
              {unread}
            </span>{' '}
            unread contact {unread === 1 ? 'message' : 'messages'}
          </span>
        </Link>
      )}
      {contactMailGoesToAdmins ? (
        <p className="rounded-xl border bg-card p-4 text-sm">
          New contact messages are e-mailed to every admin until office addresses are set under{' '}
          <Link to="/admin/contact" className="font-medium text-primary underline underline-offset-4">
            Contact Messages
          </Link>
          , Notifications.
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {counts.map(({ key, label, count }) => {
          const { icon, path } = CARD_AREAS[key]
          const Icon = AREA_ICONS[icon]
          const body = (
            <Card className="h-full transition-shadow hover:shadow-md">
              <CardHeader className="flex flex-row items-center justify-between">
                <CardTitle>
                  <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
                </CardTitle>
                <Icon aria-hidden className="size-5 text-primary" />
              </CardHeader>
              <CardContent>
                <p className="text-3xl font-bold" data-testid={`count-${key}`}>
                  {count}
                </p>
              </CardContent>
            </Card>
          )
          return (
            <li key={key}>
              {linkedPaths.includes(path) ? (
                <Link to={path} className="block h-full rounded-xl">
                  {body}
                </Link>
              ) : (
                body
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
