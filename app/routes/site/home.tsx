import { Fragment, type ReactNode } from 'react'
import { AboutSection } from '#app/components/home/about-section.tsx'
import { ContactSection } from '#app/components/home/contact-section.tsx'
import { FeaturesGrid } from '#app/components/home/features-grid.tsx'
import { HeroCarousel } from '#app/components/home/hero-carousel.tsx'
import { LatestNews } from '#app/components/home/latest-news.tsx'
import { TestimonialsSection } from '#app/components/home/testimonials-section.tsx'
import { UpcomingEvents } from '#app/components/home/upcoming-events.tsx'
import { ThemedSection } from '#app/components/site/themed-section.tsx'
import { listNewestPublicBlogPosts } from '#app/domain/blog/blog.server.ts'
import { plainText } from '#app/domain/blog/blog.ts'
import { renderedFormToken } from '#app/domain/contact/anonymous-form.server.ts'
import { listNextEvents } from '#app/domain/event/event.server.ts'
import { upcomingEventDate } from '#app/domain/event/event-summary.ts'
import { visibleHomeBlocks, type HomeBlock } from '#app/domain/section/section.schema.ts'
import { getHomeLayout, getSectionContent } from '#app/domain/section/section.server.ts'
import { listNewestTestimonials } from '#app/domain/testimonial/testimonial.server.ts'
import { sanitizeHtml } from '#app/lib/html-sanitizer.server.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import { altTextByAddress, cropPositionByAddress, imageDescriptions } from '#app/domain/media/media.server.ts'
import { absoluteUrl, jsonLd, pageMeta } from '#app/lib/seo.ts'
import { HOME_SHARE_IMAGE_PATH } from '#app/lib/share-images.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { answerContactForm } from '#app/services/contact-form.server.ts'
import type { Route } from './+types/home.ts'

/** How many posts and events the home page's Latest News and Upcoming Events show. */
const HOME_LIST_LENGTH = 3

/** Reads only what a shown block needs (docs/product-rules.md#home-page-layout); a hidden block's content is never loaded. */
export async function loader({ context }: Route.LoaderArgs) {
  const blocks = visibleHomeBlocks(await getHomeLayout())
  const shows = (block: HomeBlock) => blocks.includes(block)
  const none = Promise.resolve(null)
  const [hero, features, about, contact, testimonials, posts, events] = await Promise.all([
    getSectionContent('home.hero'),
    shows('features') ? getSectionContent('home.features') : none,
    shows('about') ? getSectionContent('home.about') : none,
    // The school's name and address also go into the page's JSON-LD, so they are read even when the block is hidden.
    getSectionContent('home.contact'),
    shows('testimonials') ? listNewestTestimonials() : Promise.resolve([]),
    shows('latestNews') ? listNewestPublicBlogPosts(HOME_LIST_LENGTH) : Promise.resolve([]),
    shows('upcomingEvents') ? siteTimeZone().then((timeZone) => listNextEvents(HOME_LIST_LENGTH, timeZone)) : Promise.resolve([]),
  ])
  const images = [...(hero?.slides.map((slide) => slide.image) ?? []), ...(features?.features.map((feature) => feature.image) ?? []), about?.image]
  return {
    blocks,
    hero,
    features,
    about: about ? { ...about, content: sanitizeHtml(about.content) } : null,
    ...(await imageLooks(images)),
    contact,
    testimonials,
    posts,
    events: events.map(upcomingEventDate),
    formToken: shows('contact') ? renderedFormToken(context, 'contact') : null,
  }
}

/** The home page's images as the pages show them: alt text and crop position, by address. */
async function imageLooks(images: readonly (string | null | undefined)[]) {
  const descriptions = await imageDescriptions(images)
  return { imageAlts: altTextByAddress(descriptions), imagePositions: cropPositionByAddress(descriptions) }
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerContactForm(request, context.get(clientAddressContext))
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
  const { blocks, hero, features, about, contact, testimonials, posts, events, formToken, imageAlts, imagePositions } = loaderData
  const rendered: Record<HomeBlock, () => ReactNode> = {
    hero: () =>
      hero ? (
        <HeroCarousel slides={hero.slides} imageAlts={imageAlts} imagePositions={imagePositions} />
      ) : (
        <ThemedSection styleKey="hero" className="bg-primary/5 px-4 py-16 text-center">
          <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{contact?.schoolName ?? 'Welcome'}</h1>
        </ThemedSection>
      ),
    latestNews: () => (posts.length > 0 ? <LatestNews posts={posts} /> : null),
    upcomingEvents: () => (events.length > 0 ? <UpcomingEvents events={events} /> : null),
    features: () => (features ? <FeaturesGrid features={features} imageAlts={imageAlts} imagePositions={imagePositions} /> : null),
    testimonials: () => (testimonials.length > 0 ? <TestimonialsSection testimonials={testimonials} /> : null),
    about: () => (about ? <AboutSection about={about} imageAlts={imageAlts} imagePositions={imagePositions} /> : null),
    contact: () => (formToken ? <ContactSection contact={contact} formToken={formToken} /> : null),
  }
  return (
    <>
      {blocks.map((block) => (
        <Fragment key={block}>{rendered[block]()}</Fragment>
      ))}
    </>
  )
}
