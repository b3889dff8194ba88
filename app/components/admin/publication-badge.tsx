import { Badge } from '#app/components/ui/badge.tsx'
import { publicationState } from '#app/domain/publishing/publication.ts'
import type { PublishStatus } from '#db/tables/content.ts'

/** Marks what visitors do not see yet: a draft, or a post scheduled for later. Published items need no mark. */
export function PublicationBadge({ item }: { item: { status: PublishStatus; publishedAt?: string } }) {
  const state = item.publishedAt === undefined ? item.status : publicationState({ status: item.status, publishedAt: item.publishedAt })
  if (state === 'published') return null
  return <Badge variant={state === 'draft' ? 'outline' : 'secondary'}>{state === 'draft' ? 'Draft' : 'Scheduled'}</Badge>
}
