import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react'
import { useEffect, useState, useSyncExternalStore, type FocusEvent } from 'react'
import { useHydrated } from '#app/components/hooks/use-hydrated.ts'
import { ThemedSection } from '#app/components/site/themed-section.tsx'
import type { SectionContent } from '#app/domain/section/section.schema.ts'
import { cn } from '#app/lib/utils.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'

/** The hero advances every 5 seconds, looping (docs/product-rules.md#home-page-sections). */
export const HERO_AUTOPLAY_MS = 5000

type HeroSlide = SectionContent['home.hero']['slides'][number]

const withSlide = (seen: ReadonlySet<number>, index: number) => (seen.has(index) ? seen : new Set([...seen, index]))

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  )
}

const controlClass =
  'inline-flex items-center justify-center rounded-full bg-black/45 text-white transition-colors hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white'

/**
 * The home page's looping hero (WAI-ARIA carousel pattern). The server renders
 * the first slide visible; the browser adds rotation, which pauses under the
 * pointer, while keyboard focus is inside, and never starts by itself for
 * people who prefer reduced motion. The first slide's title is the page's h1.
 */
/** `imageAlts`: each image's alt text by address ('' for a decorative or undescribed one). */
export function HeroCarousel({ slides, imageAlts = {}, imagePositions = {} }: { slides: HeroSlide[]; imageAlts?: Readonly<Record<string, string>>; imagePositions?: Readonly<Record<string, string>> }) {
  const [active, setActive] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [keyboardFocusInside, setKeyboardFocusInside] = useState(false)
  // null until the visitor presses the rotation button: then their choice wins over the motion preference.
  const [rotationChosen, setRotationChosen] = useState<boolean | null>(null)
  const prefersReducedMotion = usePrefersReducedMotion()

  const count = slides.length
  // Slides shown so far, and with them the pictures the page holds (see `hasPicture`).
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set([0]))
  const hydrated = useHydrated()
  const rotationOn = count > 1 && (rotationChosen ?? !prefersReducedMotion)
  const rotatingNow = rotationOn && !hovered && !keyboardFocusInside

  useEffect(() => {
    if (!rotatingNow) return
    const timer = setTimeout(() => {
      const next = (active + 1) % count
      setActive(next)
      setSeen((current) => withSlide(current, next))
    }, HERO_AUTOPLAY_MS)
    return () => clearTimeout(timer)
  }, [active, rotatingNow, count])

  function show(index: number) {
    const slide = (index + count) % count
    setActive(slide)
    setSeen((current) => withSlide(current, slide))
  }
  /**
   * The server sends the first slide's picture only; once the scripts run, a slide's picture is added when it is
   * next or shown, and kept. A phone fetches each picture a slide before it is needed, not every one at once.
   */
  const hasPicture = (index: number) => index === 0 || (hydrated && (seen.has(index) || index === (active + 1) % count))

  function onFocus(event: FocusEvent<HTMLElement>) {
    if (event.target.matches(':focus-visible')) setKeyboardFocusInside(true)
  }
  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardFocusInside(false)
  }

  return (
    <ThemedSection styleKey="hero" as="div">
      <section
        aria-roledescription="carousel"
        aria-label="Highlights"
        className="relative h-[28rem] overflow-hidden bg-foreground text-white md:h-[36rem]"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        <div aria-live={rotatingNow ? 'off' : 'polite'}>
          {slides.map((slide, index) => {
            const Title = index === 0 ? 'h1' : 'h2'
            return (
              <div
                key={index}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
                data-active={index === active}
                className={cn(
                  'absolute inset-0 transition-[opacity,visibility] duration-700 motion-reduce:transition-none',
                  index === active ? 'visible opacity-100' : 'invisible opacity-0',
                )}
              >
                {hasPicture(index) ? (
                  <img
                    src={slide.image}
                    srcSet={imageSrcSet(slide.image)}
                    sizes="100vw"
                    alt={imageAlts[slide.image] ?? ''}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : 'auto'}
                    className="absolute inset-0 size-full object-cover"
                    style={{ objectPosition: imagePositions[slide.image] }}
                  />
                ) : null}
                <div aria-hidden className="absolute inset-0 bg-black/50" />
                <div className="relative flex h-full flex-col items-center justify-center px-16 text-center md:px-24">
                  <Title className="max-w-4xl text-3xl font-bold tracking-tight text-balance md:text-5xl lg:text-6xl">{slide.title}</Title>
                  <p className="mt-4 max-w-2xl text-lg text-balance md:text-2xl">{slide.subtitle}</p>
                </div>
              </div>
            )
          })}
        </div>

        {count > 1 ? (
          <>
            <button type="button" className={cn(controlClass, 'absolute top-1/2 left-3 size-11 -translate-y-1/2 md:left-6')} aria-label="Previous slide" onClick={() => show(active - 1)}>
              <ChevronLeft aria-hidden className="size-6" />
            </button>
            <button type="button" className={cn(controlClass, 'absolute top-1/2 right-3 size-11 -translate-y-1/2 md:right-6')} aria-label="Next slide" onClick={() => show(active + 1)}>
              <ChevronRight aria-hidden className="size-6" />
            </button>
            <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-2">
              <button
                type="button"
                className={cn(controlClass, 'size-8')}
                aria-label={rotationOn ? 'Pause slide rotation' : 'Start slide rotation'}
                onClick={() => setRotationChosen(!rotationOn)}
              >
                {rotationOn ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
              </button>
              {slides.map((_, index) => (
                <button
                  key={index}
                  type="button"
                  aria-label={`Go to slide ${index + 1}`}
                  aria-current={index === active ? 'true' : undefined}
                  onClick={() => show(index)}
                  className="group inline-flex size-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
                >
                  <span
                    aria-hidden
                    className={cn(
                      'block h-2.5 rounded-full bg-white shadow transition-all motion-reduce:transition-none',
                      index === active ? 'w-7' : 'w-2.5 opacity-60 group-hover:opacity-90',
                    )}
                  />
                </button>
              ))}
            </div>
          </>
        ) : null}
      </section>
    </ThemedSection>
  )
}
