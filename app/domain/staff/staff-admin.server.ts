import { DomainError } from '#app/lib/errors/domain-error.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { removeFileOnceUnused, writeTransaction, type WriteTransaction } from '#app/lib/transaction.server.ts'
import { chosenFile } from '#app/lib/uploads/upload-rules.ts'
import { checkImageUpload, storeImage } from '#app/lib/uploads/uploads.server.ts'
import { newId, now, readBool } from '#db/portable.ts'
import { describedAs, type FocalPoint } from '../media/media.schema.ts'
import { STAFF_MESSAGES, type StaffDirection, type StaffMemberInput } from './staff.schema.ts'
import { toStaffMember } from './staff.server.ts'
import type { StaffMember } from './staff.ts'

/** Photos uploaded for the directory live here, each used by one person. */
const STAFF_PHOTO_PREFIX = 'staff'
const STAFF_PHOTO_URL_PREFIX = `/files/uploads/${STAFF_PHOTO_PREFIX}/`

/**
 * What the form (or the content API) gives: the checked fields, and an
 * uploaded photo that replaces the current one. Left out, the photo's
 * description and focal point keep what is stored (nothing for a new photo).
 */
export type StaffSubmission = Omit<StaffMemberInput, 'photoFile' | 'photoAlt' | 'photoDecorative' | 'photoFocalX' | 'photoFocalY' | 'removePhoto'> & {
  photoFile?: unknown
  photoAlt?: string
  photoDecorative?: boolean
  photoFocalX?: number
  photoFocalY?: number
  removePhoto?: boolean
}

const notFound = () => DomainError.notFound(STAFF_MESSAGES.notFound)

/** The chosen photo, checked by its bytes and stored (upright, without its camera data); null when none was chosen. */
async function storedPhoto(value: unknown): Promise<string | null> {
  const file = chosenFile(value)
  if (!file) return null
  const checked = await checkImageUpload(file)
  if (!checked.ok) throw DomainError.invalidField('photoFile', checked.error)
  return storeImage(storage, 'uploads', checked.value, STAFF_PHOTO_PREFIX)
}

interface StoredPhoto {
  url: string | null
  alt: string
  decorative: boolean
  focal: FocalPoint
}

/**
 * The photo as it will be stored: the upload, else the kept one (unless
 * removed); its description from the submission, else the stored one when
 * the photo is kept. A photo without alt text must be marked decorative
 * (docs/product-rules.md#staff-directory).
 */
function photoToStore(submission: StaffSubmission, uploaded: string | null, previous: StoredPhoto | null): StoredPhoto {
  const url = uploaded ?? (submission.removePhoto ? null : (previous?.url ?? null))
  if (!url) return { url: null, alt: '', decorative: false, focal: { x: 0.5, y: 0.5 } }
  const kept = previous !== null && url === previous.url
  const given = submission.photoAlt !== undefined || submission.photoDecorative
  const description = given
    ? describedAs({ alt: submission.photoAlt?.trim() ?? '', decorative: submission.photoDecorative ?? false })
    : kept
      ? { alt: previous.alt, decorative: previous.decorative }
      : { alt: '', decorative: false }
  if (!description.decorative && description.alt === '') throw DomainError.invalidField('photoAlt', STAFF_MESSAGES.photoAltRequired)
  const focal =
    submission.photoFocalX !== undefined && submission.photoFocalY !== undefined
      ? { x: submission.photoFocalX, y: submission.photoFocalY }
      : kept
        ? previous.focal
        : { x: 0.5, y: 0.5 }
  return { url, ...description, focal }
}

function columns(input: StaffSubmission, photo: StoredPhoto) {
  return {
    name: input.name,
    job_title: input.jobTitle,
    department: input.department,
    email: input.email,
    show_email: input.showEmail,
    phone: input.phone,
    bio: input.bio,
    photo_url: photo.url,
    photo_alt: photo.alt,
    photo_decorative: photo.decorative,
    photo_focal_x: photo.focal.x,
    photo_focal_y: photo.focal.y,
  }
}

