import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy, type SortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Button } from '#app/components/ui/button.tsx'

/** What a screen reader hears once an item is in its new place, by drag or by button. */
export const movedTo = (name: string, position: number, count: number) => `${name} moved to position ${position} of ${count}.`

const INSTRUCTIONS =
  'To pick up an item, press Space or Enter. While it is picked up, use the arrow keys to move it, Space or Enter to drop it in its new place, or Escape to cancel.'

interface SortableAreaProps<Id extends UniqueIdentifier> {
  /** Stable between the server and the browser: dnd-kit names its hidden instructions after it, and they must hydrate unchanged. */
  id: string
  /** The items' ids, in their order. */
  items: readonly Id[]
  /** The name a screen reader hears for an item, e.g. '"Welcome"'. */
  nameOf: (id: Id) => string
  onMove: (from: number, to: number) => void
  strategy?: SortingStrategy
  disabled?: boolean
  /** A page of a longer list: the place of its first item (from 0) and the whole list's length, so positions are said in the whole list. */
  places?: { first: number; count: number }
  children: ReactNode
}

/**
 * A list whose items can be dragged into order with a pointer or from the
 * keyboard (dnd-kit), each drag told to screen readers by the item's name
 * and position. Items use `useSortableItem` and render a `DragHandle`.
 */
export function SortableArea<Id extends UniqueIdentifier>({ id, items, nameOf, onMove, strategy = verticalListSortingStrategy, disabled, places, children }: SortableAreaProps<Id>) {
  // A few pixels of travel before a pointer drag starts, so a click on the handle stays a click.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const position = (item: UniqueIdentifier) => (places?.first ?? 0) + items.indexOf(item as Id) + 1
  const total = places?.count ?? items.length
  const name = (item: UniqueIdentifier) => nameOf(item as Id)
  // A drag starts over its own place: saying so at once would replace 'Picked up …' before it is heard.
  const leftItsPlace = useRef(false)
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      leftItsPlace.current = false
      return `Picked up ${name(active.id)}, at position ${position(active.id)} of ${total}.`
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !leftItsPlace.current) return undefined
      leftItsPlace.current = true
      return over ? `${name(active.id)} is over position ${position(over.id)} of ${total}.` : `${name(active.id)} is not over the list.`
    },
    // Said once the drop has re-rendered the list, so the dragged item is already in its new place.
    onDragEnd: ({ active }) => movedTo(name(active.id), position(active.id), total),
    onDragCancel: ({ active }) => `Moving cancelled. ${name(active.id)} stays at position ${position(active.id)} of ${total}.`,
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = items.indexOf(active.id as Id)
    const to = over ? items.indexOf(over.id as Id) : -1
    if (from >= 0 && to >= 0 && from !== to) onMove(from, to)
  }
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={[...items]} strategy={strategy} disabled={disabled}>
        {children}
      </SortableContext>
    </DndContext>
  )
}

/** An item of a `SortableArea`: its element's ref and style, and the props of its drag handle. */
export function useSortableItem(id: UniqueIdentifier, disabled?: boolean) {
  const { setNodeRef, transform, transition, isDragging, attributes, listeners } = useSortable({ id, disabled })
  return {
    setNodeRef,
    style: { transform: CSS.Transform.toString(transform), transition },
    isDragging,
    handle: { ...attributes, ...listeners },
  }
}

export function DragHandle({ label, handle }: { label: string; handle: ReturnType<typeof useSortableItem>['handle'] }) {
  return (
    <Button type="button" variant="ghost" size="icon" aria-label={label} className="cursor-grab touch-none" {...handle}>
      <GripVertical aria-hidden />
    </Button>
  )
}

type Direction = 'up' | 'down'

/**
 * Move up / Move down for the items of a list, by position. After a move the
 * focus follows the moved item to its new place (onto its other button at
 * the top or bottom), and a live region says where it went, so a list can be
 * arranged from the keyboard alone. Render `announcer` once beside the list.
 */
export function useMoveButtons({ idPrefix, count, onMove }: { idPrefix: string; count: number; onMove: (from: number, to: number) => void }) {
  const [announcement, setAnnouncement] = useState('')
  const moved = useRef<{ index: number; direction: Direction } | null>(null)
  const buttonId = (index: number, direction: Direction) => `${idPrefix}-${index}-${direction}`

  useEffect(() => {
    const last = moved.current
    if (!last) return
    moved.current = null
    const same = document.getElementById(buttonId(last.index, last.direction))
    const target = same instanceof HTMLButtonElement && !same.disabled ? same : document.getElementById(buttonId(last.index, last.direction === 'up' ? 'down' : 'up'))
    target?.focus()
  })

  function move(index: number, direction: Direction, name: string) {
    const to = direction === 'up' ? index - 1 : index + 1
    if (to < 0 || to >= count) return
    moved.current = { index: to, direction }
    onMove(index, to)
    setAnnouncement(movedTo(name, to + 1, count))
  }

  return {
    /** The two buttons of the item at `index`; `label` names it for their accessible names ('Move slide 2 up'), `name` for the announcement. */
    buttons: (index: number, label: string, name: () => string) => (
      <>
        <Button id={buttonId(index, 'up')} type="button" variant="outline" size="icon" disabled={index === 0} onClick={() => move(index, 'up', name())}>
          <ArrowUp aria-hidden />
          <span className="sr-only">Move {label} up</span>
        </Button>
        <Button id={buttonId(index, 'down')} type="button" variant="outline" size="icon" disabled={index === count - 1} onClick={() => move(index, 'down', name())}>
          <ArrowDown aria-hidden />
          <span className="sr-only">Move {label} down</span>
        </Button>
      </>
    ),
    announcer: (
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    ),
  }
}
