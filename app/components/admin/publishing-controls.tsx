import { useState } from 'react'
import { Field } from '#app/components/forms/field.tsx'
import { useSite } from '#app/components/hooks/use-site.ts'
import { Button } from '#app/components/ui/button.tsx'
import { publicationState, type PublicationState } from '#app/domain/publishing/publication.ts'
import { utcToZonedTime } from '#app/lib/zoned-time.ts'
import type { PublishStatus } from '#db/tables/content.ts'

export interface PublishingLabels {
  publish: string
  draft: string
}

/**
 * What the two buttons say for an item in `state` (null: a new one):
 * 'Schedule' for a publish date ahead, 'Save' for an item already live,
 * 'Publish' otherwise; 'Switch to draft' takes a live item off the site.
 */
export function publishingLabels(state: PublicationState | null, dateAhead = false): PublishingLabels {
  return {
    publish: dateAhead ? 'Schedule' : state === 'published' ? 'Save' : 'Publish',
    draft: state === 'published' ? 'Switch to draft' : 'Save draft',
  }
}

/** The labels for an item that is a draft or published, with no publish date of its own (events, policies). */
export function draftableLabels(item: { status: PublishStatus } | null): PublishingLabels {
  return publishingLabels(item?.status ?? null)
}

/** The publish date of a post being written, typed on the school's clocks, and the labels it makes. */
export function usePublishDate(item: { status: PublishStatus; publishedAt: string } | null) {
  const { timeZone } = useSite()
  const state = item ? publicationState(item) : null
  const [publishAt, setPublishAt] = useState(item ? utcToZonedTime(item.publishedAt, timeZone) : '')
  // Wall-clock values of one zone in one format: text order is time order.
  const ahead = publishAt !== '' && publishAt > utcToZonedTime(new Date().toISOString(), timeZone)
  return { timeZone, isNew: item === null, publishAt, setPublishAt, labels: publishingLabels(state, ahead) }
}

export function PublishDateField({ publishDate, restored, error }: { publishDate: ReturnType<typeof usePublishDate>; restored?: string; error?: string }) {
  return (
    <Field
      id="publishAt"
      name="publishAt"
      label="Publish date (optional)"
      type="datetime-local"
      defaultValue={restored ?? publishDate.publishAt}
      onChange={(event) => publishDate.setPublishAt(event.currentTarget.value)}
      error={error}
      description={`On the school's clocks (${publishDate.timeZone}). ${
        publishDate.isNew ? 'Empty publishes now.' : 'Emptied, publishing takes now.'
      } A date ahead schedules the post: it goes live by itself then. A date past backdates it.`}
    />
  )
}

/**
 * 'Save draft' keeps the item off the site; the publishing button puts it on
 * (or schedules it). The publishing button comes first in the form, so Enter
 * in a field publishes as before, and is shown last.
 */
export function PublishingButtons({ labels, saving }: { labels: PublishingLabels; saving: boolean }) {
  return (
    <>
      <Button type="submit" name="publication" value="published" disabled={saving} className="order-last">
        {saving ? 'Saving...' : labels.publish}
      </Button>
      <Button type="submit" name="publication" value="draft" variant="outline" disabled={saving}>
        {labels.draft}
      </Button>
    </>
  )
}
