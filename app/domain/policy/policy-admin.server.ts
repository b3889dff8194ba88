import { hasRole, type StaffSession } from '#app/domain/user/access.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { removeFileOnceUnused, writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { chosenFile } from '#app/lib/uploads/upload-rules.ts'
import { checkDocumentUpload, storeDocument } from '#app/lib/uploads/uploads.server.ts'
import { isUniqueViolation, newId, now } from '#db/portable.ts'
import { firstFreeSlug, slugify } from '../publishing/slug.ts'
import { MAX_POLICY_CATEGORIES, POLICY_CATEGORY_MESSAGES, POLICY_MESSAGES, type PolicyInput } from './policy.schema.ts'
import { toPolicy, toPolicyCategory, type Policy, type PolicyCategory } from './policy.server.ts'

/**
 * What the form (or the content API) gives: the checked fields, and an
 * uploaded document that overrides `fileUrl`. A category or review date left
 * out keeps what an existing policy has.
 */
export type PolicySubmission = Omit<PolicyInput, 'file' | 'categoryId' | 'reviewDate'> & {
  file?: unknown
  categoryId?: string | null
  reviewDate?: string | null
}

/** Who makes the change: recorded on the versions it adds. */
export type PolicyActor = Pick<StaffSession, 'userId'> | null

const POLICY_FILE_URL_PREFIX = '/files/policies/'
/** Longer uploaded names are cut: the name is shown and offered as a download name, never trusted. */
const MAX_FILE_NAME = 255

const notFound = () => DomainError.notFound(POLICY_MESSAGES.notFound)

interface StoredDocument {
  url: string
  fileName: string
  size: number
  contentType: string
}

/** The chosen document, checked by its bytes and stored; null when none was chosen. */
async function storedDocument(value: unknown): Promise<StoredDocument | null> {
  const file = chosenFile(value)
  if (!file) return null
  const checked = await checkDocumentUpload(file)
  if (!checked.ok) throw DomainError.invalidField('file', checked.error)
  const url = await storeDocument(storage, checked.value)
  const fileName = Array.from(file.name.replace(/\p{Cc}/gu, ' ').trim()).slice(0, MAX_FILE_NAME).join('') || (url.split('/').pop() ?? url)
  return { url, fileName, size: checked.value.bytes.byteLength, contentType: checked.value.contentType }
}

async function categoriesById(tx: WriteTransaction): Promise<Map<string, PolicyCategory>> {
  const rows = await tx.db.selectFrom('policy_categories').selectAll().execute()
  return new Map(rows.map((row) => [row.id, toPolicyCategory(row)]))
}

async function readBack(tx: WriteTransaction, id: string): Promise<Policy> {
  return toPolicy(await tx.db.selectFrom('policies').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), await categoriesById(tx))
}

async function assertCategoryExists(tx: WriteTransaction, categoryId: string | null | undefined) {
  if (!categoryId) return
  const row = await tx.db.selectFrom('policy_categories').select('id').where('id', '=', categoryId).executeTakeFirst()
  if (!row) throw DomainError.invalidField('categoryId', POLICY_MESSAGES.unknownCategory)
}

/** A slug from the title no other policy has: 'uniform-policy', then 'uniform-policy-2'. */
async function freeSlug(tx: WriteTransaction, title: string): Promise<string> {
  const base = slugify(title) || 'policy'
  const taken = new Set(
    (await tx.db.selectFrom('policies').select('slug').where('slug', 'like', `${base}%`).execute()).map((row) => row.slug),
  )
  return firstFreeSlug(base, (slug) => taken.has(slug))
}

/** Another write took the same slug between the check and the insert: answered as a conflict, nothing stored. */
function slugRace(error: unknown): never {
  throw isUniqueViolation(error) ? DomainError.conflict('Another policy with this title was saved at the same moment: please save again') : error
}

/** Records the policy's new document as its newest version. */
async function addVersion(tx: WriteTransaction, policyId: string, fileUrl: string, uploaded: StoredDocument | null, actor: PolicyActor) {
  const id = newId()
  await tx.db
    .insertInto('policy_versions')
    .values({
      id,
      policy_id: policyId,
      file_url: fileUrl,
      file_name: uploaded?.fileName ?? null,
      size: uploaded?.size ?? null,
      content_type: uploaded?.contentType ?? null,
      created_at: now(),
      created_by: actor?.userId ?? null,
    })
    .execute()
  tx.publish({ table: 'policy_versions', type: 'insert', id })
}

/** Removes a stored policy file after commit, once no policy and no version shows it any more. */
function removeIfUnused(tx: WriteTransaction, url: string | null) {
  return removeFileOnceUnused(tx, url, POLICY_FILE_URL_PREFIX, async (file) => {
    const current = await tx.db.selectFrom('policies').select('id').where('file_url', '=', file).executeTakeFirst()
    return current ?? (await tx.db.selectFrom('policy_versions').select('id').where('file_url', '=', file).executeTakeFirst())
  })
}

