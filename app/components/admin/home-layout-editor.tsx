import { arrayMove } from '@dnd-kit/sortable'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Switch } from '#app/components/ui/switch.tsx'
import type { HomeBlock, HomeLayout } from '#app/domain/section/section.schema.ts'
import type { ActionResult } from '#app/lib/action-result.ts'
import { SectionCard } from './section-editors.tsx'
import { useMoveButtons } from './sortable-list.tsx'

/** The names editors know the blocks by: the headings visitors see, or what the block is. */
export const HOME_BLOCK_LABELS: Record<HomeBlock, string> = {
  hero: 'Hero',
  latestNews: 'Latest News',
  upcomingEvents: 'Upcoming Events',
  features: 'Features',
  testimonials: 'Testimonials',
  about: 'About',
  contact: 'Contact',
}

/**
 * The home page's blocks in their order, each with Move up / Move down and a
 * switch that shows or hides it (the hero is always shown), saved together.
 * After a move the focus stays on the moved block's button, and a live region
 * says where the block went, so the list can be arranged from the keyboard.
 */
export function HomeLayoutEditor({ layout }: { layout: HomeLayout }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const [order, setOrder] = useState(layout.order)
  const [hidden, setHidden] = useState(layout.hidden)
  const saving = fetcher.state !== 'idle'
  const mover = useMoveButtons({
    idPrefix: 'home-layout',
    count: order.length,
    onMove: (from, to) => setOrder((current) => arrayMove(current, from, to)),
  })

  function show(block: HomeBlock, shown: boolean) {
    setHidden((current) => (shown ? current.filter((item) => item !== block) : [...current, block]))
  }

  return (
    <SectionCard sectionKey="home.layout">
      <p className="text-sm text-muted-foreground">
        The order of the home page&apos;s blocks, and which are shown. A block with nothing to show (no posts, no upcoming events) stays out of the page
        even when it is on.
      </p>
      <ol className="mt-4 divide-y rounded-md border">
        {order.map((block, index) => {
          const switchId = `home-layout-${block}-shown`
          return (
            <li key={block} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <span aria-hidden className="w-5 text-right text-sm tabular-nums text-muted-foreground">
                {index + 1}
              </span>
              <div className="flex gap-1">{mover.buttons(index, HOME_BLOCK_LABELS[block], () => HOME_BLOCK_LABELS[block])}</div>
              {block === 'hero' ? (
                <>
                  <span className="flex-1 text-sm font-medium">{HOME_BLOCK_LABELS[block]}</span>
                  <span className="text-sm text-muted-foreground">Always shown</span>
                </>
              ) : (
                <>
                  <Label htmlFor={switchId} className="flex-1 font-medium">
                    <span className="sr-only">Show </span>
                    {HOME_BLOCK_LABELS[block]}
                  </Label>
                  <Switch id={switchId} checked={!hidden.includes(block)} onCheckedChange={(shown) => show(block, shown)} />
                </>
              )}
            </li>
          )
        })}
      </ol>
      {mover.announcer}
      <Button
        type="button"
        className="mt-4"
        disabled={saving}
        onClick={() => void fetcher.submit({ intent: 'layout', layout: JSON.stringify({ order, hidden }) }, { method: 'post' })}
      >
        {saving ? 'Saving...' : 'Save layout'}
      </Button>
    </SectionCard>
  )
}
