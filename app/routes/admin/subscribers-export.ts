import { subscribersCsv } from '#app/domain/subscription/subscriber-admin.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/subscribers-export.ts'

/** Every subscriber as a CSV file: address, choices and dates (docs/product-rules.md#subscriptions). */
export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'admin')
  const day = new Date().toISOString().slice(0, 10)
  return new Response(await subscribersCsv(), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="subscribers-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
