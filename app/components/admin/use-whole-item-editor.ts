import { useEffect, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { showErrorToast } from '#app/components/ui/error-toast.ts'
import type { EditableItemAnswer } from '#app/lib/editable-item.ts'

/**
 * Opens an item's editor once its whole (its text, which the list does not
 * carry) is loaded from its editing route: meanwhile `openingId` names the
 * item whose Edit button shows it is busy, and further presses wait for it.
 * An item that cannot be loaded (deleted meanwhile) is an 'Error' toast with
 * the server's message, and no editor.
 */
export function useWholeItemEditor<Whole>() {
  const [opening, setOpening] = useState<{ id: string; address: string } | null>(null)
  // Each opening has a fetcher of its own, so an earlier answer (the same item before a save) is never taken for it.
  const [round, setRound] = useState(0)
  const loader = useFetcher<EditableItemAnswer<Whole>>({ key: `${useId()}-whole-item-${round}` })

  useEffect(() => {
    if (opening && loader.state === 'idle' && !loader.data) void loader.load(opening.address)
  }, [opening, loader])

  const answer = opening && loader.state === 'idle' && loader.data?.id === opening.id ? loader.data : null
  const refusal = answer && 'error' in answer ? answer.error : null
  useEffect(() => {
    if (refusal) showErrorToast(refusal)
  }, [refusal])

  return {
    openingId: opening && !answer ? opening.id : null,
    editing: answer && 'item' in answer ? answer.item : null,
    open(id: string, address: string) {
      if (opening && !answer) return
      setRound((current) => current + 1)
      setOpening({ id, address })
    },
    close: () => setOpening(null),
  }
}
