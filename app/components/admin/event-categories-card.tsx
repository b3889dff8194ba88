import { Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { ConfirmDelete } from '#app/components/admin/confirm-delete.tsx'
import { SelectField } from '#app/components/forms/choice-fields.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { useActionToast } from '#app/components/hooks/use-action-toast.ts'
import { CategoryBadge } from '#app/components/site/category-badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#app/components/ui/card.tsx'
import { CATEGORY_COLOURS, CATEGORY_COLOUR_LABELS, type EventCategory } from '#app/domain/event/event-category.ts'
import { EVENT_CATEGORY_MESSAGES, eventCategorySchema } from '#app/domain/event/event-category.schema.ts'
import type { ActionResult } from '#app/lib/action-result.ts'

const CATEGORIES_ACTION = '/admin/events/categories'

/**
 * The event categories (Sports, Term dates…) with their colours. Admins add,
 * rename and delete them here; editors see them and pick them in the event
 * dialog. The card posts to its own route.
 */
export function EventCategoriesCard({ categories, canManage }: { categories: readonly EventCategory[]; canManage: boolean }) {
  const [editing, setEditing] = useState<EventCategory | 'new' | null>(null)
  const remover = useFetcher<ActionResult>()
  useActionToast(remover)
  return (
    <Card className="mb-8">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="space-y-1.5">
          <h2 className="text-lg font-semibold">Categories</h2>
          <CardDescription>
            Visitors filter the calendar by category and can subscribe to one category's events.{canManage ? '' : ' Admins manage the categories.'}
          </CardDescription>
        </div>
        {canManage ? (
          <Button variant="outline" onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            Add Category
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {categories.length === 0 ? (
          <p className="text-sm text-muted-foreground">No categories yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-3">
            {categories.map((category) => (
              <li key={category.id} className="flex items-center gap-1 rounded-md border py-1 pr-1 pl-2">
                <CategoryBadge category={category} />
                {canManage ? (
                  <>
                    <Button variant="ghost" size="icon" aria-label={`Edit ${category.name}`} onClick={() => setEditing(category)}>
                      <Pencil aria-hidden />
                    </Button>
                    <ConfirmDelete
                      label={`Delete ${category.name}`}
                      question={EVENT_CATEGORY_MESSAGES.confirmDelete}
                      pending={remover.state !== 'idle' && remover.formData?.get('id') === category.id}
                      onConfirm={() => void remover.submit({ intent: 'delete-category', id: category.id }, { method: 'post', action: CATEGORIES_ACTION })}
                    />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {editing ? <EventCategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  )
}

function EventCategoryDialog({ category, onClose }: { category: EventCategory | null; onClose: () => void }) {
  return (
    <AdminFormDialog
      title={category ? 'Edit Category' : 'Add Category'}
      description="A name and a colour; the colour marks the category's events on the calendar."
      schema={eventCategorySchema}
      editingId={category?.id ?? null}
      intent={category ? 'update-category' : 'create-category'}
      action={CATEGORIES_ACTION}
      onClose={onClose}
    >
      {({ errors }) => (
        <>
          <Field id="categoryName" name="name" label="Name" maxLength={50} defaultValue={category?.name} error={errors.name} />
          <SelectField
            id="categoryColour"
            name="colour"
            label="Colour"
            options={CATEGORY_COLOURS.map((colour) => ({ value: colour, label: CATEGORY_COLOUR_LABELS[colour] }))}
            defaultValue={category?.colour ?? 'blue'}
            error={errors.colour}
          />
        </>
      )}
    </AdminFormDialog>
  )
}
