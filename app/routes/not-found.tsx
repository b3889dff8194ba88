import { data } from 'react-router'
import { NotFoundMessage } from '#app/components/site/not-found-message.tsx'
import type { Route } from './+types/not-found.ts'

export function loader() {
  return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: 'Page not found' }]

export default function NotFound() {
  return (
    <main className="min-h-screen">
      <NotFoundMessage className="min-h-screen" />
    </main>
  )
}
