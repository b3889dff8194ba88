import { publishChanges } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { readBool, readTimestamp } from '#db/portable.ts'

export interface ContactMessage {
  id: string
  name: string
  email: string
  message: string
  read: boolean
  createdAt: string
}

/** Spec §7: all messages, newest first. */
export async function listContactMessages(): Promise<ContactMessage[]> {
  const rows = await db.selectFrom('contact_messages').selectAll().orderBy('created_at', 'desc').orderBy('id').execute()
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    read: readBool(row.read),
    createdAt: readTimestamp(row.created_at),
  }))
}

/** False when no message has that id. */
export async function setContactMessageRead(id: string, read: boolean): Promise<boolean> {
  const result = await db.updateTable('contact_messages').set({ read }).where('id', '=', id).executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) return false
  await publishChanges({ table: 'contact_messages', type: 'update', id })
  return true
}

/** False when no message has that id. */
export async function deleteContactMessage(id: string): Promise<boolean> {
  const result = await db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) return false
  await publishChanges({ table: 'contact_messages', type: 'delete', id })
  return true
}
