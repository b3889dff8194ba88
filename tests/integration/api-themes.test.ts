import { describe, expect, test } from 'vitest'
import { DEFAULT_COLORS, defaultSectionStyles, THEME_MESSAGES } from '#app/domain/theme/theme.schema.ts'
import { listThemes } from '#app/domain/theme/theme.server.ts'
import { updateUserAccess } from '#app/domain/user/user-admin.server.ts'
import { revokeApiKey } from '#app/services/api/api-keys.server.ts'
import { THEMES_API_MESSAGES } from '#app/services/api/collections/themes.server.ts'
import type { Change } from '#app/lib/change-feed.server.ts'
import { changeFeed } from '#app/lib/changes.server.ts'
import { db } from '#app/lib/db.server.ts'
import { readBool, readJson } from '#db/portable.ts'
import { apiKeyFor, callApi } from '#tests/setup/api.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

const storedRow = async (id: string) => {
  const row = await db.selectFrom('themes').selectAll().where('id', '=', id).executeTakeFirst()
  return row && { name: row.name, is_active: readBool(row.is_active), colors: readJson(row.colors), section_styles: readJson(row.section_styles) }
}

/** The themes' change events published while `work` runs, and what it returned. */
async function changesDuring<T>(work: () => Promise<T>) {
  const changes: Change[] = []
  const unsubscribe = changeFeed.subscribe(['themes'], (change) => changes.push(change))
  try {
    return { result: await work(), changes }
  } finally {
    unsubscribe()
  }
}

async function newTheme(key: string, body: Record<string, unknown> = {}) {
  const created = await callApi('POST', '/themes', { key, body: { name: 'Spring', ...body } })
  expect(created.status).toBe(201)
  return created.body!
}

const activeIds = async () => (await db.selectFrom('themes').select(['id', 'is_active']).execute()).filter((row) => readBool(row.is_active)).map((row) => row.id)

