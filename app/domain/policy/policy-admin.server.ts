import { DomainError } from '#app/lib/errors/domain-error.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { removeFileOnceUnused, writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { chosenFile } from '#app/lib/uploads/upload-rules.ts'
import { checkDocumentUpload, storeDocument } from '#app/lib/uploads/uploads.server.ts'
import { newId, now } from '#db/portable.ts'
import { POLICY_MESSAGES, type PolicyInput } from './policy.schema.ts'
import { toPolicy, type Policy } from './policy.server.ts'

/** What the form (or the content API) gives: the checked fields, and an uploaded document that overrides `fileUrl`. */
export type PolicySubmission = Omit<PolicyInput, 'file'> & { file?: unknown }

const POLICY_FILE_URL_PREFIX = '/files/policies/'

const notFound = () => DomainError.notFound(POLICY_MESSAGES.notFound)

/** The chosen document, checked by its bytes and stored; null when none was chosen. */
async function storedDocument(value: unknown): Promise<string | null> {
  const file = chosenFile(value)
  if (!file) return null
  const checked = await checkDocumentUpload(file)
  if (!checked.ok) throw DomainError.invalidField('file', checked.error)
  return storeDocument(storage, checked.value)
}

async function readBack(tx: WriteTransaction, id: string): Promise<Policy> {
  return toPolicy(await tx.db.selectFrom('policies').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

/** Removes a file uploaded for a row of `policies` after commit, once no row shows it any more. */
function removeIfUnused(tx: WriteTransaction, url: string | null) {
  return removeFileOnceUnused(tx, url, POLICY_FILE_URL_PREFIX, (file) => tx.db.selectFrom('policies').select('id').where('file_url', '=', file).executeTakeFirst())
}

export async function createPolicy(input: PolicySubmission): Promise<Policy> {
  const uploadedFile = await storedDocument(input.file)
  const id = newId()
  return writeTransaction(
    async (tx) => {
      await tx.db
        .insertInto('policies')
        .values({
          id,
          title: input.title,
          description: input.description,
          file_url: uploadedFile ?? input.fileUrl,
          status: input.publication ?? 'published',
          created_at: now(),
        })
        .execute()
      tx.publish({ table: 'policies', type: 'insert', id })
      return readBack(tx, id)
    },
    { uploads: [uploadedFile] },
  )
}

/** The same fields on an existing policy. A replaced document goes after the commit. */
export async function updatePolicy(id: string, input: PolicySubmission): Promise<Policy> {
  const uploadedFile = await storedDocument(input.file)
  return writeTransaction(
    async (tx) => {
      const previous = await tx.db.selectFrom('policies').select('file_url').where('id', '=', id).executeTakeFirst()
      if (!previous) throw notFound()
      const fileUrl = uploadedFile ?? input.fileUrl
      await tx.db.updateTable('policies').set({ title: input.title, description: input.description, file_url: fileUrl, ...(input.publication ? { status: input.publication } : {}) }).where('id', '=', id).execute()
      tx.publish({ table: 'policies', type: 'update', id })
      if (previous.file_url !== fileUrl) await removeIfUnused(tx, previous.file_url)
      return readBack(tx, id)
    },
    { uploads: [uploadedFile] },
  )
}

/** Deletes the policy; its stored document goes after the commit. */
export async function deletePolicy(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const previous = await tx.db.selectFrom('policies').select('file_url').where('id', '=', id).executeTakeFirst()
    if (!previous) throw notFound()
    await tx.db.deleteFrom('policies').where('id', '=', id).execute()
    tx.publish({ table: 'policies', type: 'delete', id })
    await removeIfUnused(tx, previous.file_url)
  })
}
