import { Award, BookOpen, Calendar, Globe, GraduationCap, Heart, Star, Target, Users, Zap, type LucideIcon } from 'lucide-react'
import { ThemedSection } from '#app/components/site/themed-section.tsx'
import type { FeatureIcon, SectionContent } from '#app/domain/section/section.schema.ts'

const FEATURE_ICONS: Record<FeatureIcon, LucideIcon> = {
  BookOpen,
  Users,
  Award,
  Heart,
  GraduationCap,
  Star,
  Target,
  Zap,
  Globe,
  Calendar,
}

/** BookOpen is the default and the fallback for a name we do not know. */
function featureIcon(name: string): LucideIcon {
  return FEATURE_ICONS[name as FeatureIcon] ?? BookOpen
}

export function FeaturesGrid({
  features,
  imageAlts = {},
  imagePositions = {},
}: {
  features: SectionContent['home.features']
  imageAlts?: Readonly<Record<string, string>>
  imagePositions?: Readonly<Record<string, string>>
}) {
  return (
    <ThemedSection styleKey="features" aria-labelledby="features-title" className="px-4 py-16 md:py-20">
      <div className="mx-auto max-w-6xl">
        <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight md:text-4xl">
          {features.title}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.features.map((feature, index) => {
            const Icon = featureIcon(feature.icon)
            return (
              <li key={index} className="flex flex-col rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
                {feature.image ? (
                  <img src={feature.image} alt={imageAlts[feature.image] ?? ''} loading="lazy" decoding="async" className="mb-4 aspect-video w-full rounded-md object-cover" style={{ objectPosition: imagePositions[feature.image] }} />
                ) : (
                  <span className="mb-4 inline-flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                    <Icon aria-hidden className="size-6" />
                  </span>
                )}
                <h3 className="text-lg font-semibold">{feature.title}</h3>
                <p className="mt-2 text-muted-foreground">{feature.description}</p>
              </li>
            )
          })}
        </ul>
      </div>
    </ThemedSection>
  )
}
