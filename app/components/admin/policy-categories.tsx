import { ArrowDown, ArrowUp, Check, Plus } from 'lucide-react'
import { useFetcher } from 'react-router'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { ListFilterTabs } from '#app/components/admin/list-filter-tabs.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { POLICY_CATEGORY_PARAM, type CountedPolicyCategory } from '#app/domain/policy/policy-admin-list.ts'
import { NO_CATEGORY, POLICY_CATEGORY_MESSAGES } from '#app/domain/policy/policy.schema.ts'
import type { ActionResult } from '#app/lib/action-result.ts'

function CategoryRow({ category, first, last }: { category: CountedPolicyCategory; first: boolean; last: boolean }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher)
  const busy = fetcher.state !== 'idle'
  const move = (direction: 'up' | 'down') => void fetcher.submit({ intent: 'move-category', id: category.id, direction }, { method: 'post' })
  return (
    <li className="flex flex-wrap items-center gap-2 py-2">
      <fetcher.Form method="post" className="flex min-w-0 basis-full items-center gap-2 sm:basis-0 sm:flex-1">
        <input type="hidden" name="intent" value="update-category" />
        <input type="hidden" name="id" value={category.id} />
        <Input name="name" defaultValue={category.name} maxLength={50} required aria-label={`Name of category ${category.name}`} className="min-w-0 flex-1" />
        <Button type="submit" variant="ghost" size="icon" disabled={busy} aria-label={`Save category ${category.name}`}>
          <Check aria-hidden />
        </Button>
      </fetcher.Form>
      <span className="mr-auto w-20 text-sm text-muted-foreground sm:mr-0">{category.count === 1 ? '1 policy' : `${category.count} policies`}</span>
      <Button variant="ghost" size="icon" disabled={busy || first} onClick={() => move('up')} aria-label={`Move ${category.name} up`}>
        <ArrowUp aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" disabled={busy || last} onClick={() => move('down')} aria-label={`Move ${category.name} down`}>
        <ArrowDown aria-hidden />
      </Button>
      <ConfirmDelete
        label={`Delete category ${category.name}`}
        question={POLICY_CATEGORY_MESSAGES.confirmDelete}
        pending={busy}
        onConfirm={() => void fetcher.submit({ intent: 'delete-category', id: category.id }, { method: 'post' })}
      />
    </li>
  )
}

/** Admins name, order and remove the categories visitors filter policies by. */
export function PolicyCategoryManager({ categories }: { categories: readonly CountedPolicyCategory[] }) {
  const adder = useFetcher<ActionResult>()
  useActionToast(adder)
  return (
    <Card className="mb-6">
      <CardContent className="space-y-3">
        <section aria-labelledby="policy-categories-heading">
          <h2 id="policy-categories-heading" className="font-semibold">
            Categories ({categories.length})
          </h2>
          <p className="text-sm text-muted-foreground">Visitors can filter the policies page by these, in this order. Deleting a category keeps its policies.</p>
          {categories.length ? (
            <ul className="divide-y">
              {categories.map((category, index) => (
                <CategoryRow key={category.id} category={category} first={index === 0} last={index === categories.length - 1} />
              ))}
            </ul>
          ) : null}
          <adder.Form method="post" className="mt-2 flex items-center gap-2" key={categories.length}>
            <input type="hidden" name="intent" value="create-category" />
            <Input name="name" maxLength={50} required placeholder="e.g. Safeguarding" aria-label="New category name" className="max-w-xs" />
            <Button type="submit" variant="outline" disabled={adder.state !== 'idle'}>
              <Plus aria-hidden />
              Add Category
            </Button>
          </adder.Form>
        </section>
      </CardContent>
    </Card>
  )
}

/**
 * Links (no script needed) narrowing the admin list to one category, or to
 * policies without one, each with how many policies match the search; they
 * keep the search and go back to the first page.
 */
export function PolicyCategoryFilter({ categories, uncategorized, matching, current }: { categories: readonly CountedPolicyCategory[]; uncategorized: number; matching: number; current: string }) {
  if (categories.length === 0) return null
  return (
    <ListFilterTabs
      label="Filter by category"
      param={POLICY_CATEGORY_PARAM}
      fallback=""
      current={current}
      choices={[
        { value: '', label: 'All', count: matching },
        ...categories.map((category) => ({ value: category.slug, label: category.name, count: category.matching })),
        { value: NO_CATEGORY, label: 'No category', count: uncategorized },
      ]}
    />
  )
}