describe(`content API: themes on ${database.engine}`, () => {
  test('create 201 with the defaults for what is left out, inactive, and tells the change feed; read; PATCH a colour; DELETE 204', async () => {
    const { key } = await apiKeyFor('admin')
    const { result: created, changes } = await changesDuring(() => callApi('POST', '/themes', { key, body: { name: '  Spring  ' } }))
    expect(created.status).toBe(201)
    const id = created.body!.id as string
    expect(created.body).toEqual({
      id,
      name: 'Spring',
      is_active: false,
      colors: DEFAULT_COLORS,
      section_styles: defaultSectionStyles(),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(await storedRow(id)).toEqual({ name: 'Spring', is_active: false, colors: DEFAULT_COLORS, section_styles: defaultSectionStyles() })
    expect(changes).toEqual([{ table: 'themes', type: 'insert', id }])

    expect(await callApi('GET', `/themes/${id}`, { key })).toMatchObject({ status: 200, body: created.body })
    const colors = { ...DEFAULT_COLORS, primary: '10 50% 40%' }
    const { result: changed, changes: updates } = await changesDuring(() => callApi('PATCH', `/themes/${id}`, { key, body: { colors } }))
    expect(changed).toMatchObject({ status: 200, body: { ...created.body, colors } })
    expect(await storedRow(id)).toMatchObject({ name: 'Spring', is_active: false, colors })
    expect(updates).toEqual([{ table: 'themes', type: 'update', id }])

    const styles = defaultSectionStyles()
    styles.header = { ...styles.header, height: '96px', overlayOpacity: 0.2 }
    const restyled = await callApi('PATCH', `/themes/${id}`, { key, body: { name: 'Summer', section_styles: styles } })
    expect(restyled).toMatchObject({ status: 200, body: { name: 'Summer', colors, section_styles: styles } })
    expect(await storedRow(id)).toMatchObject({ name: 'Summer', section_styles: styles })

    const { result: deleted, changes: deletions } = await changesDuring(() => callApi('DELETE', `/themes/${id}`, { key }))
    expect(deleted.status).toBe(204)
    expect(deletions).toEqual([{ table: 'themes', type: 'delete', id }])
    expect(await storedRow(id)).toBeUndefined()
    expect(await callApi('GET', `/themes/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    expect(await callApi('DELETE', `/themes/${id}`, { key })).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: THEME_MESSAGES.notFound } } })
  })

  test('is_active: true activates through the domain (the other turns off); false and deleting the active theme are refused', async () => {
    const { key } = await apiKeyFor('admin')
    const first = await newTheme(key, { name: 'First', is_active: true })
    expect(first).toMatchObject({ is_active: true })
    expect(await activeIds()).toEqual([first.id])
    const second = await newTheme(key, { name: 'Second' })

    const { result: activated, changes } = await changesDuring(() => callApi('PATCH', `/themes/${second.id as string}`, { key, body: { is_active: true } }))
    expect(activated).toMatchObject({ status: 200, body: { id: second.id, name: 'Second', is_active: true } })
    expect(await activeIds()).toEqual([second.id])
    expect(changes).toEqual(expect.arrayContaining([{ table: 'themes', type: 'update', id: first.id }, { table: 'themes', type: 'update', id: second.id }]))
    expect(changes).toHaveLength(2)
    expect(await callApi('GET', `/themes/${first.id as string}`, { key })).toMatchObject({ body: { is_active: false } })

    const { result: deactivated, changes: none } = await changesDuring(() =>
      callApi('PATCH', `/themes/${second.id as string}`, { key, body: { is_active: false, name: 'Renamed' } }),
    )
    expect(deactivated).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict', message: THEMES_API_MESSAGES.cannotDeactivate, fields: { is_active: THEMES_API_MESSAGES.cannotDeactivate } } },
    })
    expect(none).toEqual([])
    expect(await storedRow(second.id as string)).toMatchObject({ name: 'Second', is_active: true })

    expect(await callApi('DELETE', `/themes/${second.id as string}`, { key })).toMatchObject({
      status: 409,
      body: { error: { code: 'conflict', message: THEME_MESSAGES.activeCannotBeDeleted } },
    })
    expect(await storedRow(second.id as string)).toBeDefined()
    // Sending is_active: true again, or false for an inactive theme, changes nothing.
    expect(await callApi('PATCH', `/themes/${second.id as string}`, { key, body: { is_active: true } })).toMatchObject({ status: 200, body: { is_active: true } })
    expect(await callApi('PATCH', `/themes/${first.id as string}`, { key, body: { is_active: false } })).toMatchObject({ status: 200, body: { is_active: false } })
    expect(await activeIds()).toEqual([second.id])
    expect(await callApi('PATCH', `/themes/${first.id as string}`, { key, body: { is_active: 'yes' } })).toMatchObject({
      status: 400,
      body: { error: { fields: { is_active: 'is_active must be true or false' } } },
    })
  })

  test('the list is paginated in the Theme screen order (newest first) with the total', async () => {
    const { key } = await apiKeyFor('admin')
    const names: string[] = []
    for (let index = 0; index < 3; index++) {
      names.push((await newTheme(key, { name: `Listed ${index}` })).name as string)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const screen = (await listThemes()).map((theme) => theme.id)
    const first = await callApi('GET', '/themes?per_page=2', { key })
    expect(first.body).toMatchObject({ page: 1, per_page: 2, total: screen.length })
    expect((first.body!.data as { name: string }[]).map((theme) => theme.name)).toEqual(['Listed 2', 'Listed 1'])
    const second = await callApi('GET', '/themes?per_page=2&page=2', { key })
    expect((second.body!.data as { id: string }[]).map((theme) => theme.id)).toEqual(screen.slice(2, 4))
    expect(await callApi('GET', '/themes?is_active=true', { key })).toMatchObject({ status: 400, body: { error: { fields: { is_active: 'is_active is not a parameter of this list' } } } })
  })

  test("invalid input is refused with the theme editor's messages by API field; nothing is stored or changed", async () => {
    const { key } = await apiKeyFor('admin')
    const before = await db.selectFrom('themes').select('id').execute()
    const styles = defaultSectionStyles()
    const badStyles = { ...styles, hero: { ...styles.hero, overlayOpacity: 2, borderImageWidth: 'wide' } }
    const refused = await callApi('POST', '/themes', { key, body: { name: ' ', colors: { ...DEFAULT_COLORS, primary: 'blue' }, section_styles: badStyles } })
    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'invalid',
          fields: {
            name: THEME_MESSAGES.nameRequired,
            'colors.primary': 'Use the format H S% L% (example: 215 70% 35%)',
            'section_styles.hero.overlayOpacity': 'Overlay opacity must be between 0 and 1',
            'section_styles.hero.borderImageWidth': 'Border width must be a length such as 20px',
          },
        },
      },
    })
    expect(await callApi('POST', '/themes', { key, body: {} })).toMatchObject({ status: 400, body: { error: { fields: { name: THEME_MESSAGES.nameRequired } } } })
    expect(await db.selectFrom('themes').select('id').execute()).toEqual(before)

    const theme = await newTheme(key)
    const { primary: _, ...sixColors } = DEFAULT_COLORS
    expect(await callApi('PATCH', `/themes/${theme.id as string}`, { key, body: { colors: sixColors, name: 'x'.repeat(101) } })).toMatchObject({
      status: 400,
      body: { error: { fields: { 'colors.primary': expect.any(String), name: 'Theme name must be less than 100 characters' } } },
    })
    expect(await callApi('PATCH', `/themes/${theme.id as string}`, { key, body: { created_at: '2020-01-01T00:00:00Z', fonts: {} } })).toMatchObject({
      status: 400,
      body: { error: { fields: { created_at: 'created_at cannot be changed', fonts: 'fonts is not a field of this collection' } } },
    })
    expect(await storedRow(theme.id as string)).toMatchObject({ name: 'Spring', colors: DEFAULT_COLORS })
  })

  test('an editor key is refused on every method; a key whose owner is demoted is refused; a revoked key is 401; PUT is 405', async () => {
    const admin = await apiKeyFor('admin')
    const theme = await newTheme(admin.key)
    const editor = await apiKeyFor('editor')
    const attempts = [
      callApi('GET', '/themes', { key: editor.key }),
      callApi('POST', '/themes', { key: editor.key, body: { name: 'Editor theme' } }),
      callApi('GET', `/themes/${theme.id as string}`, { key: editor.key }),
      callApi('PATCH', `/themes/${theme.id as string}`, { key: editor.key, body: { name: 'Taken over' } }),
      callApi('DELETE', `/themes/${theme.id as string}`, { key: editor.key }),
    ]
    for (const answer of await Promise.all(attempts)) expect(answer).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    expect(await storedRow(theme.id as string)).toMatchObject({ name: 'Spring' })

    const { key, id, owner } = await apiKeyFor('admin', 'admin')
    expect((await callApi('GET', '/themes', { key })).status).toBe(200)
    await updateUserAccess(owner.userId, { role: 'editor' })
    expect(await callApi('PATCH', `/themes/${theme.id as string}`, { key, body: { name: 'Demoted' } })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    expect(await storedRow(theme.id as string)).toMatchObject({ name: 'Spring' })
    await updateUserAccess(owner.userId, { role: 'admin' })
    await revokeApiKey(id)
    expect(await callApi('GET', '/themes', { key })).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })

    const put = await callApi('PUT', '/themes', { key: admin.key, body: {} })
    expect(put).toMatchObject({ status: 405, body: { error: { code: 'method_not_allowed' } } })
    expect(put.headers.get('Allow')).toBe('GET, POST')
    expect((await callApi('PUT', `/themes/${theme.id as string}`, { key: admin.key, body: {} })).headers.get('Allow')).toBe('GET, PATCH, DELETE')
  })
})
