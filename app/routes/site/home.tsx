import { data } from 'react-router'
import { AboutSection } from '#app/components/home/about-section.tsx'
import { ContactSection } from '#app/components/home/contact-section.tsx'
import { FeaturesGrid } from '#app/components/home/features-grid.tsx'
import { HeroCarousel } from '#app/components/home/hero-carousel.tsx'
import { TestimonialsSection } from '#app/components/home/testimonials-section.tsx'
import { ThemedSection } from '#app/components/site/themed-section.tsx'
import { plainText } from '#app/domain/blog/blog.ts'
import { CONTACT_MESSAGES, type ContactFieldErrors, type ContactFormResult } from '#app/domain/contact/contact.schema.ts'
import { issueContactFormToken, submitContactMessage, type ContactSubmission } from '#app/domain/contact/contact.server.ts'
import { getSectionContent } from '#app/domain/section/section.server.ts'
import { listNewestTestimonials } from '#app/domain/testimonial/testimonial.server.ts'
import { sanitizeHtml } from '#app/lib/html-sanitizer.server.ts'
import { submittedForm, textFields } from '#app/lib/action.server.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import { absoluteUrl, jsonLd, pageMeta } from '#app/lib/seo.ts'
import type { Route } from './+types/home.ts'

export async function loader() {
  const [hero, features, about, contact, testimonials] = await Promise.all([
    getSectionContent('home.hero'),
    getSectionContent('home.features'),
    getSectionContent('home.about'),
    getSectionContent('home.contact'),
    listNewestTestimonials(),
  ])
  return {
    hero,
    features,
    about: about ? { ...about, content: sanitizeHtml(about.content) } : null,
    contact,
    testimonials,
    formToken: issueContactFormToken(),
  }
}

const REFUSAL_STATUS: Record<Exclude<ContactSubmission, { ok: true }>['reason'], number> = {
  invalid: 400,
  'too-fast': 400,
  'too-soon': 429,
  failed: 500,
}

export async function action({ request, context }: Route.ActionArgs) {
  const submitted = await submittedForm(request)
  // A body that is not a form is no visitor's message.
  if (!submitted.ok) return contactRefusal(CONTACT_MESSAGES.invalidSubmission, {}, {}, 400)
  const form = textFields(submitted.data)
  const result = await submitContactMessage(form, context.get(clientAddressContext))
  if (result.ok) return { ok: true } satisfies ContactFormResult
  return contactRefusal(result.error, result.fieldErrors, form, REFUSAL_STATUS[result.reason])
}

function contactRefusal(error: string, fieldErrors: ContactFieldErrors, form: Record<string, string>, status: number) {
  const values = { name: form.name ?? '', email: form.email ?? '', message: form.message ?? '' }
  return data({ ok: false, error, fieldErrors, values } satisfies ContactFormResult, { status })
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const [root, layout] = matches
  const siteUrl = root?.loaderData?.siteUrl ?? ''
  const shell = layout?.loaderData?.shell
  const firstSlide = loaderData?.hero?.slides[0]
  const contact = loaderData?.contact
  const description =
    firstSlide?.subtitle ?? (loaderData?.about ? plainText(loaderData.about.content).slice(0, 200) : 'Our school website.')
  const logo = shell?.logo ? absoluteUrl(siteUrl, shell.logo) : undefined
  return pageMeta(matches, {
    description,
    path: '/',
    image: firstSlide?.image,
    extra: [
      jsonLd({
        '@context': 'https://schema.org',
        '@type': ['School', 'EducationalOrganization'],
        name: contact?.schoolName ?? shell?.title,
        url: `${siteUrl}/`,
        ...(logo ? { logo } : {}),
        ...(contact
          ? {
              telephone: contact.phone,
              email: contact.email,
              address: { '@type': 'PostalAddress', streetAddress: contact.address },
            }
          : {}),
      }),
    ],
  })
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, features, about, contact, testimonials, formToken } = loaderData
  return (
    <>
      {hero ? (
        <HeroCarousel slides={hero.slides} />
      ) : (
        <ThemedSection styleKey="hero" className="bg-primary/5 px-4 py-16 text-center">
          <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{contact?.schoolName ?? 'Welcome'}</h1>
        </ThemedSection>
      )}
      {features ? <FeaturesGrid features={features} /> : null}
      {testimonials.length > 0 ? <TestimonialsSection testimonials={testimonials} /> : null}
      {about ? <AboutSection about={about} /> : null}
      <ContactSection contact={contact} formToken={formToken} />
    </>
  )
}
