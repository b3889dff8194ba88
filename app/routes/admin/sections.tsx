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
import { HomeLayoutEditor } from '#app/components/admin/home-layout-editor.tsx'
import { listSections, saveHomeLayout, saveSectionContent } from '#app/domain/section/section-admin.server.ts'
import { homeLayoutActionSchema, isEditableSectionKey, SECTION_MESSAGES, sectionActionSchema } from '#app/domain/section/section-forms.ts'
import { HOME_LAYOUT_KEY, HOME_LAYOUT_MESSAGES, type HomeLayout } from '#app/domain/section/section.schema.ts'
import { getHomeLayout } from '#app/domain/section/section.server.ts'
import { answerAction, postedForm, textFields, validated } from '#app/lib/action.server.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/sections.ts'

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'editor')
  const [sections, homeLayout] = await Promise.all([listSections(), getHomeLayout()])
  // The layout has a card of its own, in key order, whether or not its row exists yet (a missing row is the default layout).
  const keys = [...sections.map((section) => section.key).filter((key) => key !== HOME_LAYOUT_KEY), HOME_LAYOUT_KEY].sort()
  return { cards: keys.map((key) => ({ key, content: sections.find((section) => section.key === key)?.content ?? null })), homeLayout }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(context, 'editor')
  return answerAction(async () => {
    const form = textFields(await postedForm(request))
    if (form.intent === 'layout') {
      await saveHomeLayout(contentOf(validated(homeLayoutActionSchema, form).layout))
      return HOME_LAYOUT_MESSAGES.updated
    }
    const submission = validated(sectionActionSchema, form)
    await saveSectionContent(submission.key, contentOf(submission.content))
    return SECTION_MESSAGES.updated
  })
}

/** A section form (and the home layout) posts its content as JSON; the domain checks it against the key's schema. */
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
      <AdminPageHeader title="Sections Management" description="The home page's sections and their order, the header logo and the contact details." />
      <ul className="space-y-6">
        {loaderData.cards.map((card) => (
          <li key={card.key}>
            <SectionEditor sectionKey={card.key} content={card.content} homeLayout={loaderData.homeLayout} />
          </li>
        ))}
      </ul>
    </>
  )
}

/** The form chosen by key; stored content that no longer fits its schema opens empty rather than breaking the page. */
function SectionEditor({ sectionKey, content, homeLayout }: { sectionKey: string; content: unknown; homeLayout: HomeLayout }) {
  if (sectionKey === HOME_LAYOUT_KEY) return <HomeLayoutEditor layout={homeLayout} />
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
