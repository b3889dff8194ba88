import type { FocalPoint } from '../media/media.schema.ts'

/** The public page's heading for people without a department. */
export const UNNAMED_DEPARTMENT = { alone: 'Staff', amongOthers: 'Other staff' } as const

/** A person of the staff directory as the admin sees them; a plain module, so components can name the type. */
export interface StaffMember {
  id: string
  name: string
  jobTitle: string
  department: string
  photoUrl: string | null
  photoAlt: string
  photoDecorative: boolean
  photoFocal: FocalPoint
  email: string | null
  showEmail: boolean
  phone: string | null
  bio: string | null
  sortOrder: number
  createdAt: string
}

/** A person as visitors see them: the e-mail only when it is shown, the photo with the alt the page gives it. */
export interface PublicStaffMember {
  id: string
  name: string
  jobTitle: string
  photo: { url: string; alt: string; focal: FocalPoint } | null
  email: string | null
  phone: string | null
  bio: string | null
}

export interface StaffDepartment {
  /** The heading: the department's name, or the one for people without a department. */
  name: string
  people: PublicStaffMember[]
}

/** Titles schools put before names: initials skip them ('Mrs Amina Patel' is AP, not MP). */
const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame', 'rev', 'fr', 'sr'])

/** 'Mrs Amina Patel' → 'AP', 'Dr Lee' → 'L', 'Cher' → 'C': the placeholder of a person without a photo. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word))
  const named = words.length > 1 && HONORIFICS.has(words[0]!.toLowerCase().replace(/\.$/, '')) ? words.slice(1) : words
  const picked = named.length > 1 ? [named[0]!, named[named.length - 1]!] : named
  return picked.map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '').join('').toUpperCase()
}

/**
 * People in directory order, grouped by department in the order each
 * department first appears; people without one go under 'Staff' (or 'Other
 * staff' beside named departments), wherever they stand in the order.
 */
export function groupByDepartment<Person extends { department: string }>(people: readonly Person[]): { name: string; people: Person[] }[] {
  const groups = new Map<string, Person[]>()
  for (const person of people) {
    const group = groups.get(person.department)
    if (group) group.push(person)
    else groups.set(person.department, [person])
  }
  const named = [...groups].filter(([name]) => name !== '').map(([name, members]) => ({ name, people: members }))
  const unnamed = groups.get('')
  if (!unnamed) return named
  return [...named, { name: named.length ? UNNAMED_DEPARTMENT.amongOthers : UNNAMED_DEPARTMENT.alone, people: unnamed }]
}
