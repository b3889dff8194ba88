import { data, type RouterContextProvider } from 'react-router'
import type { EditableItemAnswer } from '#app/lib/editable-item.ts'
import { isDomainError } from '#app/lib/errors/domain-error.ts'
import { requireStaff } from '#app/services/permissions.server.ts'

interface LoaderArgs {
  params: { id: string }
  context: Readonly<RouterContextProvider>
}

/**
 * The loader of an item's editing route (a post's, a page's), guarded for
 * editors: the whole item for its editor, or the refusal's message with its
 * status (an item deleted meanwhile is a 404), as data the list shows in a
 * toast rather than an error page.
 */
export function editableItemLoader<Item>(find: (id: string) => Promise<Item>) {
  return async ({ params, context }: LoaderArgs) => {
    requireStaff(context, 'editor')
    try {
      return { id: params.id, item: await find(params.id) } satisfies EditableItemAnswer<Item>
    } catch (error) {
      if (isDomainError(error)) return data({ id: params.id, error: error.message } satisfies EditableItemAnswer<Item>, { status: error.status })
      throw error
    }
  }
}
