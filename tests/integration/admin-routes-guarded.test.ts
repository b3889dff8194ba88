import path from 'node:path'
import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import routes from '#app/routes.ts'
import { ACCESS_DENIED_PATH } from '#app/services/permissions.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

interface RouteEntry {
  path?: string
  file: string
  children?: RouteEntry[]
}

type RouteFunction = (args: { request: Request; params: Record<string, string>; context: RouterContextProvider }) => unknown

/** Every module under the admin layout, with its path. */
function adminRoutes(): RouteEntry[] {
  const admin = (routes as RouteEntry[]).find((entry) => entry.path === 'admin')
  return admin?.children ?? []
}

async function thrownBy(run: () => unknown): Promise<unknown> {
  try {
    await run()
    return null
  } catch (error) {
    return error
  }
}

describe(`admin routes on ${database.engine}`, () => {
  test('each loader and action refuses a request the admin middleware did not admit, before doing anything', async () => {
    const checked: string[] = []
    for (const entry of adminRoutes()) {
      const module = (await import(path.join(process.cwd(), 'app', entry.file))) as { loader?: RouteFunction; action?: RouteFunction }
      for (const [name, run] of [
        ['loader', module.loader],
        ['action', module.action],
      ] as const) {
        if (!run) continue
        const request = new Request('http://localhost:3000/admin/x', { method: name === 'loader' ? 'GET' : 'POST', body: name === 'loader' ? undefined : new FormData() })
        const thrown = await thrownBy(() => run({ request, params: { id: 'some-id' }, context: new RouterContextProvider() }))
        expect(thrown instanceof Response ? [entry.file, name, thrown.status, thrown.headers.get('location')] : [entry.file, name, thrown]).toEqual([entry.file, name, 302, ACCESS_DENIED_PATH])
        checked.push(`${entry.file} ${name}`)
      }
    }
    expect(checked).toContain('routes/admin/blog-revisions.ts loader')
    expect(checked).toContain('routes/admin/blog-revisions.ts action')
    expect(checked).toContain('routes/admin/deliveries.tsx action')
    expect(checked).toContain('routes/admin/subscribers.tsx action')
    expect(checked).toContain('routes/admin/subscribers-export.ts loader')
    expect(checked).toContain('routes/admin/alerts.tsx loader')
    expect(checked).toContain('routes/admin/alerts.tsx action')
    expect(checked).toContain('routes/admin/event-categories.ts action')
    expect(checked).toContain('routes/admin/policy-version-download.ts loader')
    expect(checked.length).toBeGreaterThan(20)
  })
})
