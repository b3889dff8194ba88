import { describe, expect, test } from 'vitest'
import { sectionSchemas, SECTION_KEYS } from '#app/domain/section/section.schema.ts'
import { getActiveTheme } from '#app/domain/theme/theme.server.ts'
import { DEFAULT_COLORS } from '#app/domain/theme/theme.schema.ts'
import { bootstrap } from '#app/services/bootstrap.server.ts'
import { db } from '#app/lib/db.server.ts'
import { auth } from '#app/services/auth.server.ts'
import { getUserAccess } from '#app/domain/user/user.server.ts'
import { parsePublicUrl } from '#app/lib/storage/storage.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { readBool, readJson } from '#db/portable.ts'
import { seedDemoContent } from '#app/services/seed/seed.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

prepareTestDatabase()

describe('first start', () => {
  test('creates the default theme, the general folder, every section and the first admin; a restart has nothing to tell', async () => {
    const { notice } = await bootstrap()
    const password = /password: (\S+)/.exec(notice ?? '')?.[1]
    expect(notice).toContain('email:    admin@school.local')
    expect(password).toMatch(/^[\w-]{16}$/)

    const theme = await getActiveTheme()
    expect(theme).toMatchObject({ name: 'Default Theme', isActive: true, colors: DEFAULT_COLORS })
    expect(theme.sectionStyles.footer.borderImageWidth).toBe('30px')
    expect(theme.sectionStyles.blogsPage.borderImageWidth).toBe('20px')
    expect(theme.sectionStyles.header.height).toBe('80px')

    const folder = await db.selectFrom('gallery_folders').selectAll().where('name', '=', 'general').executeTakeFirstOrThrow()
    expect(readBool(folder.external_use) && readBool(folder.enabled)).toBe(true)

    const sections = await db.selectFrom('sections').select(['key', 'content']).orderBy('key').execute()
    expect(sections.map((section) => section.key)).toEqual([...SECTION_KEYS])
    for (const section of sections) {
      const schema = sectionSchemas[section.key as (typeof SECTION_KEYS)[number]]
      expect(schema.safeParse(readJson(section.content)).success, section.key).toBe(true)
    }

    // The printed password signs in, and the account is an approved admin.
    const signIn = await auth.api.signInEmail({ body: { email: 'admin@school.local', password: password! } })
    expect(await getUserAccess(signIn.user.id)).toMatchObject({ role: 'admin', status: 'approved' })

    // Starter images exist in storage.
    const hero = readJson(sections.find((section) => section.key === 'home.hero')!.content) as { slides: { image: string }[] }
    const location = parsePublicUrl(hero.slides[0]!.image)!
    expect(await storage.get(location.bucket, location.key)).not.toBeNull()

    expect((await bootstrap()).notice).toBeNull()
    expect(await db.selectFrom('themes').select('id').execute()).toHaveLength(1)
    expect(await db.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').execute()).toHaveLength(1)
  })

  // Seeding draws the demo images and makes the demo calendar event by event: longer than a test's default on a busy machine.
  test('demo content: posts, events, policies with documents, testimonials and visible gallery images', { timeout: 60_000 }, async () => {
    await seedDemoContent(db, storage)
    const count = async (table: 'blogs' | 'events' | 'policies' | 'testimonials' | 'gallery') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
    expect(await count('blogs')).toBeGreaterThanOrEqual(3)
    expect(await count('events')).toBeGreaterThanOrEqual(3)
    expect(await count('testimonials')).toBeGreaterThanOrEqual(3)
    expect(await count('gallery')).toBeGreaterThanOrEqual(6)
    const policy = await db.selectFrom('policies').select('file_url').executeTakeFirstOrThrow()
    const file = parsePublicUrl(policy.file_url!)!
    const stored = await storage.get(file.bucket, file.key)
    expect(stored?.contentType).toBe('application/pdf')
  })
})
