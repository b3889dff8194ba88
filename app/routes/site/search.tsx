import { Search } from 'lucide-react'
import { Form } from 'react-router'
import { SearchResultList } from '#app/components/site/search-results.tsx'
import { ThemedSection } from '#app/components/site/themed-section.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { searchSite } from '#app/domain/search/search.server.ts'
import { SEARCH_LIMITS } from '#app/domain/search/search.ts'
import { pageMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/search.ts'

const TITLE = 'Search'

/** `?q=` and `?page=` as typed: any text searches, a page that is not a number is the first. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return { search: await searchSite({ query: params.get('q') ?? '', page }) }
}

export function meta({ matches }: Route.MetaArgs) {
  // Result pages are the site's own content again: search engines should index the content, not these.
  return pageMeta(matches, { title: TITLE, description: 'Search the posts, pages, events and policies of the school.', path: '/search', extra: [{ name: 'robots', content: 'noindex' }] })
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { search } = loaderData
  return (
    <>
      <ThemedSection styleKey="pageTitle" className="bg-primary/5 px-4 py-12 text-center md:py-16">
        <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{TITLE}</h1>
        <Form method="get" action="/search" role="search" className="mx-auto mt-6 flex max-w-xl gap-2">
          <label htmlFor="search-page-q" className="sr-only">
            Search the site
          </label>
          <Input id="search-page-q" name="q" type="search" defaultValue={search.query} key={search.query} maxLength={SEARCH_LIMITS.queryLength} className="h-11 text-base" />
          <Button type="submit" size="lg" className="h-11">
            <Search aria-hidden />
            Search
          </Button>
        </Form>
      </ThemedSection>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <SearchResultList search={search} />
      </div>
    </>
  )
}
