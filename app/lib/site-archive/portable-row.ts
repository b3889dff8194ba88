/**
 * A row as both engines accept it back: PostgreSQL hands out Date objects and
 * parsed JSON where SQLite has ISO text and JSON text; booleans and numbers
 * are taken by both as they are.
 */
export function portableRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [column, portableValue(column, value)]))
}

function portableValue(column: string, value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  if (value instanceof Uint8Array) throw new Error(`Column ${column} holds binary data, which site archives do not carry`)
  if (typeof value === 'bigint') return value.toString()
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return value
}
