import { RichTextContent } from '#app/components/site/rich-text-content.tsx'
import { ThemedSection } from '#app/components/site/themed-section.tsx'
import type { SectionContent } from '#app/domain/section/section.schema.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'

/** `about.content` must already be sanitised on the server. */
export function AboutSection({
  about,
  imageAlts = {},
  imagePositions = {},
}: {
  about: SectionContent['home.about']
  imageAlts?: Readonly<Record<string, string>>
  imagePositions?: Readonly<Record<string, string>>
}) {
  return (
    <ThemedSection styleKey="about" aria-labelledby="about-title" className="px-4 py-16 md:py-20">
      <div className={about.image ? 'mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2' : 'mx-auto max-w-3xl'}>
        <div>
          <h2 id="about-title" className="text-3xl font-bold tracking-tight md:text-4xl">
            {about.title}
          </h2>
          <RichTextContent html={about.content} className="mt-6 text-lg" />
        </div>
        {about.image ? (
          <img src={about.image} srcSet={imageSrcSet(about.image)} sizes="(min-width: 768px) 50vw, 100vw" alt={imageAlts[about.image] ?? ''} loading="lazy" decoding="async" className="aspect-[3/2] w-full rounded-lg object-cover shadow-md" style={{ objectPosition: imagePositions[about.image] }} />
        ) : null}
      </div>
    </ThemedSection>
  )
}
