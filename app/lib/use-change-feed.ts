import { useEffect, useRef } from 'react'
import type { TableName } from '#db/database.ts'

export interface ChangeEvent {
  table: TableName
  type: 'insert' | 'update' | 'delete'
  id: string
}

/**
 * Follows the server's change feed (/api/changes) for some tables. The
 * browser's EventSource reconnects by itself after a network drop.
 */
export function useChangeFeed(tables: readonly TableName[], onChange: (change: ChangeEvent) => void) {
  const handler = useRef(onChange)
  useEffect(() => {
    handler.current = onChange
  })
  const key = tables.join(',')
  useEffect(() => {
    const source = new EventSource(`/api/changes?tables=${encodeURIComponent(key)}`)
    const listener = (event: MessageEvent<string>) => handler.current(JSON.parse(event.data) as ChangeEvent)
    source.addEventListener('change', listener)
    return () => {
      source.removeEventListener('change', listener)
      source.close()
    }
  }, [key])
}
