import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { cn } from '#app/lib/utils.ts'

/** The frame of the pages a subscription link opens: a heading, words, and the page's one form. */
export function SubscriptionCard({ title, children, tone = 'plain' }: { title: string; children: ReactNode; tone?: 'plain' | 'problem' }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className={cn('space-y-4 rounded-lg border bg-card p-6 text-card-foreground shadow-sm', tone === 'problem' && 'border-destructive/40')}>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {children}
      </div>
    </div>
  )
}

/** What a spent, mistyped or forged subscription link shows, with the way back to subscribing. */
export function BrokenLinkCard({ message }: { message: string }) {
  return (
    <SubscriptionCard title="This link does not work" tone="problem">
      <p role="alert">{message}</p>
      <p>
        <Link to="/subscribe" className="text-primary underline">
          Subscribe again
        </Link>
      </p>
    </SubscriptionCard>
  )
}

/** A page a subscriber's secret link opens: not for search engines, not kept by caches, no address sent on as a referrer. */
export const privateLinkMeta = (title: string) => [{ title }, { name: 'robots', content: 'noindex, nofollow' }, { name: 'referrer', content: 'no-referrer' }]
export const privateLinkHeaders = () => ({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' })