export async function createPolicy(input: PolicySubmission, actor: PolicyActor = null): Promise<Policy> {
  const uploaded = await storedDocument(input.file)
  const id = newId()
  return writeTransaction(
    async (tx) => {
      await assertCategoryExists(tx, input.categoryId)
      const fileUrl = uploaded?.url ?? input.fileUrl
      const at = now()
      await tx.db
        .insertInto('policies')
        .values({
          id,
          title: input.title,
          slug: await freeSlug(tx, input.title),
          description: input.description,
          file_url: fileUrl,
          category_id: input.categoryId ?? null,
          review_date: input.reviewDate ?? null,
          status: input.publication ?? 'published',
          created_at: at,
          updated_at: at,
        })
        .execute()
      if (fileUrl) await addVersion(tx, id, fileUrl, uploaded, actor)
      tx.publish({ table: 'policies', type: 'insert', id })
      return readBack(tx, id)
    },
    { uploads: [uploaded?.url] },
  ).catch(slugRace)
}

/**
 * The same fields on an existing policy; its address stays. A new document
 * becomes the newest version and the previous one stays as an older version
 * (links to it keep working), until an admin deletes it or the policy goes.
 */
export async function updatePolicy(id: string, input: PolicySubmission, actor: PolicyActor = null): Promise<Policy> {
  const uploaded = await storedDocument(input.file)
  return writeTransaction(
    async (tx) => {
      const previous = await tx.db.selectFrom('policies').select('file_url').where('id', '=', id).executeTakeFirst()
      if (!previous) throw notFound()
      await assertCategoryExists(tx, input.categoryId)
      const fileUrl = uploaded?.url ?? input.fileUrl
      await tx.db
        .updateTable('policies')
        .set({
          title: input.title,
          description: input.description,
          file_url: fileUrl,
          updated_at: now(),
          ...(input.categoryId !== undefined ? { category_id: input.categoryId } : {}),
          ...(input.reviewDate !== undefined ? { review_date: input.reviewDate } : {}),
          ...(input.publication ? { status: input.publication } : {}),
        })
        .where('id', '=', id)
        .execute()
      if (fileUrl && fileUrl !== previous.file_url) await addVersion(tx, id, fileUrl, uploaded, actor)
      tx.publish({ table: 'policies', type: 'update', id })
      return readBack(tx, id)
    },
    { uploads: [uploaded?.url] },
  )
}

/** Deletes the policy and its versions; every stored document of it goes after the commit. */
export async function deletePolicy(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const previous = await tx.db.selectFrom('policies').select('file_url').where('id', '=', id).executeTakeFirst()
    if (!previous) throw notFound()
    const versions = await tx.db.selectFrom('policy_versions').select(['id', 'file_url']).where('policy_id', '=', id).execute()
    await tx.db.deleteFrom('policy_versions').where('policy_id', '=', id).execute()
    await tx.db.deleteFrom('policies').where('id', '=', id).execute()
    tx.publish({ table: 'policies', type: 'delete', id }, ...versions.map((version) => ({ table: 'policy_versions' as const, type: 'delete' as const, id: version.id })))
    for (const url of new Set([previous.file_url, ...versions.map((version) => version.file_url)])) await removeIfUnused(tx, url)
  })
}

/** An admin removes an older document of a policy; its file goes after the commit. The current one stays. */
export async function deletePolicyVersion(versionId: string, actor: Pick<StaffSession, 'role'>): Promise<void> {
  if (!hasRole(actor.role, 'admin')) throw DomainError.forbidden(POLICY_MESSAGES.versionsAdminsOnly)
  await writeTransaction(async (tx) => {
    const version = await tx.db.selectFrom('policy_versions').selectAll().where('id', '=', versionId).executeTakeFirst()
    if (!version) throw DomainError.notFound(POLICY_MESSAGES.versionNotFound)
    const newest = await tx.db
      .selectFrom('policy_versions')
      .innerJoin('policies', 'policies.id', 'policy_versions.policy_id')
      .select(['policy_versions.id', 'policy_versions.file_url', 'policies.file_url as current'])
      .where('policy_versions.policy_id', '=', version.policy_id)
      .where('policy_versions.file_url', '=', version.file_url)
      .orderBy('policy_versions.created_at', 'desc')
      .orderBy('policy_versions.id', 'desc')
      .limit(1)
      .executeTakeFirst()
    if (newest && newest.id === version.id && newest.current === version.file_url) throw DomainError.conflict(POLICY_MESSAGES.currentVersion)
    await tx.db.deleteFrom('policy_versions').where('id', '=', versionId).execute()
    tx.publish({ table: 'policy_versions', type: 'delete', id: versionId })
    await removeIfUnused(tx, version.file_url)
  })
}

