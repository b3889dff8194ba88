import { Search, X } from 'lucide-react'
import { Form, Link, useLocation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { LIST_SEARCH_MAX_LENGTH } from '#app/lib/list-search.ts'

/**
 * The search box above a back-office list: a GET form that sets `?q=` (the
 * loader filters), keeping the list's other parameters but going back to its
 * first page; a link clears it.
 */
export function AdminListSearch({ label, query }: { label: string; query: string }) {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  params.delete('q')
  params.delete('page')
  const kept = [...params.entries()]
  const cleared = `${location.pathname}${params.size ? `?${params.toString()}` : ''}`
  return (
    <Form method="get" role="search" className="mb-6 flex flex-wrap items-center gap-2">
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="admin-list-q" className="sr-only">
        {label}
      </label>
      <Input id="admin-list-q" name="q" type="search" defaultValue={query} key={query} placeholder={label} maxLength={LIST_SEARCH_MAX_LENGTH} className="min-w-40 flex-1 sm:max-w-xs" />
      <Button type="submit" variant="outline">
        <Search aria-hidden />
        Search
      </Button>
      {query ? (
        <Button asChild variant="ghost">
          <Link to={cleared}>
            <X aria-hidden />
            Clear search
          </Link>
        </Button>
      ) : null}
    </Form>
  )
}
