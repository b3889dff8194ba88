import { Link } from 'react-router'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import {
  AboutSectionEditor,
  ContactSectionEditor,
  FeaturesSectionEditor,
  HeroSectionEditor,
  LogosSectionEditor,
  SectionCard,
} from '#app/components/admin/section-editors.tsx'
import { listSections, saveSectionContent } from '#app/domain/section/section-admin.server.ts'
import { isEditableSectionKey, SECTION_MESSAGES, sectionActionSchema } from '#app/domain/section/section-forms.ts'
import { answerAction, validatedForm } from '#app/lib/action.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/sections.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  return { sections: await listSections() }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const submission = await validatedForm(sectionActionSchema, request)
    await saveSectionContent(submission.key, contentOf(submission.content))
    return SECTION_MESSAGES.updated
  })
}

/** A section form posts its content as JSON; the domain checks it against the key's schema. */
function contentOf(json: string): unknown {
  try {
    return JSON.parse(json)
  } catch {
    throw DomainError.invalid('Invalid input')
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Sections | Admin Panel' }]

export default function SectionsAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title="Sections Management" description="The home page's sections, the header logo and the contact details." />
      <ul className="space-y-6">
        {loaderData.sections.map((section) => (
          <li key={section.id}>
            <SectionEditor sectionKey={section.key} content={section.content} />
          </li>
        ))}
      </ul>
    </>
  )
}

/** The form chosen by key; stored content that no longer fits its schema opens empty rather than breaking the page. */
function SectionEditor({ sectionKey, content }: { sectionKey: string; content: unknown }) {
  if (sectionKey === 'calendar.google') {
    return (
      <SectionCard sectionKey={sectionKey}>
        {/* Underlined: within a sentence, colour alone does not mark a link. */}
        The calendar link is edited in{' '}
        <Link to="/admin/events" className="font-medium text-primary underline underline-offset-4 hover:decoration-2">
          Events
        </Link>
        .
      </SectionCard>
    )
  }
  if (!isEditableSectionKey(sectionKey)) return <SectionCard sectionKey={sectionKey}>{SECTION_MESSAGES.noForm}</SectionCard>
  switch (sectionKey) {
    case 'home.about':
      return <AboutSectionEditor content={stored(content, { title: '', content: '', image: '' })} />
    case 'home.contact':
      return <ContactSectionEditor content={stored(content, { schoolName: '', phone: '', email: '', address: '' })} />
    case 'home.features':
      return <FeaturesSectionEditor content={stored(content, { title: '', features: [{ icon: 'BookOpen', title: '', description: '', image: '' }] })} />
    case 'home.hero':
      return <HeroSectionEditor content={stored(content, { slides: [{ title: '', subtitle: '', image: '' }] })} />
    case 'home.logos':
      return <LogosSectionEditor content={stored(content, { image: '', title: '', hoverText: '', shareImage: '' })} />
  }
}

function stored<T extends object>(content: unknown, empty: T): T {
  return content && typeof content === 'object' ? { ...empty, ...(content as Partial<T>) } : empty
}