function adminsOnly(actor: Pick<StaffSession, 'role'>) {
  if (!hasRole(actor.role, 'admin')) throw DomainError.forbidden(POLICY_CATEGORY_MESSAGES.adminsOnly)
}

const nameTaken = () => DomainError.conflict(POLICY_CATEGORY_MESSAGES.nameTaken, { name: POLICY_CATEGORY_MESSAGES.nameTaken })

/** The name no other category has (in any case), and a slug from it no other category has. */
async function checkedCategoryName(tx: WriteTransaction, name: string, id: string): Promise<string> {
  const others = await tx.db.selectFrom('policy_categories').select(['name', 'slug']).where('id', '<>', id).execute()
  if (others.some((other) => other.name.toLowerCase() === name.toLowerCase())) throw nameTaken()
  const base = slugify(name) || 'category'
  const slugs = new Set(others.map((other) => other.slug))
  let slug = base
  for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`
  return slug
}

function nameRace(error: unknown): never {
  throw isUniqueViolation(error) ? nameTaken() : error
}

export async function createPolicyCategory(input: { name: string }, actor: Pick<StaffSession, 'role'>): Promise<PolicyCategory> {
  adminsOnly(actor)
  const id = newId()
  return writeTransaction(async (tx) => {
    const count = await tx.db.selectFrom('policy_categories').select((eb) => [eb.fn.countAll().as('count'), eb.fn.max('position').as('last')]).executeTakeFirstOrThrow()
    if (Number(count.count) >= MAX_POLICY_CATEGORIES) throw DomainError.invalid(POLICY_CATEGORY_MESSAGES.tooMany)
    const slug = await checkedCategoryName(tx, input.name, id)
    const position = count.last === null ? 0 : Number(count.last) + 1
    await tx.db.insertInto('policy_categories').values({ id, name: input.name, slug, position }).execute()
    tx.publish({ table: 'policy_categories', type: 'insert', id })
    return { id, name: input.name, slug, position }
  }).catch(nameRace)
}

/** A renamed category gets a new slug from its name: its filter link follows the name. */
export async function updatePolicyCategory(id: string, input: { name: string }, actor: Pick<StaffSession, 'role'>): Promise<void> {
  adminsOnly(actor)
  await writeTransaction(async (tx) => {
    const row = await tx.db.selectFrom('policy_categories').select('name').where('id', '=', id).executeTakeFirst()
    if (!row) throw DomainError.notFound(POLICY_CATEGORY_MESSAGES.notFound)
    const slug = await checkedCategoryName(tx, input.name, id)
    await tx.db.updateTable('policy_categories').set({ name: input.name, slug }).where('id', '=', id).execute()
    tx.publish({ table: 'policy_categories', type: 'update', id })
  }).catch(nameRace)
}

/** Deletes a category; its policies stay, without one. */
export async function deletePolicyCategory(id: string, actor: Pick<StaffSession, 'role'>): Promise<void> {
  adminsOnly(actor)
  await writeTransaction(async (tx) => {
    const row = await tx.db.selectFrom('policy_categories').select('id').where('id', '=', id).executeTakeFirst()
    if (!row) throw DomainError.notFound(POLICY_CATEGORY_MESSAGES.notFound)
    const members = await tx.db.selectFrom('policies').select('id').where('category_id', '=', id).execute()
    await tx.db.updateTable('policies').set({ category_id: null }).where('category_id', '=', id).execute()
    await tx.db.deleteFrom('policy_categories').where('id', '=', id).execute()
    tx.publish({ table: 'policy_categories', type: 'delete', id }, ...members.map((member) => ({ table: 'policies' as const, type: 'update' as const, id: member.id })))
  })
}

/** Swaps a category with its neighbour in the admins' order; at either end nothing changes. */
export async function movePolicyCategory(id: string, direction: 'up' | 'down', actor: Pick<StaffSession, 'role'>): Promise<void> {
  adminsOnly(actor)
  await writeTransaction(async (tx) => {
    const rows = await tx.db.selectFrom('policy_categories').select(['id', 'position']).orderBy('position').orderBy('name').execute()
    const index = rows.findIndex((row) => row.id === id)
    if (index < 0) throw DomainError.notFound(POLICY_CATEGORY_MESSAGES.notFound)
    const target = direction === 'up' ? index - 1 : index + 1
    if (target < 0 || target >= rows.length) return
    const order = rows.map((row) => row.id)
    ;[order[index], order[target]] = [order[target]!, order[index]!]
    for (const [position, rowId] of order.entries()) {
      await tx.db.updateTable('policy_categories').set({ position }).where('id', '=', rowId).execute()
    }
    tx.publish({ table: 'policy_categories', type: 'update', id })
  })
}
