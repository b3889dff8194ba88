import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'content-disposition'
import { afterAll, describe, expect, test } from 'vitest'
import { startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { onSiteDatabase } from '#tests/e2e/site-database.ts'

const running: AppProcess[] = []
afterAll(async () => {
  await Promise.all(running.map((app) => app.stop()))
})

type PolicyRow = { id: string; title: string; file_url: string }

describe('stored files as the server sends them', () => {
  test('a policy document downloads as an attachment named after its title; images stay inline', async () => {
    const app = await startApp({ SEED_DEMO: 'true' })
    running.push(app)
    const database = path.join(app.dataDir, 'school.sqlite')
    const policies = onSiteDatabase(database, (db) => db.prepare("select id, title, file_url from policies where file_url like '/files/policies/%' order by title").all() as PolicyRow[], { readOnly: true })
    expect(policies.map((policy) => policy.title)).toEqual(['Admissions Policy', 'Behaviour Policy', 'Safeguarding Policy'])

    for (const policy of policies) {
      const response = await fetch(`${app.url}${policy.file_url}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/pdf')
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${policy.title}.pdf"`)
      expect(response.headers.get('x-content-type-options')).toContain('nosniff')
      expect(response.headers.get('cache-control')).toBe('public, no-cache')
      expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-')
    }

    // A title beyond ASCII, with characters no file name may hold, as staff may type it.
    const [first] = policies
    onSiteDatabase(database, (db) => db.prepare('update policies set title = ? where id = ?').run('Politique d’été: «Sécurité» / 2026', first!.id))
    const renamed = await fetch(`${app.url}${first!.file_url}`)
    const disposition = renamed.headers.get('content-disposition')!
    expect(parse(disposition)).toMatchObject({ type: 'attachment', parameters: { filename: 'Politique d’été «Sécurité» 2026.pdf' } })
    expect(disposition).toContain(`filename="Politique d'ete Securite 2026.pdf"`)
    await renamed.body?.cancel()

    // A document no policy links to any more keeps its stored name.
    fs.copyFileSync(path.join(app.dataDir, 'storage', first!.file_url.replace('/files/', '')), path.join(app.dataDir, 'storage', 'policies', 'unlinked-1700000000000.pdf'))
    const unlinked = await fetch(`${app.url}/files/policies/unlinked-1700000000000.pdf`)
    expect(unlinked.headers.get('content-disposition')).toBe('attachment; filename=unlinked-1700000000000.pdf')
    await unlinked.body?.cancel()

    const page = await (await fetch(`${app.url}/gallery`)).text()
    // A photo of an album (under its album's folder): its album can be unpublished, so it is asked for again each time.
    const image = /\/files\/gallery\/[\w-]+\/[\w-]+\.webp/.exec(page)![0]
    const picture = await fetch(`${app.url}${image}`)
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/webp')
    expect(picture.headers.get('content-disposition')).toBeNull()
    expect(picture.headers.get('cache-control')).toBe('public, no-cache')
    await picture.body?.cancel()
    const again = await fetch(`${app.url}${image}`, { headers: { 'If-None-Match': picture.headers.get('etag')! } })
    expect(again.status).toBe(304)
    // The logo the demo stores beside the photos belongs to no album: nothing withdraws it.
    const logo = /\/files\/gallery\/[\w-]+\.webp/.exec(page)![0]
    const logoAnswer = await fetch(`${app.url}${logo}`)
    expect(logoAnswer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    await logoAnswer.body?.cancel()
  })
})
