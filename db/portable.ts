/** Reads values whose wire form differs between SQLite and PostgreSQL. */
export function readBool(value: boolean | number): boolean {
  return value === true || value === 1
}

export function readTimestamp(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : value
}

export function readNullableTimestamp(value: string | Date | null): string | null {
  return value === null ? null : readTimestamp(value)
}

export function readJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

/** JSON is always bound as text: PostgreSQL casts it to jsonb, SQLite stores it as is. */
export function writeJson(value: unknown): string {
  return JSON.stringify(value)
}

export function newId(): string {
  return crypto.randomUUID()
}

export function now(): string {
  return new Date().toISOString()
}

/** True for the error either engine raises when a write breaks a unique constraint (PostgreSQL 23505, SQLite's UNIQUE constraint). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const { code, errcode } = error as Error & { code?: unknown; errcode?: unknown }
  return code === '23505' || errcode === 2067 || errcode === 1555 || /UNIQUE constraint failed/.test(error.message)
}
