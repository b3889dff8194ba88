import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { createPolicy, deletePolicy, deletePolicyVersion, updatePolicy, type PolicySubmission } from '#app/domain/policy/policy-admin.server.ts'
import { POLICY_MESSAGES } from '#app/domain/policy/policy.schema.ts'
import { listPolicyVersions } from '#app/domain/policy/policy.server.ts'
import { db } from '#app/lib/db.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { loader as versionDownload } from '#app/routes/admin/policy-version-download.ts'
import { loader as storedFile } from '#app/routes/files.ts'
import { loader as download } from '#app/routes/policy-download.ts'
import { loader as policyPage } from '#app/routes/site/policy.tsx'
import { sitemapEntries } from '#app/services/feeds/feed-sources.server.ts'
import { staffContext } from '#app/services/staff-context.ts'
import { simplePdf } from '#app/services/seed/simple-pdf.ts'
import type { Role } from '#db/tables/people.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser, requestWithCookie } from '#tests/setup/users.ts'
import { isStored } from '#tests/setup/stored-files.ts'

const database = prepareTestDatabase()

function pdf(name: string, line: string) {
  return new File([new Uint8Array(simplePdf(name, [line]))], name, { type: 'application/pdf' })
}

function submission(overrides: Partial<PolicySubmission> = {}): PolicySubmission {
  return { title: 'Safeguarding Policy', description: 'How we keep every child safe.', fileUrl: null, file: null, ...overrides }
}

function contextAs(role: Role) {
  const context = new RouterContextProvider()
  context.set(staffContext, { userId: `${role}-id`, email: `${role}@example.org`, displayName: role, role, twoFactorEnabled: false })
  return context
}

type DownloadArgs = Parameters<typeof download>[0]
const publicDownload = (slug: string) => download({ params: { slug }, request: new Request(`http://localhost/policies/${slug}/download`) } as unknown as DownloadArgs)
type VersionArgs = Parameters<typeof versionDownload>[0]
const staffDownload = (id: string, versionId: string, role: Role = 'editor') =>
  versionDownload({ params: { id, versionId }, context: contextAs(role), request: new Request('http://localhost/admin/policies') } as unknown as VersionArgs)
type PageArgs = Parameters<typeof policyPage>[0]
type FileArgs = Parameters<typeof storedFile>[0]
/** A stored file at its own /files/… address, asked for with the given cookie (none: a visitor). */
function parseParams(url: string) {
  const { bucket, key } = parsePublicUrl(url)!
  return { bucket, '*': key }
}
function rawFile(url: string, cookie?: string) {
  return storedFile({ params: parseParams(url), request: requestWithCookie(url, cookie) } as unknown as FileArgs)
}

async function bytesOf(response: Response) {
  return new Uint8Array(await response.arrayBuffer())
}

