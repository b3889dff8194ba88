import { describe, expect, test } from 'vitest'
import { ARCHIVED_TABLES, DERIVED_TABLES, TRANSIENT_TABLES } from '#app/lib/site-archive/archive-format.ts'
import { readBool, readJson, readTimestamp } from '#db/portable.ts'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()
const db = database.db

/** Column name, '?' when nullable, '=' when it has a default. Both engines must match this. */
const EXPECTED_SCHEMA = {
  apikey: ['configId=', 'createdAt', 'enabled?=', 'expiresAt?', 'id', 'key', 'lastRefillAt?', 'lastRequest?', 'metadata?', 'name?', 'permissions?', 'prefix?', 'rateLimitEnabled?=', 'rateLimitMax?', 'rateLimitTimeWindow?', 'referenceId', 'refillAmount?', 'refillInterval?', 'remaining?', 'requestCount?=', 'start?', 'updatedAt'],
  account: ['accessToken?', 'accessTokenExpiresAt?', 'accountId', 'createdAt=', 'id', 'idToken?', 'password?', 'providerId', 'refreshToken?', 'refreshTokenExpiresAt?', 'scope?', 'updatedAt', 'userId'],
  blogs: ['content', 'cover_alt=', 'cover_decorative=', 'cover_focal_x=', 'cover_focal_y=', 'cover_image?', 'excerpt?', 'id', 'published_at=', 'slug', 'status=', 'title', 'updated_at='],
  contact_messages: ['created_at=', 'email', 'id', 'message', 'name', 'read='],
  contact_throttle: ['last_submitted_at', 'visitor', 'window_count=', 'window_started_at?'],
  contact_used_tokens: ['expires_at', 'token'],
  events: ['all_day=', 'category_id?', 'created_at=', 'description?', 'end_date?', 'exceptions?', 'id', 'image_url?', 'location?', 'map_url?', 'recurrence?', 'slug?', 'start_date', 'status=', 'title'],
  event_categories: ['colour', 'id', 'name', 'position=', 'slug'],
  gallery: ['alt=', 'created_at=', 'decorative=', 'focal_x=', 'focal_y=', 'folder=', 'id', 'image_url', 'position=', 'taken_at?', 'title?'],
  gallery_folders: ['cover_image_id?', 'created_at=', 'description=', 'enabled=', 'external_use=', 'id', 'name', 'slug?'],
  media: ['alt=', 'created_at=', 'created_by?', 'decorative=', 'file_name=', 'focal_x=', 'focal_y=', 'id', 'url'],
  policies: ['category_id?', 'created_at=', 'description?', 'file_url?', 'id', 'review_date?', 'slug=', 'status=', 'title', 'updated_at?'],
  policy_categories: ['id', 'name', 'position=', 'slug'],
  policy_versions: ['content_type?', 'created_at=', 'created_by?', 'file_name?', 'file_url', 'id', 'policy_id', 'size?'],
  pages: ['content=', 'cover_alt=', 'cover_decorative=', 'cover_focal_x=', 'cover_focal_y=', 'cover_image?', 'created_at=', 'id', 'parent_id?', 'published_at=', 'seo_description?', 'slug', 'sort_order=', 'status=', 'title', 'updated_at='],
  menu_items: ['id', 'label', 'link_kind', 'menu', 'page_id?', 'parent_id?', 'screen?', 'sort_order=', 'url?'],
  staff_members: ['bio?', 'created_at=', 'department=', 'email?', 'id', 'job_title=', 'name', 'phone?', 'photo_alt=', 'photo_decorative=', 'photo_focal_x=', 'photo_focal_y=', 'photo_url?', 'show_email=', 'sort_order='],
  search_index: ['body', 'shown_at?', 'status', 'subject', 'subject_id', 'title', 'url', 'visible_from'],
  alerts: ['created_at=', 'ends_at?', 'event_id?', 'id', 'level', 'link?', 'message=', 'school_status?', 'starts_at', 'title', 'updated_at='],
  subscribers: ['alerts=', 'confirmed_at?', 'created_at=', 'email', 'events=', 'id', 'news=', 'token_hash', 'updated_at='],
  push_subscriptions: ['alerts=', 'auth', 'created_at=', 'endpoint', 'id', 'news=', 'p256dh'],
  outbox_messages: ['attempts=', 'channel', 'claimed_by?', 'created_at=', 'data?', 'dedupe_key', 'deliver_after=', 'id', 'kind', 'last_error?', 'lease_until?', 'recipient', 'sent_at?', 'status=', 'subject_id?', 'subject_table?', 'title?'],
  revisions: ['created_at=', 'created_by?', 'id', 'snapshot', 'subject', 'subject_id'],
  profiles: ['created_at=', 'email', 'full_name?', 'id', 'notify_contact_messages=', 'status='],
  rateLimit: ['count', 'id', 'key', 'lastRequest'],
  sections: ['content', 'id', 'key', 'updated_at='],
  session: ['createdAt=', 'expiresAt', 'id', 'ipAddress?', 'token', 'updatedAt', 'userAgent?', 'userId'],
  testimonials: ['created_at=', 'id', 'message', 'parent_name', 'rating='],
  themes: ['colors', 'created_at=', 'id', 'is_active=', 'name', 'section_styles'],
  user: ['createdAt=', 'email', 'emailVerified', 'id', 'image?', 'name', 'twoFactorEnabled?=', 'updatedAt='],
  twoFactor: ['backupCodes', 'failedVerificationCount?=', 'id', 'lockedUntil?', 'secret', 'userId', 'verified?='],
  passkey: ['aaguid?', 'backedUp', 'counter', 'createdAt?', 'credentialID', 'deviceType', 'id', 'name?', 'publicKey', 'transports?', 'userId'],
  site_settings: ['key', 'value'],
  staff_invitations: ['created_at=', 'email', 'full_name?', 'id', 'role', 'sent_at', 'verification_id?'],
  sign_in_failures: ['email', 'failed_count=', 'lock_count=', 'locked_until?'],
  user_roles: ['role=', 'user_id'],
  verification: ['createdAt=', 'expiresAt', 'id', 'identifier', 'updatedAt=', 'value'],
}

