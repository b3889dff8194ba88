import { ContactSection } from '#app/components/home/contact-section.tsx'
import { PageBanner } from '#app/components/site/themed-section.tsx'
import { renderedFormToken } from '#app/domain/contact/anonymous-form.server.ts'
import { getSectionContent } from '#app/domain/section/section.server.ts'
import { CONTACT_PLACEHOLDERS } from '#app/domain/section/site-shell.server.ts'
import { pageMeta } from '#app/lib/seo.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import { answerContactForm } from '#app/services/contact-form.server.ts'
import type { Route } from './+types/contact.ts'

const TITLE = 'Contact Us'
const SUBTITLE = 'Call, write or send us a message: the school office is happy to help.'

/** The school's contact details (the footer's placeholders until the contact section is filled in) and a fresh form token. */
export async function loader({ context }: Route.LoaderArgs) {
  const contact = await getSectionContent('home.contact')
  return { contact: contact ?? CONTACT_PLACEHOLDERS, formToken: renderedFormToken(context, 'contact') }
}

/** The same action as the home page's form: same rules, same messages (docs/product-rules.md#contact-form). */
export async function action({ request, context }: Route.ActionArgs) {
  return answerContactForm(request, context.get(clientAddressContext))
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const school = loaderData?.contact.schoolName ?? matches[1]?.loaderData?.shell.title ?? 'the school'
  return pageMeta(matches, {
    title: TITLE,
    description: `The phone number, e-mail and address of ${school}, and a form to send the school office a message.`,
    path: '/contact',
  })
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner page="pageTitle" title={TITLE} subtitle={SUBTITLE} />
      <ContactSection contact={loaderData.contact} formToken={loaderData.formToken} />
    </>
  )
}
