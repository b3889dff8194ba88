import { useState, type KeyboardEvent, type MouseEvent } from 'react'
import type { FocalPoint } from '#app/domain/media/media.schema.ts'

const STEP = 0.05
const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 100) / 100))

/**
 * 'Focal point': a click on the picture marks where its subject is, and
 * every crop keeps that spot in view. The arrow keys move it too. Posts
 * `focalX` and `focalY`.
 */
interface FocalPointPickerProps {
  id: string
  src: string
  initial: FocalPoint
  /** The form fields it posts: `focalX` and `focalY` unless named otherwise. */
  names?: { x: string; y: string }
  onChange?: (point: FocalPoint) => void
}

export function FocalPointPicker({ id, src, initial, names = { x: 'focalX', y: 'focalY' }, onChange }: FocalPointPickerProps) {
  const [point, setPoint] = useState(initial)
  const move = (next: FocalPoint) => {
    setPoint(next)
    onChange?.(next)
  }
  function click(event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect()
    move({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) })
  }
  function key(event: KeyboardEvent<HTMLButtonElement>) {
    const delta = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] }[event.key]
    if (!delta) return
    event.preventDefault()
    move({ x: clamp(point.x + delta[0]!), y: clamp(point.y + delta[1]!) })
  }
  const percent = { x: Math.round(point.x * 100), y: Math.round(point.y * 100) }
  return (
    <div className="space-y-1">
      <p id={`${id}-label`} className="text-sm font-medium">
        Focal point
      </p>
      <button
        type="button"
        onClick={click}
        onKeyDown={key}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-help`}
        className="relative block w-full overflow-hidden rounded-md border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
      >
        <img src={src} alt="" className="max-h-48 w-full object-contain" />
        <span aria-hidden className="absolute size-6 -translate-1/2 rounded-full border-2 border-white bg-primary/60 shadow" style={{ left: `${percent.x}%`, top: `${percent.y}%` }} />
      </button>
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        Click where the subject is (or use the arrow keys): crops such as link previews keep it in view. Now {percent.x}% from the left, {percent.y}% from the top.
      </p>
      <input type="hidden" name={names.x} value={point.x} />
      <input type="hidden" name={names.y} value={point.y} />
    </div>
  )
}
