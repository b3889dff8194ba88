import { Mail, MapPin, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { ThemedSection } from '#app/components/site/themed-section.tsx'
import type { SectionContent } from '#app/domain/section/section.schema.ts'
import { ContactForm } from './contact-form.tsx'

interface ContactSectionProps {
  /** Null until the school fills in the contact section; the form works either way. */
  contact: SectionContent['home.contact'] | null
  formToken: string
}

export function ContactSection({ contact, formToken }: ContactSectionProps) {
  return (
    <ThemedSection styleKey="contact" id="contact" aria-labelledby="contact-title" className="scroll-mt-20 px-4 py-16 md:py-20">
      <div className="mx-auto max-w-6xl">
        <h2 id="contact-title" className="text-center text-3xl font-bold tracking-tight md:text-4xl">
          Get in Touch
        </h2>
        <div className="mt-10 grid gap-10 md:grid-cols-2">
          {contact ? (
            <div>
              <h3 className="text-xl font-semibold">{contact.schoolName}</h3>
              <address className="mt-6 space-y-5 not-italic">
                <ContactLine icon={<Phone aria-hidden className="size-5" />} label="Phone">
                  <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="underline-offset-2 hover:underline">
                    {contact.phone}
                  </a>
                </ContactLine>
                <ContactLine icon={<Mail aria-hidden className="size-5" />} label="Email">
                  <a href={`mailto:${contact.email}`} className="break-all underline-offset-2 hover:underline">
                    {contact.email}
                  </a>
                </ContactLine>
                <ContactLine icon={<MapPin aria-hidden className="size-5" />} label="Address">
                  <span className="whitespace-pre-line">{contact.address}</span>
                </ContactLine>
              </address>
            </div>
          ) : null}
          <div className={contact ? undefined : 'md:col-span-2 md:mx-auto md:w-full md:max-w-xl'}>
            <ContactForm formToken={formToken} />
          </div>
        </div>
      </div>
    </ThemedSection>
  )
}

function ContactLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-4">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">{icon}</span>
      <div>
        <p className="text-sm font-medium opacity-80">{label}</p>
        <p className="mt-0.5 text-lg">{children}</p>
      </div>
    </div>
  )
}
