import { z } from 'zod'
import { changeStreams, CHANGE_STREAM_LIMITS } from '#app/lib/change-stream-limits.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { clientAddressGroup } from '#app/lib/client-address-group.ts'
import { config } from '#app/lib/env.server.ts'
import { requireRole } from '#app/services/permissions.server.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import { onShutdown } from '#app/lib/shutdown.server.ts'
import type { TableName } from '#db/database.ts'
import type { Route } from './+types/changes.ts'

/** Whether the request's session may follow the staff tables, by the same rule as opening them (no redirect). */
async function mayFollowStaffTables(request: Request) {
  try {
    await requireRole(request, 'editor')
    return true
  } catch {
    return false
  }
}

/** Tables whose changes anyone may follow; the rest need a staff session. */
const PUBLIC_TABLES = ['themes', 'sections', 'blogs', 'events', 'policies', 'testimonials', 'gallery', 'gallery_folders', 'alerts'] as const
const STAFF_TABLES = ['contact_messages', 'profiles', 'user_roles'] as const

const tablesSchema = z
  .string()
  .transform((value) => value.split(',').filter(Boolean))
  .pipe(z.array(z.enum([...PUBLIC_TABLES, ...STAFF_TABLES])).min(1))

const HEARTBEAT_MS = 25_000

const REFUSALS = {
  429: 'Too many open change streams from your address. Close some tabs or try again later.',
  503: 'The server is following too many changes right now. Try again later.',
} as const

/**
 * A stream ends a little before its lifetime, at a random point of its last
 * tenth, so that streams opened together (after a restart) do not all end together.
 */
function streamLifetimeMs() {
  return config.changeStreamLifetimeMs * (0.9 + 0.1 * Math.random())
}

/** The browser waits this long before reconnecting to an ended stream: 1 to 5 s, spread for the same reason. */
function reconnectDelayMs() {
  return Math.round(1_000 + 4_000 * Math.random())
}

/**
 * Server-sent events: `GET /api/changes?tables=themes,sections` streams
 * `{table, type, id}` for each committed write to those tables (`{table, type}`
 * to whoever is not an editor or admin). The server
 * ends each stream after a while (the browser reconnects, and staff access is
 * checked again), and holds only so many at once (CHANGE_STREAM_LIMITS).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = tablesSchema.safeParse(new URL(request.url).searchParams.get('tables') ?? '')
  if (!parsed.success) {
    return Response.json({ error: `tables must list one or more of: ${[...PUBLIC_TABLES, ...STAFF_TABLES].join(', ')}` }, { status: 400 })
  }
  const tables: TableName[] = parsed.data
  const staffTables = tables.some((table) => (STAFF_TABLES as readonly string[]).includes(table))
  if (staffTables) await requireRole(request, 'editor')
  // Drafts' writes are published too: which row changed is for staff, who may see drafts; anyone else is told the
  // table and the kind of change, enough to reload what they are shown.
  const toldWhichRow = staffTables || (await mayFollowStaffTables(request))

  const admission = changeStreams.admit(clientAddressGroup(context.get(clientAddressContext)))
  if (!admission.ok) {
    return Response.json(
      { error: REFUSALS[admission.status] },
      { status: admission.status, headers: { 'Retry-After': String(CHANGE_STREAM_LIMITS.retryAfterSeconds), 'Cache-Control': 'no-store' } },
    )
  }

  const encoder = new TextEncoder()
  let cleanup = () => {}
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          cleanup()
        }
      }
      send('retry: 3000\n: connected\n\n')
      const unsubscribe = changeFeed.subscribe(tables, ({ table, type, id }) => {
        send(`event: change\ndata: ${JSON.stringify(toldWhichRow ? { table, type, id } : { table, type })}\n\n`)
      })
      const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS)
      const lifetime = setTimeout(() => {
        send(`retry: ${reconnectDelayMs()}\n\n`)
        cleanup()
      }, streamLifetimeMs())
      let stopListening = () => {}
      cleanup = () => {
        clearInterval(heartbeat)
        clearTimeout(lifetime)
        unsubscribe()
        stopListening()
        admission.release()
        request.signal.removeEventListener('abort', cleanup)
        cleanup = () => {}
        try {
          controller.close()
        } catch {
          // already closed by the client
        }
      }
      stopListening = onShutdown(() => cleanup())
      request.signal.addEventListener('abort', cleanup)
      if (request.signal.aborted) cleanup()
    },
    cancel() {
      cleanup()
    },
  })

  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    },
  })
}
