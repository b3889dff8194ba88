import { Mail, MapPin, Phone } from 'lucide-react'
import { Link } from 'react-router'
import type { SiteShell } from '#app/domain/section/site-shell.ts'
import { FooterSubscribeForm } from './subscribe-form.tsx'
import { ThemedSection } from './themed-section.tsx'

export function SiteFooter({
  shell,
  subscribeFormToken,
}: {
  shell: Pick<SiteShell, 'title' | 'description' | 'contact' | 'footerMenu'>
  /** The footer's subscription form's token; no form without one. */
  subscribeFormToken?: string
}) {
  const year = new Date().getFullYear()
  return (
    <ThemedSection as="footer" styleKey="footer" className="mt-16 bg-foreground text-background">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <h2 className="text-lg font-semibold">{shell.title}</h2>
          <p className="mt-3 text-sm opacity-80">{shell.description || 'Learning, growing and belonging together.'}</p>
        </div>
        <div>
          <h2 className="text-lg font-semibold">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {shell.footerMenu.map((entry) => (
              <li key={entry.id}>
                {entry.external ? (
                  <a href={entry.href} className="opacity-80 hover:underline hover:opacity-100">
                    {entry.label}
                  </a>
                ) : (
                  <Link to={entry.href} className="opacity-80 hover:underline hover:opacity-100">
                    {entry.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-lg font-semibold">Contact</h2>
          <address className="mt-3 space-y-2 text-sm not-italic opacity-80">
            <p className="flex gap-2">
              <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              <span>{shell.contact.address}</span>
            </p>
            <p className="flex gap-2">
              <Phone aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              <a href={`tel:${shell.contact.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
                {shell.contact.phone}
              </a>
            </p>
            <p className="flex gap-2">
              <Mail aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              <a href={`mailto:${shell.contact.email}`} className="hover:underline">
                {shell.contact.email}
              </a>
            </p>
          </address>
        </div>
        {subscribeFormToken ? (
          <div>
            <h2 id="footer-subscribe-heading" className="text-lg font-semibold">
              Stay informed
            </h2>
            <FooterSubscribeForm formToken={subscribeFormToken} />
          </div>
        ) : null}
      </div>
      <div className="border-t border-background/20 py-4 text-center text-sm opacity-80">
        © {year} {shell.title}. All rights reserved.
      </div>
    </ThemedSection>
  )
}