describe(`policy addresses and versions on ${database.engine}`, () => {
  test('a replaced document: the stable address answers the new bytes under the title; the old one stays a version staff can download; delete removes every file', async () => {
    const firstFile = pdf('safeguarding-2025.pdf', 'The first edition.')
    const policy = await createPolicy(submission({ file: firstFile }))
    expect(policy.slug).toBe('safeguarding-policy')
    const first = policy.fileUrl
    const secondFile = pdf('Safeguarding 2026 final.pdf', 'The second edition.')
    const replaced = await updatePolicy(policy.id, submission({ fileUrl: first, file: secondFile }))
    const second = replaced.fileUrl
    expect(second).not.toBe(first)
    expect(replaced.slug).toBe('safeguarding-policy')

    const answer = await publicDownload('safeguarding-policy')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Content-Disposition')).toBe('attachment; filename="Safeguarding Policy.pdf"')
    expect(answer.headers.get('Content-Type')).toBe('application/pdf')
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(await bytesOf(answer)).toEqual(new Uint8Array(await secondFile.arrayBuffer()))

    const versions = (await listPolicyVersions([replaced])).get(policy.id)!
    expect(versions.map((version) => ({ fileUrl: version.fileUrl, fileName: version.fileName, size: version.size, current: version.current }))).toEqual([
      { fileUrl: second, fileName: 'Safeguarding 2026 final.pdf', size: secondFile.size, current: true },
      { fileUrl: first, fileName: 'safeguarding-2025.pdf', size: firstFile.size, current: false },
    ])
    const old = versions[1]!
    const staffAnswer = await staffDownload(policy.id, old.id)
    expect(staffAnswer.status).toBe(200)
    expect(staffAnswer.headers.get('Content-Disposition')).toBe('attachment; filename=safeguarding-2025.pdf')
    expect(await bytesOf(staffAnswer)).toEqual(new Uint8Array(await firstFile.arrayBuffer()))
    const refused = await staffDownload(policy.id, old.id, 'user').then(
      () => 'answered',
      (thrown: unknown) => (thrown instanceof Response ? thrown.status : 'other'),
    )
    expect(refused).toBe(302)

    await deletePolicy(policy.id)
    expect(await isStored(first)).toBe(false)
    expect(await isStored(second)).toBe(false)
    expect(await db.selectFrom('policy_versions').select('id').where('policy_id', '=', policy.id).execute()).toEqual([])
    expect((await publicDownload('safeguarding-policy')).status).toBe(404)
  })

  test('a draft is not found at either address; a link elsewhere is followed; the slug is unique and kept on rename', async () => {
    const draft = await createPolicy(submission({ title: 'Uniform Policy', publication: 'draft', file: pdf('uniform.pdf', 'Jumpers.') }))
    expect((await publicDownload(draft.slug)).status).toBe(404)
    const page = (await policyPage({ params: { slug: draft.slug } } as unknown as PageArgs)) as { init: ResponseInit | null; data: { policy: null } }
    expect(page.init?.status).toBe(404)

    const linked = await createPolicy(submission({ title: 'Uniform Policy', fileUrl: 'https://example.org/uniform.pdf' }))
    expect(linked.slug).toBe('uniform-policy-2')
    const redirect = await publicDownload('uniform-policy-2')
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('Location')).toBe('https://example.org/uniform.pdf')
    expect(await policyPage({ params: { slug: 'uniform-policy-2' } } as unknown as PageArgs)).toMatchObject({ policy: { title: 'Uniform Policy', slug: 'uniform-policy-2' } })

    const sitemap = (await sitemapEntries()).map((entry) => entry.path)
    expect(sitemap).toContain('/policies/uniform-policy-2')
    expect(sitemap).not.toContain(`/policies/${draft.slug}`)

    const renamed = await updatePolicy(linked.id, submission({ title: 'School Uniform', fileUrl: 'https://example.org/uniform.pdf' }))
    expect(renamed.slug).toBe('uniform-policy-2')
    const noDocument = await createPolicy(submission({ title: 'Empty' }))
    expect((await publicDownload(noDocument.slug)).status).toBe(404)
  })

  test("a draft's files are not found at their /files/ addresses but for staff, uncached; once published visitors get the current one only, asked for again each time", async () => {
    const draft = await createPolicy(submission({ title: 'Admissions Policy', publication: 'draft', file: pdf('admissions-draft.pdf', 'Draft one.') }))
    const firstFile = draft.fileUrl!
    const replaced = await updatePolicy(draft.id, submission({ title: 'Admissions Policy', publication: 'draft', fileUrl: firstFile, file: pdf('admissions.pdf', 'Draft two.') }))
    const currentFile = replaced.fileUrl!
    expect((await rawFile(currentFile)).status).toBe(404)
    expect((await rawFile(firstFile)).status).toBe(404)

    const editor = await createSignedInUser('editor')
    const forStaff = await rawFile(currentFile, editor.cookie)
    expect(forStaff.status).toBe(200)
    expect(forStaff.headers.get('Cache-Control')).toBe('private, no-store')
    expect(forStaff.headers.get('Content-Disposition')).toBe('attachment; filename="Admissions Policy.pdf"')
    expect((await rawFile(firstFile, editor.cookie)).status).toBe(200)
    const user = await createSignedInUser('user')
    expect((await rawFile(currentFile, user.cookie)).status).toBe(404)

    await updatePolicy(draft.id, submission({ title: 'Admissions Policy', publication: 'published', fileUrl: currentFile }))
    const published = await rawFile(currentFile)
    expect(published.status).toBe(200)
    expect(published.headers.get('Cache-Control')).toBe('public, no-cache')
    expect(await bytesOf(published)).toEqual(await bytesOf(await rawFile(currentFile, editor.cookie)))
    const etag = published.headers.get('ETag')!
    expect((await storedFile({ params: parseParams(currentFile), request: requestWithCookie(currentFile, undefined, { headers: { 'If-None-Match': etag } }) } as unknown as FileArgs)).status).toBe(304)
    // The superseded document is the office's record, no longer the public's.
    expect((await rawFile(firstFile)).status).toBe(404)
    expect((await rawFile(firstFile, editor.cookie)).status).toBe(200)

    // Replaced again: the file visitors had (and kept with its ETag) is withdrawn at its old address; the stable one gives the new.
    const third = await updatePolicy(draft.id, submission({ title: 'Admissions Policy', fileUrl: currentFile, file: pdf('admissions-2027.pdf', 'Third.') }))
    expect((await rawFile(currentFile)).status).toBe(404)
    expect((await storedFile({ params: parseParams(currentFile), request: requestWithCookie(currentFile, undefined, { headers: { 'If-None-Match': etag } }) } as unknown as FileArgs)).status).toBe(404)
    expect((await rawFile(third.fileUrl!)).status).toBe(200)
    expect(await bytesOf(await publicDownload(third.slug))).toEqual(await bytesOf(await rawFile(third.fileUrl!)))
  })

  test('the stable download address gives staff a draft’s current document, uncached; visitors get 404', async () => {
    const draft = await createPolicy(submission({ title: 'Charging Policy', publication: 'draft', file: pdf('charging.pdf', 'Draft.') }))
    expect((await publicDownload(draft.slug)).status).toBe(404)
    const editor = await createSignedInUser('editor')
    const forStaff = await download({ params: { slug: draft.slug }, request: requestWithCookie(`/policies/${draft.slug}/download`, editor.cookie) } as unknown as DownloadArgs)
    expect(forStaff.status).toBe(200)
    expect(forStaff.headers.get('Cache-Control')).toBe('private, no-store')
    expect(forStaff.headers.get('Content-Disposition')).toBe('attachment; filename="Charging Policy.pdf"')
    const user = await createSignedInUser('user')
    expect((await download({ params: { slug: draft.slug }, request: requestWithCookie(`/policies/${draft.slug}/download`, user.cookie) } as unknown as DownloadArgs)).status).toBe(404)
  })

  test('an admin deletes an old version (its file goes), never the current one; an editor may not', async () => {
    const policy = await createPolicy(submission({ title: 'Behaviour Policy', file: pdf('one.pdf', 'One.') }))
    const replaced = await updatePolicy(policy.id, submission({ title: 'Behaviour Policy', fileUrl: policy.fileUrl, file: pdf('two.pdf', 'Two.') }))
    const versions = (await listPolicyVersions([replaced])).get(policy.id)!
    const current = versions.find((version) => version.current)
    const old = versions.find((version) => !version.current)
    await expect(deletePolicyVersion(old!.id, { role: 'editor' })).rejects.toMatchObject({ code: 'forbidden', message: POLICY_MESSAGES.versionsAdminsOnly })
    await expect(deletePolicyVersion(current!.id, { role: 'admin' })).rejects.toMatchObject({ code: 'conflict', message: POLICY_MESSAGES.currentVersion })
    expect(await isStored(old!.fileUrl)).toBe(true)
    await deletePolicyVersion(old!.id, { role: 'admin' })
    expect(await isStored(old!.fileUrl)).toBe(false)
    expect(await isStored(current!.fileUrl)).toBe(true)
    expect((await listPolicyVersions([replaced])).get(policy.id)!.map((version) => version.id)).toEqual([current!.id])
    await expect(deletePolicyVersion(old!.id, { role: 'admin' })).rejects.toMatchObject({ code: 'not_found', message: POLICY_MESSAGES.versionNotFound })
  })

  test('two versions saved within the same millisecond list the current one first', async () => {
    const policy = await createPolicy(submission({ title: 'Uniform Policy', file: pdf('one.pdf', 'One.') }))
    const replaced = await updatePolicy(policy.id, submission({ title: 'Uniform Policy', fileUrl: policy.fileUrl, file: pdf('two.pdf', 'Two.') }))
    // The same moment, and ids whose order alone would put the old version first.
    const moment = '2026-11-28T10:00:00.000Z'
    await db.updateTable('policy_versions').set({ created_at: moment, id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' }).where('file_url', '=', policy.fileUrl).execute()
    await db.updateTable('policy_versions').set({ created_at: moment, id: '00000000-0000-4000-8000-000000000000' }).where('file_url', '=', replaced.fileUrl).execute()
    const versions = (await listPolicyVersions([replaced])).get(policy.id)!
    expect(versions.map((version) => ({ fileUrl: version.fileUrl, current: version.current }))).toEqual([
      { fileUrl: replaced.fileUrl, current: true },
      { fileUrl: policy.fileUrl, current: false },
    ])
  })
})
