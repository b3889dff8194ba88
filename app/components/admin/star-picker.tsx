import { Star } from 'lucide-react'
import { useState } from 'react'
import { cn } from '#app/lib/utils.ts'

/** A 1-5 rating as a radio group of stars: keyboard arrows move between them, the form posts `name`. */
export function StarPicker({ name, defaultValue, max = 5, label }: { name: string; defaultValue: number; max?: number; label: string }) {
  const [value, setValue] = useState(defaultValue)
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <div className="flex gap-1">
        {Array.from({ length: max }, (_, index) => {
          const rating = index + 1
          return (
            <label key={rating} className="cursor-pointer rounded-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => setValue(rating)}
                className="sr-only"
              />
              <span className="sr-only">{rating === 1 ? '1 star' : `${rating} stars`}</span>
              <Star aria-hidden className={cn('size-7', rating <= value ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/50')} />
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
