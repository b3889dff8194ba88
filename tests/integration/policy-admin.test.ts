import { describe, expect, test, vi } from 'vitest'
import { createPolicy, deletePolicy, updatePolicy, type PolicySubmission } from '#app/domain/policy/policy-admin.server.ts'
import { POLICY_MESSAGES } from '#app/domain/policy/policy.schema.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { simplePdf } from '#app/services/seed/simple-pdf.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { isStored } from '#tests/setup/stored-files.ts'

const database = prepareTestDatabase()

/** A PDF file as the form posts it. */
function pdf(title: string) {
  return new File([new Uint8Array(simplePdf(title, ['A line of policy.']))], `${title}.pdf`, { type: 'application/pdf' })
}

async function created(input: PolicySubmission) {
  return (await createPolicy(input)).id
}

function submission(overrides: Partial<PolicySubmission> = {}): PolicySubmission {
  return { title: 'Uniform Policy', description: 'What pupils wear.', fileUrl: null, file: null, ...overrides }
}

async function storedRow(id: string) {
  return db.selectFrom('policies').select(['title', 'description', 'file_url']).where('id', '=', id).executeTakeFirst()
}

async function storedPolicyFileCount() {
  const rows = await db.selectFrom('policies').select('file_url').execute()
  return rows.filter((row) => row.file_url?.startsWith('/files/policies/')).length
}

