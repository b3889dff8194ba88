import { expect, test } from 'vitest'
import { activateTheme, createTheme } from '#app/domain/theme/theme-admin.server.ts'
import { getActiveTheme, listThemes } from '#app/domain/theme/theme.server.ts'
import { DEFAULT_COLORS, defaultSectionStyles, THEME_MESSAGES } from '#app/domain/theme/theme.schema.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

prepareTestDatabase()

test('activating a theme leaves exactly one active and tells the change feed', async () => {
  const { id: first } = await createTheme({ name: 'First', colors: DEFAULT_COLORS, sectionStyles: defaultSectionStyles() })
  const { id: second } = await createTheme({ name: 'Second', colors: { ...DEFAULT_COLORS, primary: '0 70% 40%' }, sectionStyles: defaultSectionStyles() })
  const changes: Change[] = []
  changeFeed.subscribe(['themes'], (change) => changes.push(change))

  await activateTheme(first)
  expect(await activateTheme(second)).toMatchObject({ id: second, name: 'Second', isActive: true })
  const themes = await listThemes()
  expect(themes.filter((theme) => theme.isActive).map((theme) => theme.name)).toEqual(['Second'])
  expect((await getActiveTheme()).colors.primary).toBe('0 70% 40%')
  expect(changes).toContainEqual({ table: 'themes', type: 'update', id: second })
  expect(changes).toContainEqual({ table: 'themes', type: 'update', id: first })

  await expect(activateTheme('no-such-theme')).rejects.toMatchObject({ code: 'not_found', message: THEME_MESSAGES.notFound })
  expect((await getActiveTheme()).name).toBe('Second')
})
