import { countOf } from '#app/lib/list-params.ts'

/** The staff list's department filter (`?department=`); the directory's departments are free text. */
export const STAFF_DEPARTMENT_PARAM = 'department'

/** The department asked for in the address, '' for all; the list shows all unless it names one of the directory's. */
export function readStaffDepartment(url: string | URL): string {
  return (new URL(url).searchParams.get(STAFF_DEPARTMENT_PARAM) ?? '').trim()
}

/** A department of the directory and how many of its people match the search. */
export interface StaffDepartmentCount {
  name: string
  count: number
}

export const STAFF_LIST_MESSAGES = {
  deletedMany: (count: number) => `${countOf(count, 'person', 'people')} deleted`,
} as const
