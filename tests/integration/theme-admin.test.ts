import { expect, test } from 'vitest'
import { activateTheme, createTheme, deleteTheme, updateTheme } from '#app/domain/theme/theme-admin.server.ts'
import { DEFAULT_COLORS, defaultSectionStyles, THEME_MESSAGES, themeActionSchema, themeInputSchema } from '#app/domain/theme/theme.schema.ts'
import { getActiveTheme, listThemes } from '#app/domain/theme/theme.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { db } from '#app/lib/db.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

prepareTestDatabase()

async function themeNamed(name: string, primary = '200 60% 40%') {
  return (await createTheme({ name, colors: { ...DEFAULT_COLORS, primary }, sectionStyles: defaultSectionStyles() })).id
}

const notFound = { code: 'not_found', message: THEME_MESSAGES.notFound }

/** The change events published while `work` runs. */
async function changesDuring(work: () => Promise<unknown>) {
  const changes: Change[] = []
  const unsubscribe = changeFeed.subscribe(['themes'], (change) => changes.push(change))
  try {
    await work()
  } finally {
    unsubscribe()
  }
  return changes
}

async function activeIds() {
  const rows = await db.selectFrom('themes').select('id').where('is_active', '=', true).execute()
  return rows.map((row) => row.id)
}

test('a new theme is stored inactive and announced', async () => {
  let id = ''
  const changes = await changesDuring(async () => {
    const theme = await createTheme({ name: 'Spring', colors: { ...DEFAULT_COLORS, primary: '120 50% 40%' }, sectionStyles: defaultSectionStyles() })
    expect(theme).toMatchObject({ name: 'Spring', isActive: false, colors: { primary: '120 50% 40%' } })
    id = theme.id
  })
  expect(changes).toEqual([{ table: 'themes', type: 'insert', id }])
  expect(await db.selectFrom('themes').select(['name', 'is_active']).where('id', '=', id).executeTakeFirst()).toMatchObject({ name: 'Spring' })
})

test('saving a theme stores its name, colours and section styles', async () => {
  const id = await themeNamed('Autumn')
  const sectionStyles = defaultSectionStyles()
  sectionStyles.footer = { ...sectionStyles.footer, backgroundImage: '/files/gallery/leaves.webp', overlayOpacity: 0.3, borderImageSlice: 25 }
  sectionStyles.header = { ...sectionStyles.header, height: '96px' }
  const changes = await changesDuring(async () => {
    expect(await updateTheme(id, { name: 'Autumn Leaves', colors: { ...DEFAULT_COLORS, accent: '30 90% 50%' }, sectionStyles })).toMatchObject({ id, name: 'Autumn Leaves' })
  })
  expect(changes).toEqual([{ table: 'themes', type: 'update', id }])
  const saved = (await listThemes()).find((theme) => theme.id === id)!
  expect(saved).toMatchObject({ name: 'Autumn Leaves', isActive: false, colors: { accent: '30 90% 50%' } })
  expect(saved.sectionStyles.footer).toMatchObject({ backgroundImage: '/files/gallery/leaves.webp', overlayOpacity: 0.3, borderImageSlice: 25 })
  expect(saved.sectionStyles.header.height).toBe('96px')
  await expect(updateTheme('no-such-theme', { name: 'X', colors: DEFAULT_COLORS, sectionStyles })).rejects.toMatchObject(notFound)
})

test('the editor’s values are checked: name, colour format, opacity, lengths and image addresses', () => {
  const valid = { name: 'Valid', colors: DEFAULT_COLORS, sectionStyles: defaultSectionStyles() }
  expect(themeInputSchema.safeParse(valid).success).toBe(true)
  const messages = (value: unknown) => themeInputSchema.safeParse(value).error?.issues.map((issue) => issue.message)
  expect(messages({ ...valid, name: '   ' })).toEqual(['Please enter a theme name'])
  expect(messages({ ...valid, colors: { ...DEFAULT_COLORS, primary: 'red' } })).toEqual(['Use the format H S% L% (example: 215 70% 35%)'])
  expect(messages({ ...valid, colors: { ...DEFAULT_COLORS, primary: '#80002' } })).toEqual(['Use the format H S% L% (example: 215 70% 35%)'])
  // A colour typed as #rrggbb is stored in the editor's format.
  expect(themeInputSchema.parse({ ...valid, colors: { ...DEFAULT_COLORS, primary: ' #800020 ' } }).colors.primary).toBe('345 100% 25%')
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
  await expect(deleteTheme(active)).rejects.toMatchObject({ code: 'conflict', message: THEME_MESSAGES.activeCannotBeDeleted })
  expect(await activeIds()).toEqual([active])
  const spare = await themeNamed('Spare')
  expect(await changesDuring(() => deleteTheme(spare))).toEqual([{ table: 'themes', type: 'delete', id: spare }])
  expect(await db.selectFrom('themes').select('id').where('id', '=', spare).execute()).toEqual([])
  await expect(deleteTheme(spare)).rejects.toMatchObject(notFound)
})

test('many activations at the same moment leave exactly one active theme', async () => {
  const ids = await Promise.all(Array.from({ length: 20 }, (_, index) => themeNamed(`Race ${index}`, `${index * 18} 70% 25%`)))
  const results = await Promise.all(ids.map((id) => activateTheme(id)))
  expect(results.map((theme) => theme.id)).toEqual(ids)
  const active = await activeIds()
  expect(active).toHaveLength(1)
  expect(ids).toContain(active[0])

  // And again, interleaved with saves and a delete (refused if that theme won the race above and is still active).
  const [first, second] = ids
  const deleted = deleteTheme(ids[3]!).catch((error: unknown) => expect(error).toMatchObject({ code: 'conflict' }))
  await Promise.all([activateTheme(first!), updateTheme(second!, { name: 'Renamed', colors: DEFAULT_COLORS, sectionStyles: defaultSectionStyles() }), activateTheme(second!), deleted])
  expect(await activeIds()).toHaveLength(1)
})

test('a theme whose text visitors could not read is refused activation, naming each pair; the active theme cannot be saved unreadable', async () => {
  const gold = await themeNamed('Gold', '51 100% 50%')
  const activeBefore = await activeIds()
  const changes = await changesDuring(() =>
    expect(activateTheme(gold)).rejects.toMatchObject({
      code: 'invalid',
      message: 'Visitors could not read some text with these colours: Site name, menu and links on the page (primary, background): 1.38:1, needs 4.5:1.',
      fields: { 'colors.primary': expect.stringContaining('1.38:1'), 'colors.background': expect.stringContaining('1.38:1') },
    }),
  )
  expect(changes).toEqual([])
  expect(await activeIds()).toEqual(activeBefore)

  const readable = await themeNamed('Readable', '215 70% 35%')
  await activateTheme(readable)
  const grey = { name: 'Readable', colors: { ...DEFAULT_COLORS, foreground: '0 0% 70%', primary: '215 70% 35%' }, sectionStyles: defaultSectionStyles() }
  await expect(updateTheme(readable, grey)).rejects.toMatchObject({
    code: 'invalid',
    message: expect.stringMatching(/^The active theme must stay readable for visitors: Body text on the page \(foreground, background\): 2\.\d\d:1, needs 4\.5:1; /),
  })
  expect((await getActiveTheme())?.colors.foreground).toBe(DEFAULT_COLORS.foreground)
  // An inactive theme may be saved with any colours while it is being worked on.
  await expect(updateTheme(gold, { name: 'Gold', colors: { ...DEFAULT_COLORS, primary: '51 100% 45%' }, sectionStyles: defaultSectionStyles() })).resolves.toMatchObject({ isActive: false })
})
