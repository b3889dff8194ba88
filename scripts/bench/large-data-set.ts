// The large bench data set: what a school has after years of use (10,000 posts, 5,000 events, 20,000 gallery photos
// in 200 albums, 50,000 contact messages and 2,000 users), written into a database that already holds the demo
// content. Rows go straight in with Kysely, in batches inside one transaction per table: this is bench data, not a
// user-facing write path, so it skips the domain operations (and their change events and mail) on purpose, but each
// row is one the domain could have written (unique slugs, a series the calendar accepts, search documents as the
// search index builds them). Nothing is random between runs: a seeded generator picks every value.
import type { Insertable, Kysely } from 'kysely'
import { plainText } from '#app/domain/blog/blog.ts'
import { slugify } from '#app/domain/publishing/slug.ts'
import type { Database } from '#db/database.ts'
import type { Role } from '#db/tables/people.ts'

export const LARGE_DATA = { posts: 10_000, events: 5_000, photos: 20_000, albums: 200, messages: 50_000, users: 2_000 } as const

const BATCH = 500
const DAY_MS = 24 * 60 * 60 * 1000
const YEARS = 10

/** Small, fast and seeded (mulberry32): the same data set on every run. */
function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  }
}

const SUBJECTS = ['Sports Day', 'Science Fair', 'Book Week', 'Harvest Festival', 'Year 6 Trip', 'Music Concert', 'Open Morning', 'Art Exhibition', 'Reading Café', 'Charity Bake Sale', 'Maths Challenge', 'Forest School', 'Parents Evening', 'Nativity Play', 'Swimming Gala', 'Eco Club', 'Chess Tournament', 'Poetry Slam', 'Coding Club', 'Garden Project']
const WORDS = 'pupils teachers parents learning reading writing class assembly week term school library playground garden music science history geography project team trip visit museum community families celebration work together proud progress friends lunch hall'.split(' ')

function sentence(random: ReturnType<typeof generator>, words: number) {
  const chosen = Array.from({ length: words }, () => random.pick(WORDS))
  const text = chosen.join(' ')
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`
}

async function insertInBatches<T extends keyof Database>(db: Kysely<Database>, table: T, rows: readonly Insertable<Database[T]>[]) {
  await db.transaction().execute(async (tx) => {
    for (let at = 0; at < rows.length; at += BATCH) {
      await tx
        .insertInto(table)
        .values(rows.slice(at, at + BATCH))
        .execute()
    }
  })
}

const iso = (ms: number) => new Date(ms).toISOString()

/** 10,000 posts over ten years: a few drafts, a few scheduled for the coming weeks; each with its search document. */
async function addPosts(db: Kysely<Database>, now: number) {
  const random = generator(1)
  const posts: Insertable<Database['blogs']>[] = []
  const documents: Insertable<Database['search_index']>[] = []
  for (let n = 0; n < LARGE_DATA.posts; n += 1) {
    const scheduled = n % 200 === 7
    const draft = n % 100 === 3
    const published = scheduled ? now + (1 + random.int(30)) * DAY_MS : now - random.int(YEARS * 365 * DAY_MS)
    const title = `${random.pick(SUBJECTS)}: ${sentence(random, 4).slice(0, -1)}`
    const slug = `${slugify(title).slice(0, 80)}-${n}`
    const excerpt = sentence(random, 18)
    const content = Array.from({ length: 4 }, () => `<p>${sentence(random, 40)} ${sentence(random, 30)}</p>`).join('\n')
    const status = draft ? 'draft' : 'published'
    const id = crypto.randomUUID()
    posts.push({ id, slug, title, content, excerpt, cover_image: null, cover_decorative: false, published_at: iso(published), updated_at: iso(published + random.int(3) * DAY_MS), status })
    documents.push({ subject: 'blogs', subject_id: id, title, body: plainText(`${excerpt} ${content}`), status, visible_from: iso(published), url: `/blogs/${slug}`, shown_at: iso(published) })
  }
  await insertInBatches(db, 'blogs', posts)
  await insertInBatches(db, 'search_index', documents)
}

/**
 * 5,000 events over the same ten years and the year ahead; one in 25 repeats (weekly for a term, or daily for
 * up to 500 days, as long as the calendar accepts), a few of them around today.
 */
async function addEvents(db: Kysely<Database>, now: number) {
  const random = generator(2)
  const categories = (await db.selectFrom('event_categories').select('id').execute()).map((row) => row.id)
  const events: Insertable<Database['events']>[] = []
  const documents: Insertable<Database['search_index']>[] = []
  for (let n = 0; n < LARGE_DATA.events; n += 1) {
    const repeating = n % 25 === 0
    // Whole hours on the hour, 08:00 to 17:00 UTC: the day of an event is plain in every school's time zone.
    const day = Math.floor((now - (YEARS * 365 - random.int((YEARS + 1) * 365)) * DAY_MS) / DAY_MS) * DAY_MS
    const start = day + (8 + random.int(10)) * 60 * 60 * 1000
    const allDay = !repeating && n % 7 === 0
    const title = `${random.pick(SUBJECTS)} ${n}`
    const slug = `${slugify(title)}`
    const recurrence = !repeating ? null : n % 50 === 0 ? `FREQ=DAILY;COUNT=${100 + random.int(400)}` : `FREQ=WEEKLY;COUNT=${6 + random.int(30)}`
    const id = crypto.randomUUID()
    const description = sentence(random, 25)
    events.push({
      id,
      title,
      description,
      start_date: iso(start),
      end_date: allDay ? null : iso(start + 60 * 60 * 1000),
      image_url: null,
      created_at: iso(start - 30 * DAY_MS),
      status: n % 50 === 11 ? 'draft' : 'published',
      slug,
      all_day: allDay,
      location: n % 3 === 0 ? 'School hall' : null,
      map_url: null,
      category_id: categories.length && n % 4 !== 0 ? random.pick(categories) : null,
      recurrence,
      exceptions: null,
    })
    documents.push({ subject: 'events', subject_id: id, title, body: description, status: n % 50 === 11 ? 'draft' : 'published', visible_from: iso(start - 30 * DAY_MS), url: `/calendar/${slug}`, shown_at: iso(start) })
  }
  await insertInBatches(db, 'events', events)
  await insertInBatches(db, 'search_index', documents)
}

/**
 * 20,000 photos in 200 albums (a few unpublished). The files are the demo photos' stored variants, named again
 * and again: no image is decoded or written, the pages only need addresses that answer.
 */
async function addPhotos(db: Kysely<Database>, now: number) {
  const random = generator(3)
  const stored = (await db.selectFrom('gallery').select('image_url').execute()).map((row) => row.image_url)
  if (!stored.length) throw new Error('The database holds no gallery photo to reuse: start from the demo content')
  const albums: Insertable<Database['gallery_folders']>[] = []
  const photos: Insertable<Database['gallery']>[] = []
  const perAlbum = LARGE_DATA.photos / LARGE_DATA.albums
  for (let a = 0; a < LARGE_DATA.albums; a += 1) {
    const made = now - random.int(YEARS * 365) * DAY_MS
    const name = `${random.pick(SUBJECTS)} ${2016 + Math.floor(a / 20)} #${a}`
    albums.push({ id: crypto.randomUUID(), name, slug: slugify(name), external_use: a % 20 !== 5, enabled: true, description: sentence(random, 12), cover_image_id: null, created_at: iso(made) })
    for (let p = 0; p < perAlbum; p += 1) {
      photos.push({
        id: crypto.randomUUID(),
        title: p % 4 === 0 ? sentence(random, 3).slice(0, -1) : null,
        image_url: random.pick(stored),
        folder: name,
        alt: sentence(random, 6),
        decorative: false,
        position: p,
        created_at: iso(made + p * 60_000),
      })
    }
  }
  await insertInBatches(db, 'gallery_folders', albums)
  await insertInBatches(db, 'gallery', photos)
}

