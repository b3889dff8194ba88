import { data, Link } from 'react-router'
import { CardList } from '#app/components/site/card-list.tsx'
import { PolicyCard } from '#app/components/site/policy-card.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { countPublicPoliciesByCategory, listPolicyCategories, listPublicPolicies } from '#app/domain/policy/policy.server.ts'
import { pageMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/policies.ts'

const TITLE = 'School Policies'
const SUBTITLE = 'The documents that guide how our school works.'

/** `?category={slug}` narrows the list to one category; an unknown one is not found. */
export async function loader({ request }: Route.LoaderArgs) {
  const wanted = new URL(request.url).searchParams.get('category')
  const [categories, counts] = await Promise.all([listPolicyCategories(), countPublicPoliciesByCategory()])
  const category = wanted ? (categories.find((candidate) => candidate.slug === wanted) ?? null) : null
  const filters = categories
    .map((candidate) => ({ slug: candidate.slug, name: candidate.name, count: counts.byCategory.get(candidate.id) ?? 0 }))
    .filter((filter) => filter.count > 0 || filter.slug === category?.slug)
  const answer = { policies: wanted && !category ? [] : await listPublicPolicies(category?.id), filters, total: counts.total, current: category?.slug ?? null }
  return wanted && !category ? data(answer, { status: 404 }) : answer
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const current = loaderData?.filters.find((filter) => filter.slug === loaderData.current)
  return pageMeta(matches, {
    title: current ? `${current.name} policies` : TITLE,
    description: SUBTITLE,
    path: current ? `/policies?category=${current.slug}` : '/policies',
  })
}

/** Plain links, so the filter works without JavaScript; the current one is marked for screen readers too. */
function CategoryFilters({ filters, total, current }: { filters: { slug: string; name: string; count: number }[]; total: number; current: string | null }) {
  if (filters.length === 0) return null
  const links = [{ slug: null, name: 'All', count: total }, ...filters]
  return (
    <nav aria-label="Policy categories" className="mb-8">
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => {
          const active = link.slug === current
          return (
            <li key={link.slug ?? ''}>
              <Link
                to={link.slug ? `/policies?category=${link.slug}` : '/policies'}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium ${active ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-muted'}`}
              >
                {link.name}
                <span className={`rounded-full px-2 text-xs ${active ? 'bg-primary-foreground/20' : 'bg-muted'}`}>
                  {link.count}
                  <span className="sr-only"> {link.count === 1 ? 'policy' : 'policies'}</span>
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

export default function Policies({ loaderData }: Route.ComponentProps) {
  const { policies, filters, total, current } = loaderData
  return (
    <>
      <PageBanner page="policiesPage" title={TITLE} subtitle={SUBTITLE} />
      <div className="mx-auto max-w-6xl px-4 py-12">
        <CategoryFilters filters={filters} total={total} current={current} />
        <CardList items={policies} empty="No policies available yet." className="grid gap-6 md:grid-cols-2" renderCard={(policy) => <PolicyCard policy={policy} />} />
      </div>
    </>
  )
}
