import { getSectionContent } from '#app/domain/section/section.server.ts'
import type { Route } from './+types/home.ts'

export async function loader() {
  const [logos, hero, about] = await Promise.all([
    getSectionContent('home.logos'),
    getSectionContent('home.hero'),
    getSectionContent('home.about'),
  ])
  return { title: logos?.title || 'Our School', logo: logos?.image ?? null, slide: hero?.slides[0] ?? null, about }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? 'Our School' },
  { name: 'description', content: loaderData?.slide?.subtitle ?? 'Our school website' },
]

export default function Home({ loaderData }: Route.ComponentProps) {
  const { title, logo, slide, about } = loaderData
  return (
    <>
      <header className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-20 max-w-6xl items-center gap-3 px-4">
          {logo ? <img src={logo} alt="" width={48} height={48} className="h-12 w-12 rounded-full" /> : null}
          <span className="text-xl font-bold text-primary">{title}</span>
        </div>
      </header>
      <main>
        {slide ? (
          <section className="relative isolate flex min-h-[60vh] items-center justify-center overflow-hidden text-center text-white">
            <img src={slide.image} alt="" className="absolute inset-0 -z-10 h-full w-full object-cover" />
            <div className="absolute inset-0 -z-10 bg-black/50" />
            <div className="px-4">
              <h1 className="text-4xl font-bold md:text-6xl">{slide.title}</h1>
              <p className="mt-4 text-lg md:text-2xl">{slide.subtitle}</p>
            </div>
          </section>
        ) : null}
        {about ? (
          <section className="mx-auto max-w-3xl px-4 py-16">
            <h2 className="text-3xl font-bold text-primary">{about.title}</h2>
          </section>
        ) : null}
      </main>
    </>
  )
}
