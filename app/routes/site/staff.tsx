import { data, Link } from 'react-router'
import { StaffCard } from '#app/components/site/staff-card.tsx'
import { ThemedSection } from '#app/components/site/themed-section.tsx'
import { getPublicStaffDirectory } from '#app/domain/staff/staff.server.ts'
import { pageMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/staff.ts'

const TITLE = 'Our Staff'
const SUBTITLE = 'The people who teach, support and look after our pupils.'
const EMPTY = 'No staff are listed yet.'

/** While the directory is off, /staff is an unknown address like any other (docs/product-rules.md#staff-directory). */
export async function loader() {
  const departments = await getPublicStaffDirectory()
  if (!departments) return data({ departments: null }, { status: 404 })
  return { departments }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData?.departments) return [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }]
  return pageMeta(matches, { title: TITLE, description: SUBTITLE, path: '/staff' })
}

export default function Staff({ loaderData }: Route.ComponentProps) {
  const { departments } = loaderData
  if (!departments) return <NotFound />
  return (
    <>
      {/* The shared page-title style: the directory has no theme style of its own. */}
      <ThemedSection styleKey="pageTitle" className="bg-primary/5 px-4 py-12 text-center md:py-16">
        <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{TITLE}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg opacity-90">{SUBTITLE}</p>
      </ThemedSection>
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-12">
        {departments.length === 0 ? <p className="py-16 text-center text-lg text-muted-foreground">{EMPTY}</p> : null}
        {departments.map((department, index) => (
          <section key={department.name} aria-labelledby={`department-${index}`} className="space-y-6">
            <h2 id={`department-${index}`} className="border-b pb-2 text-2xl font-bold tracking-tight">
              {department.name}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {department.people.map((person) => (
                <li key={person.id}>
                  <StaffCard person={person} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  )
}

/** The words of the site's not-found page, inside the site's layout (which already holds the page's <main>). */
function NotFound() {
  return (
    <div className="flex flex-col items-center justify-center gap-4 bg-muted px-8 py-24 text-center">
      <h1 className="text-5xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="text-primary underline underline-offset-4 hover:opacity-80">
        Return to Home
      </Link>
    </div>
  )
}
