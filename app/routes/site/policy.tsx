import { ChevronRight } from 'lucide-react'
import { data, Link } from 'react-router'
import { useSite } from '#app/components/hooks/use-site.ts'
import { PolicyDownloadLink } from '#app/components/site/policy-download-link.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { getPublicPolicyBySlug } from '#app/domain/policy/policy.server.ts'
import { policyPath } from '#app/domain/policy/policy.ts'
import { formatDate } from '#app/lib/format.ts'
import { pageMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/policy.ts'

/** One published policy at its stable address; a draft is not found (docs/product-rules.md#policies). */
export async function loader({ params }: Route.LoaderArgs) {
  const policy = await getPublicPolicyBySlug(params.slug)
  if (!policy) return data({ policy: null }, { status: 404 })
  return { policy }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const policy = loaderData?.policy
  if (!policy) return [{ title: 'Policy not found' }, { name: 'robots', content: 'noindex' }]
  return pageMeta(matches, { title: policy.title, description: policy.description ?? `${policy.title}: a policy of our school.`, path: policyPath(policy.slug) })
}

function BackToPolicies() {
  return (
    <Link to="/policies" className="font-medium text-primary underline-offset-4 hover:underline">
      All policies
    </Link>
  )
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const { timeZone } = useSite()
  const { policy } = loaderData
  if (!policy) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Policy not found</h1>
        <BackToPolicies />
      </div>
    )
  }
  const breadcrumb = (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center justify-center gap-1 opacity-90">
        <li>
          <Link to="/policies" className="underline-offset-4 hover:underline">
            Policies
          </Link>
        </li>
        {policy.category ? (
          <li className="flex items-center gap-1">
            <ChevronRight aria-hidden className="size-4" />
            <Link to={`/policies?category=${policy.category.slug}`} className="underline-offset-4 hover:underline">
              {policy.category.name}
            </Link>
          </li>
        ) : null}
      </ol>
    </nav>
  )
  return (
    <>
      <PageBanner page="policiesPage" title={policy.title} above={breadcrumb} />
      <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {policy.category ? (
            <>
              <dt className="font-medium">Category</dt>
              <dd className="text-muted-foreground">{policy.category.name}</dd>
            </>
          ) : null}
          <dt className="font-medium">Last updated</dt>
          <dd className="text-muted-foreground">
            <time dateTime={policy.updatedAt}>{formatDate(policy.updatedAt, timeZone)}</time>
          </dd>
        </dl>
        {policy.description ? <p className="text-lg whitespace-pre-line">{policy.description}</p> : null}
        {policy.fileUrl ? <PolicyDownloadLink policy={policy} /> : <p className="text-muted-foreground">This policy has no document yet.</p>}
        <BackToPolicies />
      </article>
    </>
  )
}
