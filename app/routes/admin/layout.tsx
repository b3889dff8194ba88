import { useState } from 'react'
import { Mail } from 'lucide-react'
import { Link, Outlet, useNavigate, useNavigation } from 'react-router'
import { AdminSidebar } from '#app/components/admin/admin-sidebar.tsx'
import { MenuToggle, useNavigationMenu } from '#app/components/menu-toggle.tsx'
import { toast } from '#app/components/ui/sonner.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { countUnreadContactMessages } from '#app/domain/contact/contact-messages.server.ts'
import { canReadContactMessages } from '#app/domain/contact/office-notifications.server.ts'
import { AUTH_MESSAGES, LOGGED_OUT_PARAM } from '#app/domain/user/credentials.schema.ts'
import { authClient } from '#app/lib/auth-client.ts'
import { useHydrated } from '#app/components/hooks/use-hydrated.ts'
import { adminGuard, mustSetUpTwoFactorFirst, requireStaff } from '#app/services/permissions.server.ts'
import { useSessionWatcher } from '#app/components/hooks/use-session-watcher.ts'
import { useFollowContactMessages } from '#app/components/hooks/use-unread-contact-messages.ts'
import type { Route } from './+types/layout.ts'

export const middleware: Route.MiddlewareFunction[] = [adminGuard]

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context, 'user')
  // Shown next to 'Contact Messages' on every admin page (docs/product-rules.md#office-notifications). Staff who must
  // set up two-factor sign-in first reach only their account page: no count, and no change stream the server refuses.
  const readsMessages = canReadContactMessages(staff.role) && !(await mustSetUpTwoFactorFirst(context, staff))
  return { staff, unreadContactMessages: readsMessages ? await countUnreadContactMessages() : null }
}

export const meta: Route.MetaFunction = () => [{ title: 'Admin Panel' }, { name: 'robots', content: 'noindex' }]

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { staff } = loaderData
  const navigate = useNavigate()
  const navigation = useNavigation()
  const markLeaving = useSessionWatcher()
  const [loggingOut, setLoggingOut] = useState(false)
  const menu = useNavigationMenu()
  const unread = loaderData.unreadContactMessages
  useFollowContactMessages(unread !== null)

  // Logout goes to /auth even when the sign-out call fails; the
  // marker keeps /auth from sending a still-valid session back here.
  async function logout() {
    markLeaving()
    setLoggingOut(true)
    const signedOut = await authClient.signOut().then(
      ({ error }) => !error,
      () => false,
    )
    toast.success(AUTH_MESSAGES.signedOut)
    await navigate(signedOut ? '/auth' : `/auth?${LOGGED_OUT_PARAM}=1`)
  }

  const hydrated = useHydrated()
  const sidebar = <AdminSidebar staff={staff} counts={unread ? { '/admin/contact': { count: unread, label: 'unread' } } : {}} onLogout={() => void logout()} loggingOut={loggingOut} />

  return (
    <div className="min-h-screen bg-muted/40 md:flex">
      <header className="sticky top-0 z-30 flex items-center justify-between border-b bg-background px-4 py-3 md:hidden">
        <span className="font-bold text-primary">Admin Panel</span>
        {/* The sidebar is folded away on a phone: its count shows here too. */}
        {unread ? (
          <Link
            to="/admin/contact"
            data-testid="header-count-contact"
            className="ml-auto mr-2 flex items-center gap-1 rounded-full bg-destructive px-2.5 py-1 text-xs font-semibold text-white tabular-nums"
          >
            <Mail aria-hidden className="size-3.5" />
            {unread}
            <span className="sr-only"> unread contact {unread === 1 ? 'message' : 'messages'}</span>
          </Link>
        ) : null}
        <MenuToggle open={menu.open} onToggle={menu.toggle} controls="admin-menu" />
      </header>
      {menu.open ? (
        <div id="admin-menu" className="border-b bg-background md:hidden">
          {sidebar}
        </div>
      ) : null}
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 border-r bg-background md:block">{sidebar}</aside>
      {/*
        The admin forms work only once the page's scripts run (fetchers, the rich-text
        editor, the image picker, section content posted as JSON), and a dialog or list
        entry rendered by them would lose anything typed before: until then the content
        takes no input.
      */}
      <main className="min-w-0 flex-1 p-4 md:p-8" inert={!hydrated} aria-busy={hydrated ? undefined : true}>
        {navigation.state === 'loading' && navigation.location.pathname.startsWith('/admin') ? (
          <div className="flex justify-center py-24">
            <Spinner className="size-8 text-primary" />
          </div>
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  )
}
