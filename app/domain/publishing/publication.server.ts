import { DomainError } from '#app/lib/errors/domain-error.ts'
import { isWallClockTime, utcToZonedTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import type { PublishStatus } from '#db/tables/content.ts'
import { PUBLICATION_MESSAGES, publicationState, type PublicationChange } from './publication.ts'

export interface StoredPublication {
  status: PublishStatus
  publishedAt: string
}

/** The instant of a chosen wall-clock time; the stored time's own minute (the form shows it) keeps the stored instant. */
function instantOf(publishAt: string, stored: StoredPublication | null, timeZone: string): string {
  if (!isWallClockTime(publishAt)) throw DomainError.invalidField('publishedAt', PUBLICATION_MESSAGES.invalidTime)
  if (stored && utcToZonedTime(stored.publishedAt, timeZone) === publishAt) return stored.publishedAt
  return zonedTimeToUtc(publishAt, timeZone)
}

/**
 * The status and publish time a write stores (docs/product-rules.md#publishing).
 * Without a change asked for, a new item is published now and a stored one
 * keeps both. Publishing without a time keeps the time of an item already
 * live and takes now for a draft or a scheduled one; with a time, any time
 * (backdating included). Scheduling needs a time ahead. A draft keeps its
 * planned time, or takes the one given.
 */
export function publicationToStore(
  change: PublicationChange | undefined,
  stored: StoredPublication | null,
  { now, timeZone }: { now: Date; timeZone: string },
): StoredPublication {
  const nowIso = now.toISOString()
  if (!change) return stored ?? { status: 'published', publishedAt: nowIso }
  const chosen = change.publishAt ? instantOf(change.publishAt, stored, timeZone) : null
  switch (change.state) {
    case 'draft':
      return { status: 'draft', publishedAt: chosen ?? stored?.publishedAt ?? nowIso }
    case 'published': {
      const alreadyLive = stored !== null && publicationState(stored, now) === 'published'
      return { status: 'published', publishedAt: chosen ?? (alreadyLive ? stored.publishedAt : nowIso) }
    }
    case 'scheduled':
      if (!chosen) throw DomainError.invalidField('publishedAt', PUBLICATION_MESSAGES.scheduleNeedsTime)
      if (new Date(chosen).getTime() <= now.getTime()) throw DomainError.invalidField('publishedAt', PUBLICATION_MESSAGES.scheduleInPast)
      return { status: 'published', publishedAt: chosen }
  }
}
