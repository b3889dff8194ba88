import { Link } from 'react-router'
import { cn } from '#app/lib/utils.ts'

/**
 * What an address the site does not know shows: the same words, heading and
 * link whether no route matched or no page has that slug.
 */
export function NotFoundMessage({ className }: { className?: string }) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-4 bg-muted p-8 text-center', className)}>
      <h1 className="text-5xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="text-primary underline underline-offset-4 hover:opacity-80">
        Return to Home
      </Link>
    </div>
  )
}
