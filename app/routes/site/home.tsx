import { data } from 'react-router'
import { AboutSection } from '#app/components/home/about-section.tsx'
import { ContactSection } from '#app/components/home/contact-section.tsx'
import { FeaturesGrid } from '#app/components/home/features-grid.tsx'
import { HeroCarousel } from '#app/components/home/hero-carousel.tsx'
import { TestimonialsSection } from '#app/components/home/testimonials-section.tsx'
import { ThemedSection } from '#app/components/site/themed-section.tsx'
import { plainText } from '#app/domain/blog/blog.ts'
import { CONTACT_MESSAGES, type ContactFieldErrors, type ContactFormResult } from '#app/domain/contact/contact.schema.ts'
import { issueContactFormToken, submitContactMessage } from '#app/domain/contact/contact.server.ts'
import { getSectionContent } from '#app/domain/section/section.server.ts'
import { listNewestTestimonials } from '#app/domain/testimonial/testimonial.server.ts'
import { sanitizeHtml } from '#app/lib/html-sanitizer.server.ts'
import { textFields } from '#app/lib/action.server.ts'
import { DomainError, isDomainError } from '#app/lib/errors/domain-error.ts'
import { readForm } from '#app/lib/form-data.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import { altTextByAddress, cropPositionByAddress, imageDescriptions } from '#app/domain/media/media.server.ts'
import { absoluteUrl, jsonLd, pageMeta } from '#app/lib/seo.ts'
import { HOME_SHARE_IMAGE_PATH } from '#app/lib/share-images.ts'
import type { Route } from './+types/home.ts'

export async function loader() {
  const [hero, features, about, contact, testimonials] = await Promise.all([
    getSectionContent('home.hero'),
    getSectionContent('home.features'),
    getSectionContent('home.about'),
    getSectionContent('home.contact'),
    listNewestTestimonials(),
  ])
  const images = [...(hero?.slides.map((slide) => slide.image) ?? []), ...(features?.features.map((feature) => feature.image) ?? []), about?.image]
  return {
    hero,
    features,
    about: about ? { ...about, content: sanitizeHtml(about.content) } : null,
    ...(await imageLooks(images)),
    contact,
    testimonials,
    formToken: issueContactFormToken(),
  }
}

/** The home page's images as the pages show them: alt text and crop position, by address. */
async function imageLooks(images: readonly (string | null | undefined)[]) {
  const descriptions = await imageDescriptions(images)
  return { imageAlts: altTextByAddress(descriptions), imagePositions: cropPositionByAddress(descriptions) }
}

export async function action({ request, context }: Route.ActionArgs) {
  let form: Record<string, string> = {}
  try {
    form = await postedContactForm(request)
    await submitContactMessage(form, context.get(clientAddressContext))
    return { ok: true } satisfies ContactFormResult
  } catch (error) {
    return contactRefusal(error, form)
  }
}

/** The posted fields; a body that is not a form is no visitor's message. */
async function postedContactForm(request: Request): Promise<Record<string, string>> {
  try {
    return textFields(await readForm(request))
  } catch {
    throw DomainError.invalid(CONTACT_MESSAGES.invalidSubmission)
  }
}

const CONTACT_FIELDS = ['name', 'email', 'message'] as const

/**
 * The contact form answers in its own shape, not the admin `ActionResult`:
 * a refusal carries what was typed, so a form posted without JavaScript fills
 * itself in again, and only its three fields have a place for a message. A
 * message that could not be stored is told in words (500), not with the error page.
 */
function contactRefusal(error: unknown, form: Record<string, string>) {
  const values = { name: form.name ?? '', email: form.email ?? '', message: form.message ?? '' }
  if (!isDomainError(error)) {
    logger.error({ err: error }, 'storing a contact message failed')
    return data({ ok: false, error: CONTACT_MESSAGES.failed, fieldErrors: {}, values } satisfies ContactFormResult, { status: 500 })
  }
  const fieldErrors: ContactFieldErrors = {}
  for (const field of CONTACT_FIELDS) if (error.fields[field]) fieldErrors[field] = error.fields[field]
  return data({ ok: false, error: error.message, fieldErrors, values } satisfies ContactFormResult, { status: error.status })
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
    ...(firstSlide?.image ? { image: { path: HOME_SHARE_IMAGE_PATH, alt: loaderData?.imageAlts[firstSlide.image] || firstSlide.title } } : {}),
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
  const { hero, features, about, contact, testimonials, formToken, imageAlts, imagePositions } = loaderData
  return (
    <>
      {hero ? (
        <HeroCarousel slides={hero.slides} imageAlts={imageAlts} imagePositions={imagePositions} />
      ) : (
        <ThemedSection styleKey="hero" className="bg-primary/5 px-4 py-16 text-center">
          <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{contact?.schoolName ?? 'Welcome'}</h1>
        </ThemedSection>
      )}
      {features ? <FeaturesGrid features={features} imageAlts={imageAlts} imagePositions={imagePositions} /> : null}
      {testimonials.length > 0 ? <TestimonialsSection testimonials={testimonials} /> : null}
      {about ? <AboutSection about={about} imageAlts={imageAlts} imagePositions={imagePositions} /> : null}
      <ContactSection contact={contact} formToken={formToken} />
    </>
  )
}
