import { describe, expect, test, vi } from 'vitest'
import { createPolicy, deletePolicy, updatePolicy, type PolicySubmission } from '#app/domain/policy/policy-admin.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { db } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { simplePdf } from '#db/seed/simple-pdf.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

function pdf(title: string) {
  return { bytes: simplePdf(title, ['A line of policy.']), ext: 'pdf', contentType: 'application/pdf' }
}

function submission(overrides: Partial<PolicySubmission> = {}): PolicySubmission {
  return { title: 'Uniform Policy', description: 'What pupils wear.', fileUrl: null, document: null, ...overrides }
}

async function storedRow(id: string) {
  return db.selectFrom('policies').select(['title', 'description', 'file_url']).where('id', '=', id).executeTakeFirst()
}

async function isStored(url: string | null | undefined) {
  const location = url ? parsePublicUrl(url) : null
  if (!location) return false
  const object = await storage.get(location.bucket, location.key)
  object?.body.destroy()
  return object !== null
}

async function storedPolicyFileCount() {
  const rows = await db.selectFrom('policies').select('file_url').execute()
  return rows.filter((row) => row.file_url?.startsWith('/files/policies/')).length
}

describe(`policy files on ${database.engine}`, () => {
  test('an uploaded document is stored in the policies bucket and overrides the URL', async () => {
    const changes: Change[] = []
    const unsubscribe = changeFeed.subscribe(['policies'], (change) => changes.push(change))
    const id = await createPolicy(submission({ fileUrl: 'https://example.org/old.pdf', document: pdf('Uniform') }))
    unsubscribe()

    const row = await storedRow(id)
    expect(row).toMatchObject({ title: 'Uniform Policy', description: 'What pupils wear.' })
    expect(row?.file_url).toMatch(/^\/files\/policies\/\d+-[0-9a-f]{8}\.pdf$/)
    expect(await isStored(row?.file_url)).toBe(true)
    const location = parsePublicUrl(row!.file_url!)!
    const object = await storage.get(location.bucket, location.key)
    object?.body.destroy()
    expect(object?.contentType).toBe('application/pdf')
    expect(changes).toEqual([{ table: 'policies', type: 'insert', id }])
  })

  test('replacing the document by a new upload or by a URL removes the old file', async () => {
    const id = await createPolicy(submission({ document: pdf('First') }))
    const first = (await storedRow(id))!.file_url

    expect(await updatePolicy(id, submission({ fileUrl: first, document: pdf('Second') }))).toBe(true)
    const second = (await storedRow(id))!.file_url
    expect(second).not.toBe(first)
    expect(await isStored(first)).toBe(false)
    expect(await isStored(second)).toBe(true)

    expect(await updatePolicy(id, submission({ title: 'Renamed', fileUrl: 'https://example.org/uniform.pdf' }))).toBe(true)
    expect(await storedRow(id)).toMatchObject({ title: 'Renamed', file_url: 'https://example.org/uniform.pdf' })
    expect(await isStored(second)).toBe(false)
  })

  test('an edit that keeps the document keeps its file, and clearing the URL removes it', async () => {
    const id = await createPolicy(submission({ document: pdf('Kept') }))
    const fileUrl = (await storedRow(id))!.file_url

    expect(await updatePolicy(id, submission({ description: 'Updated text.', fileUrl }))).toBe(true)
    expect(await storedRow(id)).toMatchObject({ description: 'Updated text.', file_url: fileUrl })
    expect(await isStored(fileUrl)).toBe(true)

    expect(await updatePolicy(id, submission({ fileUrl: null }))).toBe(true)
    expect((await storedRow(id))!.file_url).toBeNull()
    expect(await isStored(fileUrl)).toBe(false)
  })

  test('deleting a policy removes its file; a file another policy links to stays', async () => {
    const owner = await createPolicy(submission({ document: pdf('Shared') }))
    const fileUrl = (await storedRow(owner))!.file_url
    // A second policy pointing at the same stored file (a forged or copied URL).
    const borrower = await createPolicy(submission({ title: 'Copy', fileUrl }))

    expect(await deletePolicy(owner)).toBe(true)
    expect(await storedRow(owner)).toBeUndefined()
    expect(await isStored(fileUrl)).toBe(true)

    expect(await deletePolicy(borrower)).toBe(true)
    expect(await isStored(fileUrl)).toBe(false)
  })

  test('a policy linking elsewhere never removes files it does not own', async () => {
    const id = await createPolicy(submission({ fileUrl: 'https://example.org/external.pdf' }))
    const remove = vi.spyOn(storage, 'delete')
    try {
      expect(await deletePolicy(id)).toBe(true)
      expect(remove).not.toHaveBeenCalled()
    } finally {
      remove.mockRestore()
    }
  })

  test('an unknown id changes nothing and leaves no uploaded file behind', async () => {
    const before = await storedPolicyFileCount()
    const put = vi.spyOn(storage, 'put')
    try {
      expect(await updatePolicy('no-such-id', submission({ document: pdf('Lost') }))).toBe(false)
      expect(put).not.toHaveBeenCalled()
    } finally {
      put.mockRestore()
    }
    expect(await deletePolicy('no-such-id')).toBe(false)
    expect(await storedPolicyFileCount()).toBe(before)
  })

  test('a failed row write removes the file it had just stored', async () => {
    const put = vi.spyOn(storage, 'put')
    try {
      await expect(createPolicy(submission({ title: null as unknown as string, document: pdf('Orphan') }))).rejects.toThrow()
      expect(put).toHaveBeenCalledTimes(1)
      const [bucket, key] = put.mock.calls[0]!
      expect(await storage.get(bucket, key)).toBeNull()
    } finally {
      put.mockRestore()
    }
  })
})
