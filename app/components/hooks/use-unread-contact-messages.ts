import { useFetcher, useRouteLoaderData } from 'react-router'
import { useChangeFeed } from './use-change-feed.ts'

/** What the admin layout's loader tells every admin page: null for a role that does not read contact messages. */
interface UnreadContactMessages {
  unreadContactMessages: number | null
}

const LAYOUT_ROUTE = 'routes/admin/layout'
/** One fetcher, shared by key, so the sidebar and the dashboard show the same fresh count. */
const FETCHER_KEY = 'unread-contact-messages'

/** How many contact messages are unread, as fresh as the layout's follower keeps it; null when the role does not read them. */
export function useUnreadContactMessages(): number | null {
  const layout = useRouteLoaderData<UnreadContactMessages>(LAYOUT_ROUTE)
  const fetcher = useFetcher<UnreadContactMessages>({ key: FETCHER_KEY })
  return fetcher.data?.unreadContactMessages ?? layout?.unreadContactMessages ?? null
}

/**
 * Reloads the count whenever a message arrives, is marked read or unread, or
 * is deleted. `/admin` without `?index` loads the layout's own loader, not the
 * dashboard's: one small query, not the page.
 */
export function useFollowUnreadContactMessages(following: boolean) {
  const fetcher = useFetcher<UnreadContactMessages>({ key: FETCHER_KEY })
  const reload = () => void fetcher.load('/admin')
  useChangeFeed(following ? ['contact_messages'] : [], reload, reload)
}
