import { describe, expect, test } from 'vitest'
import { STAFF_MESSAGES, staffMemberSchema } from '#app/domain/staff/staff.schema.ts'
import { groupByDepartment, initialsOf } from '#app/domain/staff/staff.ts'

describe('the staff directory', () => {
  test.each([
    ['Mrs Amina Patel', 'AP'],
    ['Dr. Lee', 'L'],
    ['Mr Jonathan Alexander Montgomery-Smythe', 'JM'],
    ['Cher', 'C'],
    ['  Ms   lin  chen ', 'LC'],
    ['Miss', 'M'],
    ['Émile "Mo" Zola', 'ÉZ'],
    ['(Acting) Head', 'AH'],
  ])('%s is shown as %s without a photo', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
  })

  test('departments follow the order people are in, those without one last, under Staff or Other staff', () => {
    const people = [
      { id: 'a', department: 'Teaching' },
      { id: 'b', department: '' },
      { id: 'c', department: 'Office' },
      { id: 'd', department: 'Teaching' },
    ]
    expect(groupByDepartment(people)).toEqual([
      { name: 'Teaching', people: [people[0], people[3]] },
      { name: 'Office', people: [people[2]] },
      { name: 'Other staff', people: [people[1]] },
    ])
    expect(groupByDepartment([people[1]!]).map((group) => group.name)).toEqual(['Staff'])
    expect(groupByDepartment([])).toEqual([])
  })

  test('the form schema: empty optional fields are stored empty or null; a shown photo needs alt text unless decorative', () => {
    expect(staffMemberSchema.parse({ name: ' Mrs Patel ', jobTitle: '', email: '', phone: ' ', bio: '' })).toEqual({
      name: 'Mrs Patel',
      jobTitle: '',
      department: '',
      email: null,
      showEmail: false,
      phone: null,
      bio: null,
      photoDecorative: false,
      removePhoto: false,
    })
    const messages = (values: Record<string, unknown>) => staffMemberSchema.safeParse({ name: 'A', ...values }).error?.issues.map((issue) => issue.message)
    expect(messages({ photoAlt: '' })).toEqual([STAFF_MESSAGES.photoAltRequired])
    expect(messages({ photoAlt: '', photoDecorative: 'on' })).toBeUndefined()
    expect(messages({ email: 'someone@' })).toEqual([STAFF_MESSAGES.invalidEmail])
    expect(messages({ phone: '0800 CALL NOW' })).toContain(STAFF_MESSAGES.phoneCharacters)
  })
})