describe(`policy files on ${database.engine}`, () => {
  test('an uploaded document is stored in the policies bucket and overrides the URL', async () => {
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['policies'], (change) => changes.push(change))
    const policy = await createPolicy(submission({ fileUrl: 'https://example.org/old.pdf', file: pdf('Uniform') }))
    const id = policy.id
    unsubscribe()

    const row = await storedRow(id)
    expect(row).toMatchObject({ title: 'Uniform Policy', description: 'What pupils wear.' })
    expect(row?.file_url).toMatch(/^\/files\/policies\/\d+-[0-9a-f]{8}\.pdf$/)
    expect(policy).toMatchObject({ title: 'Uniform Policy', description: 'What pupils wear.', fileUrl: row?.file_url })
    expect(await isStored(row?.file_url)).toBe(true)
    const location = parsePublicUrl(row!.file_url!)!
    const object = await storage.get(location.bucket, location.key)
    object?.body.destroy()
    expect(object?.contentType).toBe('application/pdf')
    expect(changes).toEqual([{ table: 'policies', type: 'insert', id }])
  })

  test('replacing the document by a new upload or by a URL keeps the old files as versions', async () => {
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['policies'], (change) => changes.push(change))
    const id = await created(submission({ file: pdf('First') }))
    const first = (await storedRow(id))!.file_url

    const updated = await updatePolicy(id, submission({ fileUrl: first, file: pdf('Second') }))
    const second = (await storedRow(id))!.file_url
    expect(updated).toMatchObject({ id, fileUrl: second })
    expect(second).not.toBe(first)
    expect(await isStored(first)).toBe(true)
    expect(await isStored(second)).toBe(true)

    expect(await updatePolicy(id, submission({ title: 'Renamed', fileUrl: 'https://example.org/uniform.pdf' }))).toMatchObject({ id, title: 'Renamed' })
    unsubscribe()
    expect(changes).toEqual([
      { table: 'policies', type: 'insert', id },
      { table: 'policies', type: 'update', id },
      { table: 'policies', type: 'update', id },
    ])
    expect(await storedRow(id)).toMatchObject({ title: 'Renamed', file_url: 'https://example.org/uniform.pdf' })
    expect(await isStored(second)).toBe(true)
    const versions = await db.selectFrom('policy_versions').select('file_url').where('policy_id', '=', id).orderBy('created_at').execute()
    expect(versions.map((version) => version.file_url)).toEqual([first, second, 'https://example.org/uniform.pdf'])

    await deletePolicy(id)
    expect(await isStored(first)).toBe(false)
    expect(await isStored(second)).toBe(false)
  })

  test('an edit that keeps the document keeps its file; clearing the URL keeps it as a version', async () => {
    const id = await created(submission({ file: pdf('Kept') }))
    const fileUrl = (await storedRow(id))!.file_url

    expect(await updatePolicy(id, submission({ description: 'Updated text.', fileUrl }))).toMatchObject({ id, description: 'Updated text.', fileUrl })
    expect(await storedRow(id)).toMatchObject({ description: 'Updated text.', file_url: fileUrl })
    expect(await isStored(fileUrl)).toBe(true)

    expect(await updatePolicy(id, submission({ fileUrl: null }))).toMatchObject({ id, fileUrl: null })
    expect((await storedRow(id))!.file_url).toBeNull()
    expect(await isStored(fileUrl)).toBe(true)
    expect(await db.selectFrom('policy_versions').select('file_url').where('policy_id', '=', id).execute()).toEqual([{ file_url: fileUrl }])
  })

  test('deleting a policy removes its file; a file another policy links to stays', async () => {
    const owner = await created(submission({ file: pdf('Shared') }))
    const fileUrl = (await storedRow(owner))!.file_url
    // A second policy pointing at the same stored file (a forged or copied URL).
    const borrower = await created(submission({ title: 'Copy', fileUrl }))

    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['policies'], (change) => changes.push(change))
    await deletePolicy(owner)
    expect(await storedRow(owner)).toBeUndefined()
    expect(await isStored(fileUrl)).toBe(true)

    await deletePolicy(borrower)
    unsubscribe()
    expect(await storedRow(borrower)).toBeUndefined()
    expect(await isStored(fileUrl)).toBe(false)
    expect(changes).toEqual([
      { table: 'policies', type: 'delete', id: owner },
      { table: 'policies', type: 'delete', id: borrower },
    ])
  })

  test('a policy linking elsewhere never removes files it does not own', async () => {
    const id = await created(submission({ fileUrl: 'https://example.org/external.pdf' }))
    const remove = vi.spyOn(storage, 'delete')
    try {
      await deletePolicy(id)
      expect(await storedRow(id)).toBeUndefined()
      expect(remove).not.toHaveBeenCalled()
    } finally {
      remove.mockRestore()
    }
  })

  test('an unknown id changes nothing and leaves no uploaded file behind', async () => {
    const before = await storedPolicyFileCount()
    const notFound = { code: 'not_found', message: POLICY_MESSAGES.notFound }
    const put = vi.spyOn(storage, 'put')
    try {
      await expect(updatePolicy('no-such-id', submission({ file: pdf('Lost') }))).rejects.toMatchObject(notFound)
      // The document was stored before the row was looked up, and removed when the write refused.
      expect(put).toHaveBeenCalledTimes(1)
      const [bucket, key] = put.mock.calls[0]!
      expect(await storage.get(bucket, key)).toBeNull()
    } finally {
      put.mockRestore()
    }
    await expect(deletePolicy('no-such-id')).rejects.toMatchObject(notFound)
    expect(await storedPolicyFileCount()).toBe(before)
  })

  test('a failed row write removes the file it had just stored', async () => {
    const put = vi.spyOn(storage, 'put')
    try {
      await expect(createPolicy(submission({ title: null as unknown as string, file: pdf('Orphan') }))).rejects.toThrow()
      expect(put).toHaveBeenCalledTimes(1)
      const [bucket, key] = put.mock.calls[0]!
      expect(await storage.get(bucket, key)).toBeNull()
    } finally {
      put.mockRestore()
    }
  })

  test('a file that is not a PDF or Word document is refused under its field, and nothing is stored', async () => {
    const id = await created(submission({ title: 'Kept' }))
    const put = vi.spyOn(storage, 'put')
    try {
      const fake = new File(['<html><script>alert(1)</script></html>'], 'policy.pdf', { type: 'application/pdf' })
      const notADocument = { code: 'invalid', message: UPLOAD_MESSAGES.notADocument, fields: { file: UPLOAD_MESSAGES.notADocument } }
      await expect(createPolicy(submission({ title: 'Fake', file: fake }))).rejects.toMatchObject(notADocument)
      await expect(updatePolicy(id, submission({ title: 'Changed', file: fake }))).rejects.toMatchObject(notADocument)
      expect(put).not.toHaveBeenCalled()
    } finally {
      put.mockRestore()
    }
    expect(await storedRow(id)).toMatchObject({ title: 'Kept', file_url: null })
    expect(await db.selectFrom('policies').select('id').where('title', '=', 'Fake').execute()).toEqual([])
  })
})