async function readBack(tx: WriteTransaction, id: string): Promise<StaffMember> {
  return toStaffMember(await tx.db.selectFrom('staff_members').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

/** Removes a photo uploaded for the directory after commit, once no person shows it any more. */
function removeIfUnused(tx: WriteTransaction, url: string | null) {
  return removeFileOnceUnused(tx, url, STAFF_PHOTO_URL_PREFIX, (file) => tx.db.selectFrom('staff_members').select('id').where('photo_url', '=', file).executeTakeFirst())
}

/** A new person, last in the directory. */
export async function createStaffMember(input: StaffSubmission): Promise<StaffMember> {
  const uploaded = await storedPhoto(input.photoFile)
  const id = newId()
  return writeTransaction(
    async (tx) => {
      const photo = photoToStore(input, uploaded, null)
      const last = await tx.db.selectFrom('staff_members').select((eb) => eb.fn.max('sort_order').as('last')).executeTakeFirst()
      const sortOrder = last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1
      await tx.db
        .insertInto('staff_members')
        .values({ id, ...columns(input, photo), sort_order: sortOrder, created_at: now() })
        .execute()
      tx.publish({ table: 'staff_members', type: 'insert', id })
      return readBack(tx, id)
    },
    { uploads: [uploaded] },
  )
}

/** The same fields on an existing person; their place stays. A replaced or removed photo goes after the commit. */
export async function updateStaffMember(id: string, input: StaffSubmission): Promise<StaffMember> {
  const uploaded = await storedPhoto(input.photoFile)
  return writeTransaction(
    async (tx) => {
      const previous = await tx.db
        .selectFrom('staff_members')
        .select(['photo_url', 'photo_alt', 'photo_decorative', 'photo_focal_x', 'photo_focal_y'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!previous) throw notFound()
      const photo = photoToStore(input, uploaded, {
        url: previous.photo_url,
        alt: previous.photo_alt,
        decorative: readBool(previous.photo_decorative),
        focal: { x: previous.photo_focal_x, y: previous.photo_focal_y },
      })
      await tx.db.updateTable('staff_members').set(columns(input, photo)).where('id', '=', id).execute()
      tx.publish({ table: 'staff_members', type: 'update', id })
      if (previous.photo_url !== photo.url) await removeIfUnused(tx, previous.photo_url)
      return readBack(tx, id)
    },
    { uploads: [uploaded] },
  )
}

/** Deletes the person; their photo goes after the commit. */
export async function deleteStaffMember(id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const previous = await tx.db.selectFrom('staff_members').select('photo_url').where('id', '=', id).executeTakeFirst()
    if (!previous) throw notFound()
    await tx.db.deleteFrom('staff_members').where('id', '=', id).execute()
    tx.publish({ table: 'staff_members', type: 'delete', id })
    await removeIfUnused(tx, previous.photo_url)
  })
}

/**
 * Swaps the person with the one before (up) or after (down) them in the
 * whole directory's order; the first moved up or the last moved down stays
 * where they are. The order is renumbered 0, 1, 2… on the way, so equal
 * numbers left by older writes cannot make a move do nothing.
 */
export async function moveStaffMember(id: string, direction: StaffDirection): Promise<void> {
  await writeTransaction(async (tx) => {
    const rows = await tx.db.selectFrom('staff_members').select(['id', 'sort_order']).orderBy('sort_order').orderBy('created_at').orderBy('id').execute()
    const index = rows.findIndex((row) => row.id === id)
    if (index === -1) throw notFound()
    const target = direction === 'up' ? index - 1 : index + 1
    if (target < 0 || target >= rows.length) return
    const order = rows.map((row) => row.id)
    ;[order[index], order[target]] = [order[target]!, order[index]!]
    for (const [position, personId] of order.entries()) {
      if (rows.find((row) => row.id === personId)?.sort_order === position) continue
      await tx.db.updateTable('staff_members').set({ sort_order: position }).where('id', '=', personId).execute()
      tx.publish({ table: 'staff_members', type: 'update', id: personId })
    }
  })
}