/** 50,000 contact messages over the years, nine in ten read. */
async function addMessages(db: Kysely<Database>, now: number) {
  const random = generator(4)
  const messages: Insertable<Database['contact_messages']>[] = Array.from({ length: LARGE_DATA.messages }, (_, n) => ({
    id: crypto.randomUUID(),
    name: `Parent ${n}`,
    email: `parent${n}@families.test`,
    message: `${sentence(random, 12 + random.int(40))}`,
    read: n % 10 !== 0,
    created_at: iso(now - random.int(YEARS * 365 * DAY_MS)),
  }))
  await insertInBatches(db, 'contact_messages', messages)
}

/** 2,000 accounts: mostly parents' ('user'), some editors, a few admins; a few waiting for approval. No password: nobody signs in as them. */
async function addUsers(db: Kysely<Database>, now: number) {
  const random = generator(5)
  const users: Insertable<Database['user']>[] = []
  const profiles: Insertable<Database['profiles']>[] = []
  const roles: Insertable<Database['user_roles']>[] = []
  for (let n = 0; n < LARGE_DATA.users; n += 1) {
    const id = crypto.randomUUID()
    const created = iso(now - random.int(YEARS * 365 * DAY_MS))
    const email = `member${n}@school-users.test`
    const name = `Member ${n}`
    const role: Role = n % 100 === 0 ? 'admin' : n % 10 === 0 ? 'editor' : 'user'
    users.push({ id, name, email, emailVerified: true, image: null, twoFactorEnabled: false, createdAt: created, updatedAt: created })
    profiles.push({ id, full_name: name, email, status: n % 40 === 1 ? 'pending' : 'approved', created_at: created, notify_contact_messages: false })
    roles.push({ user_id: id, role })
  }
  await insertInBatches(db, 'user', users)
  await insertInBatches(db, 'profiles', profiles)
  await insertInBatches(db, 'user_roles', roles)
}

/** Fills the database (already migrated, with the demo content) with the large data set; answers the time it took per part, in ms. */
export async function generateLargeData(db: Kysely<Database>, now = Date.now()): Promise<Record<string, number>> {
  const timings: Record<string, number> = {}
  for (const [part, add] of Object.entries({ posts: addPosts, events: addEvents, photos: addPhotos, messages: addMessages, users: addUsers })) {
    const started = performance.now()
    await add(db, now)
    timings[part] = Math.round(performance.now() - started)
  }
  return timings
}
