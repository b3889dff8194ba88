import type { CSSProperties, ReactNode } from 'react'
import type { SectionStyle, SectionStyleKey } from '#app/domain/theme/theme.schema.ts'
import { cssUrl } from '#app/lib/css.ts'
import { useSite } from '#app/components/hooks/use-site.ts'
import { cn } from '#app/lib/utils.ts'

/** The border image of a theme section style, as inline CSS (docs/product-rules.md#themes). */
export function borderImageStyle(style: SectionStyle): CSSProperties {
  const source = cssUrl(style.borderImage)
  if (!source) return {}
  return {
    borderStyle: 'solid',
    borderWidth: style.borderImageWidth,
    borderImageSource: source,
    borderImageSlice: style.borderImageSlice,
    borderImageRepeat: 'round',
  }
}

export function useSectionStyle(key: SectionStyleKey): SectionStyle {
  return useSite().theme.sectionStyles[key]
}

interface ThemedSectionProps {
  styleKey: SectionStyleKey
  as?: 'section' | 'header' | 'footer' | 'div'
  className?: string
  style?: CSSProperties
  children: ReactNode
  'aria-labelledby'?: string
  id?: string
}

/**
 * A block styled by the active theme: optional background image under an
 * overlay of the configured opacity, and an optional border image. With a
 * background image the text turns light for contrast.
 */
export function ThemedSection({ styleKey, as: Tag = 'section', className, style, children, ...rest }: ThemedSectionProps) {
  const sectionStyle = useSectionStyle(styleKey)
  const background = cssUrl(sectionStyle.backgroundImage)
  return (
    <Tag
      {...rest}
      data-theme-section={styleKey}
      className={cn('relative isolate', background && 'text-white', className)}
      style={{ ...borderImageStyle(sectionStyle), ...style }}
    >
      {background ? (
        <>
          <div aria-hidden className="absolute inset-0 -z-20 bg-cover bg-center" style={{ backgroundImage: background }} />
          <div aria-hidden className="absolute inset-0 -z-10 bg-black" style={{ opacity: sectionStyle.overlayOpacity }} />
        </>
      ) : null}
      {children}
    </Tag>
  )
}

type PageStyleKey = 'blogsPage' | 'eventsPage' | 'galleryPage' | 'policiesPage' | 'calendarPage' | 'schoolPages' | 'pageTitle'

/**
 * The title banner at the top of each public page: the page's own theme style
 * when it sets an image, else the shared 'pageTitle' style.
 */
export function PageBanner({ page, title, subtitle, above }: { page: PageStyleKey; title: string; subtitle?: string; above?: ReactNode }) {
  const styles = useSite().theme.sectionStyles
  const styleKey = styles[page].backgroundImage || styles[page].borderImage ? page : 'pageTitle'
  return (
    <ThemedSection styleKey={styleKey} className="bg-primary/5 px-4 py-12 text-center md:py-16">
      {above}
      <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{title}</h1>
      {subtitle ? <p className="mx-auto mt-3 max-w-2xl text-lg opacity-90">{subtitle}</p> : null}
    </ThemedSection>
  )
}
