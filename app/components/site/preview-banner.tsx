import { Eye } from 'lucide-react'
import { useFetcher } from 'react-router'
import { useSite } from '#app/components/hooks/use-site.ts'
import { Button } from '#app/components/ui/button.tsx'
import type { PublicationState } from '#app/domain/publishing/publication.ts'
import { formatDate, formatTime } from '#app/lib/format.ts'

interface SharedLink {
  ok: true
  message: string
  url: string
  expiresAt: string
}

/** What a preview says about the post or page: not public yet, or already live. */
function stateText(state: PublicationState, publishedAt: string, timeZone: string, noun: PreviewNoun) {
  if (state === 'draft') return `This ${noun} is a draft: visitors cannot see it.`
  if (state === 'scheduled') return `This ${noun} is scheduled: visitors see it from ${formatDate(publishedAt, timeZone)}, ${formatTime(publishedAt, timeZone)}.`
  return `This ${noun} is published: visitors see it as shown.`
}

type PreviewNoun = 'post' | 'page'

/**
 * The bar above a preview. Staff get a button that makes a link to share
 * (the head teacher's approval, say) and, while links they shared still
 * work, one that revokes them all; a shared preview says until when its
 * link works.
 */
export function PreviewBanner({
  state,
  publishedAt,
  sharedUntil,
  sharedLinks = 0,
  noun = 'post',
}: {
  state: PublicationState
  publishedAt: string
  sharedUntil?: string
  /** Links shared for this item that still work. */
  sharedLinks?: number
  noun?: PreviewNoun
}) {
  const { timeZone } = useSite()
  const links = useFetcher<SharedLink | { ok: true; message: string } | { ok: false; error: string }>()
  const answer = links.data
  const link = answer?.ok && 'url' in answer ? answer : null
  const pending = links.state !== 'idle' ? links.formData?.get('intent') : null
  return (
    <aside aria-label="Preview" className="border-b bg-muted">
      <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-3 text-sm">
        <p className="flex items-center gap-2 font-medium">
          <Eye aria-hidden className="size-4 shrink-0" />
          Preview. {stateText(state, publishedAt, timeZone, noun)}
          {sharedUntil ? ` This link works until ${formatDate(sharedUntil, timeZone)}, ${formatTime(sharedUntil, timeZone)}.` : ''}
        </p>
        {sharedUntil ? null : (
          <links.Form method="post" className="space-y-2">
            {link ? (
              <div className="space-y-1">
                <label htmlFor="preview-link" className="font-medium">
                  Link to share (works until {formatDate(link.expiresAt, timeZone)}, {formatTime(link.expiresAt, timeZone)})
                </label>
                <input id="preview-link" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} className="w-full rounded-md border bg-background px-3 py-2 font-mono text-xs" />
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {link ? null : (
                <Button type="submit" name="intent" value="share" size="sm" variant="outline" disabled={Boolean(pending)}>
                  {pending === 'share' ? 'Making a link...' : 'Share a preview link'}
                </Button>
              )}
              {sharedLinks > 0 ? (
                <Button type="submit" name="intent" value="revoke" size="sm" variant="outline" disabled={Boolean(pending)}>
                  {pending === 'revoke' ? 'Revoking...' : 'Revoke links'}
                </Button>
              ) : null}
            </div>
            {answer?.ok && !link ? <p role="status">{answer.message}</p> : null}
            {answer && !answer.ok ? <p role="alert" className="text-destructive">{answer.error}</p> : null}
          </links.Form>
        )}
      </div>
    </aside>
  )
}
