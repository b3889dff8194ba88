import { PolicyCard } from '#app/components/site/policy-card.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { listPolicies } from '#app/domain/policy/policy.server.ts'
import { pageMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/policies.ts'

const TITLE = 'School Policies'
const SUBTITLE = 'The documents that guide how our school works.'

export async function loader() {
  return { policies: await listPolicies() }
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
        {policies.length === 0 ? (
          <p className="py-16 text-center text-lg text-muted-foreground">No policies available yet.</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2">
            {policies.map((policy) => (
              <li key={policy.id}>
                <PolicyCard policy={policy} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
