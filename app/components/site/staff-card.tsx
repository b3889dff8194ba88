import { Mail, Phone } from 'lucide-react'
import { focalObjectPosition } from '#app/domain/media/focal-point.ts'
import { initialsOf, type PublicStaffMember } from '#app/domain/staff/staff.ts'
import { imageSrcSet } from '#app/lib/uploads/image-variants.ts'

/** One person of the staff directory: photo (or their initials), name, job title, how to reach them and a few words. */
export function StaffCard({ person }: { person: PublicStaffMember }) {
  return (
    <article className="flex h-full gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:flex-col sm:items-center sm:p-6 sm:text-center">
      {person.photo ? (
        <img
          src={person.photo.url}
          srcSet={imageSrcSet(person.photo.url)}
          sizes="128px"
          alt={person.photo.alt}
          loading="lazy"
          decoding="async"
          className="size-20 shrink-0 rounded-full object-cover sm:size-32"
          style={{ objectPosition: focalObjectPosition(person.photo.focal) }}
        />
      ) : (
        // The name is right beside it: the initials add nothing for a screen reader.
        <span aria-hidden className="inline-flex size-20 shrink-0 items-center justify-center rounded-full bg-primary/10 text-2xl font-semibold text-primary sm:size-32 sm:text-4xl">
          {initialsOf(person.name)}
        </span>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <h3 className="text-lg font-semibold leading-snug break-words">{person.name}</h3>
        {person.jobTitle ? <p className="text-muted-foreground">{person.jobTitle}</p> : null}
        {person.email || person.phone ? (
          <ul className="space-y-1 pt-2 text-sm">
            {person.email ? (
              <li>
                <a href={`mailto:${person.email}`} className="inline-flex max-w-full items-center gap-2 text-primary underline underline-offset-4 hover:opacity-80">
                  <Mail aria-hidden className="size-4 shrink-0" />
                  <span className="break-all">{person.email}</span>
                </a>
              </li>
            ) : null}
            {person.phone ? (
              <li>
                <a href={`tel:${person.phone.replace(/[^\d+]/g, '')}`} className="inline-flex items-center gap-2 text-primary underline underline-offset-4 hover:opacity-80">
                  <Phone aria-hidden className="size-4 shrink-0" />
                  {person.phone}
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
        {person.bio ? <p className="pt-2 text-sm whitespace-pre-line text-muted-foreground">{person.bio}</p> : null}
      </div>
    </article>
  )
}
