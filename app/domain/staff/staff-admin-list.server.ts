import { db } from '#app/lib/db.server.ts'
import { pageOfQuery, requireExistingIds } from '#app/lib/list-page.server.ts'
import type { ListPageInfo } from '#app/lib/list-params.ts'
import { containsText } from '#app/lib/text-filter.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { deleteStaffMember } from './staff-admin.server.ts'
import type { StaffDepartmentCount } from './staff-admin-list.ts'
import { toStaffMember } from './staff.server.ts'
import type { StaffMember } from './staff.ts'

const SEARCHED_COLUMNS = ['name', 'job_title', 'department'] as const

/**
 * One page of the admin staff list in directory order, of one department or
 * all, searched by name, job title and department. Every department of the
 * directory is listed (for the filter and the dialog's suggestions) with how
 * many of its people match the search; `department` is the one shown, or ''
 * for all (a department nobody has any more shows all).
 */
export async function listStaffForAdmin({ search = '', department = '', page = 1 }: { search?: string; department?: string; page?: number } = {}): Promise<{
  people: StaffMember[]
  pages: ListPageInfo
  departments: StaffDepartmentCount[]
  department: string
  /** How many people match the search, in any department. */
  matching: number
}> {
  const grouped = await db
    .selectFrom('staff_members')
    .select((eb) => [
      'department',
      search ? eb.fn.sum<number | string>(eb.case().when(containsText(SEARCHED_COLUMNS, search)).then(1).else(0).end()).as('matching') : eb.fn.countAll<number | string>().as('matching'),
    ])
    .groupBy('department')
    .execute()
  const matching = grouped.reduce((sum, row) => sum + Number(row.matching ?? 0), 0)
  const departments = grouped
    .filter((row) => row.department !== '')
    .map((row) => ({ name: row.department, count: Number(row.matching ?? 0) }))
    .sort((a, b) => a.name.localeCompare(b.name))
  const shownDepartment = departments.some((each) => each.name === department) ? department : ''
  let shown = db.selectFrom('staff_members')
  if (search) shown = shown.where(containsText(SEARCHED_COLUMNS, search))
  if (shownDepartment) shown = shown.where('department', '=', shownDepartment)
  const { rows, pages } = await pageOfQuery(shown.selectAll().orderBy('sort_order').orderBy('created_at').orderBy('id'), page)
  return { people: rows.map(toStaffMember), pages, departments, department: shownDepartment, matching }
}

/** Deletes the selected people in one write, each as a single delete does: their photos go after the commit. */
export async function deleteStaffMembers(ids: readonly string[]): Promise<number> {
  return writeTransaction(async (tx) => {
    await requireExistingIds(tx, 'staff_members', ids)
    for (const id of ids) await deleteStaffMember(id)
    return ids.length
  })
}

