import { Filter } from 'lucide-react'
import { Form, useLocation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'

export interface ListFilterOption {
  value: string
  label: string
  /** How many rows this choice shows (of the rows matching the search). */
  count: number
}

/**
 * A back-office list's filter when its values are many or free text (the
 * staff directory's departments), where links would crowd the page: a GET
 * form with a select and a 'Show' button (choosing does not navigate by
 * itself), keeping the list's other parameters and going back to page 1.
 * The empty value is every row: its choice leaves the parameter out.
 */
export function ListFilterSelect({ id, label, param, allLabel, allCount, options, current }: { id: string; label: string; param: string; allLabel: string; allCount: number; options: readonly ListFilterOption[]; current: string }) {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  params.delete(param)
  params.delete('page')
  const kept = [...params.entries()]
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-center gap-2">
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={param}
        defaultValue={current}
        key={current}
        className="h-9 max-w-full min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden sm:max-w-xs"
      >
        <option value="">
          {allLabel} ({allCount.toLocaleString('en')})
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label} ({option.count.toLocaleString('en')})
          </option>
        ))}
      </select>
      <Button type="submit" variant="outline">
        <Filter aria-hidden />
        Show
      </Button>
    </Form>
  )
}
