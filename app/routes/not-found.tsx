import { data, Link } from 'react-router'
import type { Route } from './+types/not-found.ts'

export function loader() {
  return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: 'Page not found' }]

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted p-8 text-center">
      <h1 className="text-5xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="text-primary underline underline-offset-4 hover:opacity-80">
        Return to Home
      </Link>
    </main>
  )
}
