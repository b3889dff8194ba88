import { publishChanges } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { removeStoredFiles, storeDocument } from '#app/lib/uploads/uploads.server.ts'
import { writeWithUpload } from '#app/lib/uploads/write-with-upload.server.ts'
import { newId, now } from '#db/portable.ts'
import type { PolicyInput } from './policy.schema.ts'

/** A document that passed `checkDocumentUpload`. */
export type CheckedDocument = Parameters<typeof storeDocument>[1]

/** What the form gives, plus the checked uploaded document, which overrides the URL (spec §5). */
export type PolicySubmission = Omit<PolicyInput, 'file'> & { document?: CheckedDocument | null }

const POLICY_FILE_URL_PREFIX = '/files/policies/'

/** Stores the uploaded document (if any) and runs the row write with the policy's file URL. */
function writeWithDocument(input: PolicySubmission, write: (fileUrl: string | null) => Promise<boolean>) {
  const document = input.document
  const store = document ? () => storeDocument(storage, document) : null
  return writeWithUpload(store, (uploaded) => write(uploaded ?? input.fileUrl))
}

/** Spec §7: the old file is removed on replace or delete, once no policy links to it any more. */
async function removeUnusedPolicyFile(url: string | null) {
  if (!url?.startsWith(POLICY_FILE_URL_PREFIX)) return
  const stillLinked = await db.selectFrom('policies').select('id').where('file_url', '=', url).executeTakeFirst()
  if (!stillLinked) await removeStoredFiles(storage, [url])
}

export async function createPolicy(input: PolicySubmission): Promise<string> {
  const id = newId()
  await writeWithDocument(input, async (fileUrl) => {
    await db
      .insertInto('policies')
      .values({ id, title: input.title, description: input.description, file_url: fileUrl, created_at: now() })
      .execute()
    return true
  })
  await publishChanges({ table: 'policies', type: 'insert', id })
  return id
}

/** False when no policy has that id (and nothing is stored). */
export async function updatePolicy(id: string, input: PolicySubmission): Promise<boolean> {
  const previous = await db.selectFrom('policies').select('file_url').where('id', '=', id).executeTakeFirst()
  if (!previous) return false
  const updated = await writeWithDocument(input, async (fileUrl) => {
    const result = await db
      .updateTable('policies')
      .set({ title: input.title, description: input.description, file_url: fileUrl })
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  })
  if (!updated) return false
  await publishChanges({ table: 'policies', type: 'update', id })
  await removeUnusedPolicyFile(previous.file_url)
  return true
}

/** False when no policy has that id. */
export async function deletePolicy(id: string): Promise<boolean> {
  const previous = await db.selectFrom('policies').select('file_url').where('id', '=', id).executeTakeFirst()
  if (!previous) return false
  const result = await db.deleteFrom('policies').where('id', '=', id).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) return false
  await publishChanges({ table: 'policies', type: 'delete', id })
  await removeUnusedPolicyFile(previous.file_url)
  return true
}
