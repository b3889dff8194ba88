import { z } from 'zod'
import { changeFeed } from '#app/lib/changes.server.ts'
import { requireRole } from '#app/lib/permissions.server.ts'
import { onShutdown } from '#app/lib/shutdown.server.ts'
import type { TableName } from '#db/database.ts'
import type { Route } from './+types/changes.ts'

/** Tables whose changes anyone may follow; the rest need a staff session. */
const PUBLIC_TABLES = ['themes', 'sections', 'blogs', 'events', 'policies', 'testimonials', 'gallery', 'gallery_folders'] as const
const STAFF_TABLES = ['contact_messages', 'profiles', 'user_roles'] as const

const tablesSchema = z
  .string()
  .transform((value) => value.split(',').filter(Boolean))
  .pipe(z.array(z.enum([...PUBLIC_TABLES, ...STAFF_TABLES])).min(1))

const HEARTBEAT_MS = 25_000

/**
 * Server-sent events: `GET /api/changes?tables=themes,sections` streams
 * `{table, type, id}` for each committed write to those tables.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = tablesSchema.safeParse(new URL(request.url).searchParams.get('tables') ?? '')
  if (!parsed.success) {
    return Response.json({ error: `tables must list one or more of: ${[...PUBLIC_TABLES, ...STAFF_TABLES].join(', ')}` }, { status: 400 })
  }
  const tables: TableName[] = parsed.data
  if (tables.some((table) => (STAFF_TABLES as readonly string[]).includes(table))) {
    await requireRole(request, 'editor')
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
      const unsubscribe = changeFeed.subscribe(tables, (change) => {
        send(`event: change\ndata: ${JSON.stringify(change)}\n\n`)
      })
      const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS)
      let stopListening = () => {}
      cleanup = () => {
        clearInterval(heartbeat)
        unsubscribe()
        stopListening()
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
