import { CardList } from '#app/components/site/card-list.tsx'
import { PolicyCard } from '#app/components/site/policy-card.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { listPublicPolicies } from '#app/domain/policy/policy.server.ts'
import { pageMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/policies.ts'

const TITLE = 'School Policies'
const SUBTITLE = 'The documents that guide how our school works.'

export async function loader() {
  return { policies: await listPublicPolicies() }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: TITLE, description: SUBTITLE, path: '/policies' })
}

export default function Policies({ loaderData }: Route.ComponentProps) {
  const { policies } = loaderData
  return (
    <>
      <PageBanner page="policiesPage" title={TITLE} subtitle={SUBTITLE} />
      <div className="mx-auto max-w-6xl px-4 py-12">
        <CardList items={policies} empty="No policies available yet." className="grid gap-6 md:grid-cols-2" renderCard={(policy) => <PolicyCard policy={policy} />} />
      </div>
    </>
  )
}
