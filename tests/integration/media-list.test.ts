import { describe, expect, test } from 'vitest'
import { MEDIA_PAGE_SIZE } from '#app/domain/media/media-admin-list.ts'
import { loader } from '#app/routes/admin/media.tsx'
import { loader as pickerLoader } from '#app/routes/admin/image-picker.ts'
import { db } from '#app/lib/db.server.ts'
import { newId } from '#db/portable.ts'
import { adminScreen } from '#tests/setup/admin-screen.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

type List = Awaited<ReturnType<typeof loader>>
type Picker = Awaited<ReturnType<typeof pickerLoader>>

describe(`the media library screen on ${database.engine}`, () => {
  test('newest first, 48 a page, searched by alt text or file name, with a Needs description filter counted in SQL', async () => {
    const { cookie } = await createSignedInUser('editor')
    const now = Date.now()
    // 120 images: every fourth undescribed, every fifth decorative (no alt, but described), the rest with alt text; every tenth a 'crest'.
    const rows = Array.from({ length: 120 }, (_, n) => {
      const decorative = n % 5 === 1
      const described = !decorative && n % 4 !== 0
      return {
        id: newId(),
        url: `/files/uploads/image-${n + 1}.webp`,
        file_name: n % 10 === 7 ? `school-CREST-${n + 1}.png` : `photo-${String(n + 1).padStart(3, '0')}.jpg`,
        alt: described ? `Pupils at work, picture ${n + 1}` : '',
        decorative,
        created_by: null,
        created_at: new Date(now - (n + 1) * 60_000).toISOString(),
      }
    })
    await db.insertInto('media').values(rows).execute()
    const isUndescribed = (row: (typeof rows)[number]) => !row.decorative && row.alt === ''
    const undescribedRows = rows.filter(isUndescribed)

    const list = async (query = '') => (await adminScreen(loader, cookie, `/admin/media${query}`)) as List
    const ids = (loaded: List) => loaded.items.map((item) => item.id)

    const first = await list()
    expect(first.pages).toEqual({ page: 1, pageCount: 3, total: 120, pageSize: MEDIA_PAGE_SIZE })
    expect(ids(first)).toEqual(rows.slice(0, 48).map((row) => row.id))
    expect(first).toMatchObject({ show: 'all', search: '', counts: { all: 120, undescribed: undescribedRows.length }, undescribedInLibrary: undescribedRows.length })
    expect(ids(await list('?page=2'))).toEqual(rows.slice(48, 96).map((row) => row.id))
    expect(ids(await list('?page=3'))).toEqual(rows.slice(96).map((row) => row.id))
    expect((await list('?page=40')).pages.page).toBe(3)
    expect((await list('?show=nonsense')).show).toBe('all')

    const needing = await list('?show=undescribed')
    expect(ids(needing)).toEqual(undescribedRows.slice(0, 48).map((row) => row.id))
    expect(needing.pages).toMatchObject({ total: undescribedRows.length, pageCount: Math.ceil(undescribedRows.length / 48) })

    // By file name, any case; the filter counts follow the search, the warning counts the whole library.
    const crests = rows.filter((row) => row.file_name.includes('CREST'))
    const searched = await list('?q=crest')
    expect(ids(searched)).toEqual(crests.map((row) => row.id))
    expect(searched.counts).toEqual({ all: crests.length, undescribed: crests.filter(isUndescribed).length })
    expect(searched.undescribedInLibrary).toBe(undescribedRows.length)
    expect(ids(await list('?q=crest&show=undescribed'))).toEqual(crests.filter(isUndescribed).map((row) => row.id))
    // By alt text.
    expect(ids(await list('?q=PICTURE%20119'))).toEqual([rows[118]!.id])
    expect(await list('?q=nothing-like-this')).toMatchObject({ items: [], counts: { all: 0, undescribed: 0 } })

    // The image picker pages the same way: a page of the library, searchable, with where it stands.
    const picker = (await adminScreen(pickerLoader, cookie, '/admin/image-picker?page=3')) as Picker
    expect(picker.media.map((item) => item.id)).toEqual(rows.slice(96).map((row) => row.id))
    expect(picker.pages).toMatchObject({ page: 3, pageCount: 3, total: 120 })
    const found = (await adminScreen(pickerLoader, cookie, '/admin/image-picker?q=crest')) as Picker
    expect(found.media.map((item) => item.id)).toEqual(crests.map((row) => row.id))
  })
})