const theme = (isActive: boolean) => ({
  id: newId(),
  name: `Theme ${newId()}`,
  is_active: isActive,
  colors: '{}',
  section_styles: '{}',
})

describe(`schema on ${database.engine}`, () => {
  test('migrations create every entity with the same columns on both engines', async () => {
    const tables = await db.introspection.getTables()
    const shape = Object.fromEntries(
      tables
        .filter((table) => !table.name.startsWith('kysely_'))
        // SQLite's full-text table over search_index and the shadow tables FTS5 keeps for it: the engine's own
        // machinery (PostgreSQL indexes the same rows with a GIN index), filled by triggers, not a table of the site.
        .filter((table) => !table.name.startsWith('search_index_fts'))
        // SQLite's content counter for the page cache (migration 0022), moved by triggers: PostgreSQL's instances
        // hear writes on the change feed instead.
        .filter((table) => !(table.name === 'content_version' && database.engine === 'sqlite'))
        .map((table) => [
          table.name,
          table.columns
            // Its PostgreSQL counterpart: the stored words the GIN index holds (migration 0020), made from title and body.
            .filter((column) => !(table.name === 'search_index' && column.name === 'words' && database.engine === 'postgres'))
            .map((column) => `${column.name}${column.isNullable ? '?' : ''}${column.hasDefaultValue ? '=' : ''}`)
            .sort(),
        ]),
    )
    expect(shape).toEqual(EXPECTED_SCHEMA)
  })

  test('site archives carry every table but the transient and derived ones', () => {
    const archived = [...ARCHIVED_TABLES.map((entry) => entry.table), ...TRANSIENT_TABLES, ...DERIVED_TABLES].sort()
    expect(archived).toEqual(Object.keys(EXPECTED_SCHEMA).sort())
  })

  test('migrating again changes nothing', async () => {
    await expect(database.migrate()).resolves.toBeUndefined()
  })

  test('the database itself refuses a second active theme', async () => {
    await db.insertInto('themes').values(theme(true)).execute()
    await expect(db.insertInto('themes').values(theme(true)).execute()).rejects.toThrow(/unique/i)
    const inactive = theme(false)
    await db.insertInto('themes').values(inactive).execute()
    await expect(db.updateTable('themes').set({ is_active: true }).where('id', '=', inactive.id).execute()).rejects.toThrow(/unique/i)
    const active = await db.selectFrom('themes').select('id').where('is_active', '=', true).execute()
    expect(active).toHaveLength(1)
  })

  test('section keys, blog slugs and folder names are unique', async () => {
    await db.insertInto('sections').values({ id: newId(), key: 'home.test', content: '{}' }).execute()
    await expect(db.insertInto('sections').values({ id: newId(), key: 'home.test', content: '{}' }).execute()).rejects.toThrow(/unique/i)

    const blog = { slug: 'same-slug', title: 'T', content: 'C' }
    await db.insertInto('blogs').values({ id: newId(), ...blog }).execute()
    await expect(db.insertInto('blogs').values({ id: newId(), ...blog }).execute()).rejects.toThrow(/unique/i)

    await db.insertInto('gallery_folders').values({ id: newId(), name: 'trips', external_use: true, enabled: true, slug: 'trips' }).execute()
    await expect(
      db.insertInto('gallery_folders').values({ id: newId(), name: 'trips', external_use: false, enabled: false, slug: 'trips-2' }).execute(),
    ).rejects.toThrow(/unique/i)
  })

  test('a testimonial rating defaults to 5 and must be between 1 and 5', async () => {
    const id = newId()
    await db.insertInto('testimonials').values({ id, parent_name: 'A', message: 'B' }).execute()
    const row = await db.selectFrom('testimonials').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.rating).toBe(5)
    expect(Date.parse(readTimestamp(row.created_at))).toBeGreaterThan(Date.now() - 60_000)
    for (const rating of [0, 6]) {
      await expect(
        db.insertInto('testimonials').values({ id: newId(), parent_name: 'A', message: 'B', rating }).execute(),
      ).rejects.toThrow(/check/i)
    }
  })

  test('defaults: gallery folder general, message unread, folder visible', async () => {
    const imageId = newId()
    await db.insertInto('gallery').values({ id: imageId, title: null, image_url: '/files/gallery/a.webp' }).execute()
    const image = await db.selectFrom('gallery').selectAll().where('id', '=', imageId).executeTakeFirstOrThrow()
    expect(image.folder).toBe('general')

    const messageId = newId()
    await db.insertInto('contact_messages').values({ id: messageId, name: 'N', email: 'n@example.org', message: 'M' }).execute()
    const message = await db.selectFrom('contact_messages').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow()
    expect(readBool(message.read)).toBe(false)
    expect(readTimestamp(message.created_at)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
  })

  test('roles other than user, editor, admin and statuses other than pending, approved, rejected are refused', async () => {
    const userId = newId()
    const stamp = new Date().toISOString()
    await db.insertInto('user').values({ id: userId, name: 'U', email: `${userId}@example.org`, emailVerified: false, createdAt: stamp, updatedAt: stamp }).execute()
    await expect(db.insertInto('user_roles').values({ user_id: userId, role: 'owner' as 'admin' }).execute()).rejects.toThrow(/check/i)
    await expect(
      db.insertInto('profiles').values({ id: userId, email: 'u@example.org', full_name: null, status: 'banned' as 'pending' }).execute(),
    ).rejects.toThrow(/check/i)
    await db.insertInto('user_roles').values({ user_id: userId, role: 'editor' }).execute()
    await expect(db.insertInto('user_roles').values({ user_id: userId, role: 'admin' }).execute()).rejects.toThrow(/unique|primary/i)
  })

  test('JSON columns round-trip as objects', async () => {
    const content = { slides: [{ title: 'Å', subtitle: '"quoted"', image: '/files/uploads/x.webp' }] }
    const id = newId()
    await db.insertInto('sections').values({ id, key: 'home.json', content: JSON.stringify(content) }).execute()
    const row = await db.selectFrom('sections').select('content').where('id', '=', id).executeTakeFirstOrThrow()
    expect(readJson(row.content)).toEqual(content)
  })
})
