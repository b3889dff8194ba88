import { ThemedSection } from '#app/components/site/themed-section.tsx'
import type { Testimonial } from '#app/domain/testimonial/testimonial.ts'
import { StarRating } from './star-rating.tsx'

export function TestimonialsSection({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <ThemedSection styleKey="testimonials" aria-labelledby="testimonials-title" className="bg-muted px-4 py-16 md:py-20">
      <div className="mx-auto max-w-6xl">
        <h2 id="testimonials-title" className="text-center text-3xl font-bold tracking-tight md:text-4xl">
          What Parents Say
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <figure className="flex h-full flex-col rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
                <StarRating rating={testimonial.rating} />
                <blockquote className="mt-4 flex-1 text-base leading-relaxed">
                  <p>“{testimonial.message}”</p>
                </blockquote>
                <figcaption className="mt-4 font-semibold">{testimonial.parentName}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </ThemedSection>
  )
}
