import { expect, test } from 'vitest'
import { activateTheme, deleteTheme, updateTheme } from '#app/domain/theme/theme-admin.server.ts'
import { DEFAULT_COLORS, defaultSectionStyles, themeActionSchema, themeInputSchema } from '#app/domain/theme/theme.schema.ts'
import { createTheme, getActiveTheme, listThemes } from '#app/domain/theme/theme.server.ts'
import { db } from '#app/lib/db.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

prepareTestDatabase()

function themeNamed(name: string, primary = '200 60% 40%') {
  return createTheme({ name, colors: { ...DEFAULT_COLORS, primary }, sectionStyles: defaultSectionStyles() })
}

async function activeIds() {
  const rows = await db.selectFrom('themes').select('id').where('is_active', '=', true).execute()
  return rows.map((row) => row.id)
}

test('saving a theme stores its name, colours and section styles', async () => {
  const id = await themeNamed('Autumn')
  const sectionStyles = defaultSectionStyles()
  sectionStyles.footer = { ...sectionStyles.footer, backgroundImage: '/files/gallery/leaves.webp', overlayOpacity: 0.3, borderImageSlice: 25 }
  sectionStyles.header = { ...sectionStyles.header, height: '96px' }
  expect(await updateTheme(id, { name: 'Autumn Leaves', colors: { ...DEFAULT_COLORS, accent: '30 90% 50%' }, sectionStyles })).toEqual({ ok: true })
  const saved = (await listThemes()).find((theme) => theme.id === id)!
  expect(saved).toMatchObject({ name: 'Autumn Leaves', isActive: false, colors: { accent: '30 90% 50%' } })
  expect(saved.sectionStyles.footer).toMatchObject({ backgroundImage: '/files/gallery/leaves.webp', overlayOpacity: 0.3, borderImageSlice: 25 })
  expect(saved.sectionStyles.header.height).toBe('96px')
  expect(await updateTheme('no-such-theme', { name: 'X', colors: DEFAULT_COLORS, sectionStyles })).toEqual({ ok: false, error: 'notFound' })
})

test('the editor’s values are checked: name, colour format, opacity, lengths and image addresses', () => {
  const valid = { name: 'Valid', colors: DEFAULT_COLORS, sectionStyles: defaultSectionStyles() }
  expect(themeInputSchema.safeParse(valid).success).toBe(true)
  const messages = (value: unknown) => themeInputSchema.safeParse(value).error?.issues.map((issue) => issue.message)
  expect(messages({ ...valid, name: '   ' })).toEqual(['Please enter a theme name'])
  expect(messages({ ...valid, colors: { ...DEFAULT_COLORS, primary: '#ff0000' } })).toEqual(['Use the format H S% L% (example: 215 70% 35%)'])
  const styles = defaultSectionStyles()
  styles.hero = { ...styles.hero, overlayOpacity: 1.5, backgroundImage: 'javascript:alert(1)', borderImageWidth: '10px; color: red' }
  expect(messages({ ...valid, sectionStyles: styles })).toEqual(['Must be a valid URL', 'Overlay opacity must be between 0 and 1', 'Border width must be a length such as 20px'])
  expect(themeActionSchema.safeParse({ intent: 'update', id: 'x', theme: '{not json' }).error?.issues[0]?.message).toBe('The theme could not be read')
  expect(themeActionSchema.safeParse({ intent: 'update', theme: JSON.stringify(valid) }).error?.issues[0]?.message).toBe('No theme selected')
})

test('the active theme cannot be deleted; an inactive one can', async () => {
  const active = await themeNamed('In use')
  await activateTheme(active)
  expect((await getActiveTheme()).id).toBe(active)
  expect(await deleteTheme(active)).toEqual({ ok: false, error: 'active' })
  expect(await activeIds()).toEqual([active])
  const spare = await themeNamed('Spare')
  expect(await deleteTheme(spare)).toEqual({ ok: true })
  expect(await deleteTheme(spare)).toEqual({ ok: false, error: 'notFound' })
})

test('many activations at the same moment leave exactly one active theme', async () => {
  const ids = await Promise.all(Array.from({ length: 20 }, (_, index) => themeNamed(`Race ${index}`, `${index * 20} 60% 40%`)))
  const results = await Promise.all(ids.map((id) => activateTheme(id)))
  expect(results.every((result) => result.ok)).toBe(true)
  const active = await activeIds()
  expect(active).toHaveLength(1)
  expect(ids).toContain(active[0])

  // And again, interleaved with saves and a delete of the theme being activated.
  const [first, second] = ids
  await Promise.all([activateTheme(first!), updateTheme(second!, { name: 'Renamed', colors: DEFAULT_COLORS, sectionStyles: defaultSectionStyles() }), activateTheme(second!), deleteTheme(ids[3]!)])
  expect(await activeIds()).toHaveLength(1)
})
