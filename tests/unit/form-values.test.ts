import { describe, expect, test } from 'vitest'
import { formValues, withValue } from '#app/components/forms/form-values.ts'
import { heroSectionSchema } from '#app/domain/section/section.schema.ts'

function formDataOf(entries: [string, string | File][]) {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

describe('formValues', () => {
  test('plain names stay plain; a repeated name keeps its last value', () => {
    expect(formValues(formDataOf([['title', 'A'], ['intent', 'create'], ['title', 'B']]))).toEqual({ title: 'B', intent: 'create' })
  })

  test('dotted names nest, numeric parts as array indexes, as the server names its field errors', () => {
    const values = formValues(
      formDataOf([
        ['slides.0.title', 'Welcome'],
        ['slides.0.subtitle', 'Hello'],
        ['slides.0.image', '/files/a.webp'],
        ['slides.1.title', ''],
        ['slides.1.subtitle', ''],
        ['slides.1.image', ''],
      ]),
    )
    expect(values).toEqual({
      slides: [
        { title: 'Welcome', subtitle: 'Hello', image: '/files/a.webp' },
        { title: '', subtitle: '', image: '' },
      ],
    })
    const parsed = heroSectionSchema.safeParse(values)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(expect.arrayContaining(['slides.1.title', 'slides.1.subtitle', 'slides.1.image']))
  })

  test('files pass through untouched', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' })
    expect(formValues(formDataOf([['coverFile', file]])).coverFile).toBe(file)
  })

  test('a field named __proto__ or through it changes no prototype', () => {
    const values = formValues(formDataOf([['__proto__.polluted', 'yes'], ['constructor.prototype.polluted', 'yes'], ['__proto__', 'x']]))
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype)
  })
})

describe('withValue', () => {
  test('sets one dotted path on a copy', () => {
    const before = { title: 'About', content: '<p>Old</p>' }
    expect(withValue(before, 'content', '<p>New</p>')).toEqual({ title: 'About', content: '<p>New</p>' })
    expect(before.content).toBe('<p>Old</p>')
    expect(withValue({ slides: [{ image: '' }] }, 'slides.0.image', '/files/b.webp')).toEqual({ slides: [{ image: '/files/b.webp' }] })
  })
})
