import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readBool, readTimestamp } from '#db/portable.ts'
import type { StaffMemberTable } from '#db/tables/navigation.ts'
import { isStaffDirectoryEnabled } from './staff-directory-setting.server.ts'
import { groupByDepartment, type PublicStaffMember, type StaffDepartment, type StaffMember } from './staff.ts'

export type { StaffMember }

export function toStaffMember(row: Selectable<StaffMemberTable>): StaffMember {
  return {
    id: row.id,
    name: row.name,
    jobTitle: row.job_title,
    department: row.department,
    photoUrl: row.photo_url,
    photoAlt: row.photo_alt,
    photoDecorative: readBool(row.photo_decorative),
    photoFocal: { x: row.photo_focal_x, y: row.photo_focal_y },
    email: row.email,
    showEmail: readBool(row.show_email),
    phone: row.phone,
    bio: row.bio,
    sortOrder: row.sort_order,
    createdAt: readTimestamp(row.created_at),
  }
}

function inDirectoryOrder() {
  return db.selectFrom('staff_members').selectAll().orderBy('sort_order').orderBy('created_at').orderBy('id')
}

/** Everyone, in directory order: the admin list. */
export async function listStaffMembers(): Promise<StaffMember[]> {
  return (await inDirectoryOrder().execute()).map(toStaffMember)
}

export async function getStaffMember(id: string): Promise<StaffMember | null> {
  const row = await db.selectFrom('staff_members').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toStaffMember(row) : null
}

/** A page of everyone in directory order, with how many there are (the content API). */
export async function listStaffMembersPage(query: { limit: number; offset: number }): Promise<{ people: StaffMember[]; total: number }> {
  const [rows, count] = await Promise.all([
    inDirectoryOrder().limit(query.limit).offset(query.offset).execute(),
    db.selectFrom('staff_members').select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { people: rows.map(toStaffMember), total: Number(count.total) }
}

/** What a visitor may see of a person: no e-mail unless it is shown, a decorative photo with an empty alt. */
export function toPublicStaffMember(person: StaffMember): PublicStaffMember {
  return {
    id: person.id,
    name: person.name,
    jobTitle: person.jobTitle,
    photo: person.photoUrl ? { url: person.photoUrl, alt: person.photoDecorative ? '' : person.photoAlt, focal: person.photoFocal } : null,
    email: person.showEmail ? person.email : null,
    phone: person.phone,
    bio: person.bio,
  }
}

/**
 * The public directory at /staff, grouped by department
 * (docs/product-rules.md#staff-directory); null while the directory is off.
 */
export async function getPublicStaffDirectory(): Promise<StaffDepartment[] | null> {
  if (!(await isStaffDirectoryEnabled())) return null
  const people = await listStaffMembers()
  return groupByDepartment(people).map((group) => ({ name: group.name, people: group.people.map(toPublicStaffMember) }))
}
