import { useState } from 'react'

/**
 * A dialog's `onCloseAutoFocus`: the keyboard goes back to where it was when
 * the dialog opened (the row's Edit button, the link a visitor was on when an
 * emergency alert came in). A dialog opened from state, without a trigger of
 * its own, otherwise leaves it on the page's body. An opener gone meanwhile
 * (its row deleted) leaves the dialog's own choice.
 */
export function useReturnFocus() {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement))
  return (event: Event) => {
    if (!(opener instanceof HTMLElement) || !opener.isConnected) return
    event.preventDefault()
    opener.focus()
  }
}
