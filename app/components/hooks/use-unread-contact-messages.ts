import { useEffect, useRef } from 'react'
import { useRevalidator, useRouteLoaderData } from 'react-router'
import { useChangeFeed } from './use-change-feed.ts'

/** What the admin layout's loader tells every admin page: null for a role that does not read contact messages. */
interface UnreadContactMessages {
  unreadContactMessages: number | null
}

const LAYOUT_ROUTE = 'routes/admin/layout'
/** Changes arriving within this wait of each other cost one reload. */
const RELOAD_AFTER_MS = 150

/** How many contact messages are unread, as the admin layout last loaded it; null when the role does not read them. */
export function useUnreadContactMessages(): number | null {
  return useRouteLoaderData<UnreadContactMessages>(LAYOUT_ROUTE)?.unreadContactMessages ?? null
}

/**
 * Reloads the page's data (the layout's count with it) whenever a message
 * arrives, is marked read or unread, or is deleted, by anyone in any tab or
 * through the API. One follower for every admin page, the Contact Messages
 * list included, so that one change costs one reload.
 */
export function useFollowContactMessages(following: boolean) {
  const revalidator = useRevalidator()
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // 'Mark all read' tells of every message it changed: one reload answers the burst.
  const reload = () => {
    clearTimeout(pending.current)
    pending.current = setTimeout(() => void revalidator.revalidate(), RELOAD_AFTER_MS)
  }
  useEffect(() => () => clearTimeout(pending.current), [])
  useChangeFeed(following ? ['contact_messages'] : [], reload, reload)
}
