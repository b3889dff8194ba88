import type { Kysely, Transaction } from 'kysely'
import type { CategoryColour } from '#app/domain/event/event-category.ts'
import { createEventCategory } from '#app/domain/event/event-category.server.ts'
import { createEvent } from '#app/domain/event/event-admin.server.ts'
import { eventSchema } from '#app/domain/event/event.schema.ts'
import { DEFAULT_COLORS, DEFAULT_THEME_NAME, defaultSectionStyles } from '#app/domain/theme/theme.schema.ts'
import { publicUrl, type Bucket, type Storage } from '#app/lib/storage/storage.ts'
import { storeImage } from '#app/lib/uploads/uploads.server.ts'
import { utcToZonedTime, zonedTimeToUtc } from '#app/lib/zoned-time.ts'
import type { Database } from '#db/database.ts'
import { newId, now, writeJson } from '#db/portable.ts'
import { DEMO_PAGES } from './demo-pages.ts'
import { drawLogoWebp, drawSceneWebp } from './seed-images.ts'
import { simplePdf } from './simple-pdf.ts'
import { starterSections } from './starter-content.ts'

async function store(storage: Storage, bucket: Bucket, key: string, body: Uint8Array, contentType: string) {
  await storage.put(bucket, key, body, contentType)
  return publicUrl(bucket, key)
}

/** True when the database has never been set up (no theme exists). */
export async function isFreshDatabase(db: Kysely<Database>) {
  const theme = await db.selectFrom('themes').select('id').limit(1).executeTakeFirst()
  return theme === undefined
}

/**
 * The default theme, the 'general' folder and one row per section key with
 * starter content. Runs in one transaction.
 */
export async function seedBaseContent(db: Kysely<Database>, storage: Storage) {
  const logo = await storeImage(storage, 'gallery', await drawLogoWebp())
  const hero: string[] = []
  for (const variant of [0, 1, 2]) {
    hero.push(await storeImage(storage, 'uploads', await drawSceneWebp(variant)))
  }
  const about = await storeImage(storage, 'uploads', await drawSceneWebp(3, 1200, 800))
  const sections = starterSections({ logo, hero, about })
  // The starter images are drawings; their descriptions say so, as an office would describe its own photos.
  const media = [
    { url: logo, alt: 'The school crest' },
    ...hero.map((url) => ({ url, alt: 'Drawing of the school grounds under a wide sky' })),
    { url: about, alt: 'Drawing of the school building among trees' },
  ]

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('themes')
      .values({
        id: newId(),
        name: DEFAULT_THEME_NAME,
        is_active: true,
        colors: writeJson(DEFAULT_COLORS),
        section_styles: writeJson(defaultSectionStyles()),
        created_at: now(),
      })
      .execute()
    await trx
      .insertInto('gallery_folders')
      .values({ id: newId(), name: 'general', external_use: true, enabled: true, slug: 'general', created_at: now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
    for (const image of media) {
      await trx
        .insertInto('media')
        .values({ id: newId(), url: image.url, file_name: image.url.slice(image.url.lastIndexOf('/') + 1), alt: image.alt, created_by: null, created_at: now() })
        .onConflict((oc) => oc.column('url').doNothing())
        .execute()
    }
    for (const [key, content] of Object.entries(sections)) {
      await trx
        .insertInto('sections')
        .values({ id: newId(), key, content: writeJson(content), updated_at: now() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute()
    }
  })
}

const DAY = 24 * 60 * 60 * 1000

/** An instant some days from today at a time on the school's clocks (so 09:00 is 9 am there, 00:00 starts a day). */
function schoolTime(timeZone: string) {
  return (daysFromNow: number, hour: number, minute = 0) => {
    const day = utcToZonedTime(new Date(Date.now() + daysFromNow * DAY).toISOString(), timeZone).slice(0, 10)
    return zonedTimeToUtc(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, timeZone)
  }
}

/** A few posts, events, policies, testimonials and gallery images, so a new site shows something. */
export async function seedDemoContent(db: Kysely<Database>, storage: Storage, timeZone = 'UTC') {
  const atTime = schoolTime(timeZone)
  const covers: string[] = []
  for (const variant of [1, 4, 5]) {
    covers.push(await storeImage(storage, 'blogs', await drawSceneWebp(variant, 1200, 675)))
  }
  const galleryImages: { title: string; folder: string; alt: string; url: string }[] = []
  // Each described as drawn (drawSceneWebp's colours for its place), as the office describes real photos.
  const galleryPlan = [
    // Left undescribed: the demo shows what the admin says of a photo without alt text.
    { title: 'Spring Fair', folder: 'general', alt: '' },
    { title: 'Science Week', folder: 'general', alt: 'Drawing of the school on a green hill under a blue sky and an orange sun' },
    { title: 'Sports Day', folder: 'events', alt: 'Drawing of the school on a sandy hill under a purple sky and a pink sun' },
    { title: 'School Garden', folder: 'general', alt: 'Drawing of the school on a pink hill under a teal sky and a yellow sun' },
    { title: 'Music Concert', folder: 'events', alt: 'Drawing of the school on a mint-green hill under a rust-red sky' },
    { title: 'Art Exhibition', folder: 'general', alt: 'Drawing of the school on a pale blue hill under a dark green sky and a pink sun' },
    // In a folder not for external use: staff see it in the admin, visitors never do (docs/product-rules.md#gallery).
    { title: 'Staff Training Day', folder: 'staff-room', alt: 'Drawing of the school on a green hill under a dark blue sky' },
  ]
  for (const [index, image] of galleryPlan.entries()) {
    // Stored like an admin upload, with the width copies the public gallery's srcset asks for.
    const url = await storeImage(storage, 'gallery', await drawSceneWebp(index, 1200, 900), image.folder)
    galleryImages.push({ ...image, url })
  }
  const policyFiles: string[] = []
  const policyFileSizes: number[] = []
  for (const [index, title] of ['Safeguarding Policy', 'Behaviour Policy', 'Admissions Policy'].entries()) {
    const key = `${Date.now() + index}.pdf`
    const document = simplePdf(title, ['This is a demo document.', 'Replace it from the admin panel.'])
    policyFiles.push(await store(storage, 'policies', key, document, 'application/pdf'))
    policyFileSizes.push(document.byteLength)
  }

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('gallery_folders')
      .values([
        { id: newId(), name: 'events', external_use: true, enabled: true, slug: 'events', created_at: now() },
        { id: newId(), name: 'staff-room', external_use: false, enabled: true, slug: 'staff-room', created_at: now() },
      ])
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
    const galleryBase = Date.now() - galleryImages.length * 60_000
    await trx
      .insertInto('gallery')
      .values(
        galleryImages.map((image, index) => ({
          id: newId(),
          title: image.title,
          image_url: image.url,
          folder: image.folder,
          alt: image.alt,
          created_at: new Date(galleryBase + index * 60_000).toISOString(),
        })),
      )
      .execute()
    await trx
      .insertInto('blogs')
      .values([
        {
          id: newId(),
          slug: 'welcome-back',
          title: 'Welcome Back to a New School Year',
          excerpt: 'A warm welcome to returning families and to everyone joining us for the first time.',
          content:
            '<p>We are delighted to welcome everyone back. This year brings new clubs, a refurbished library and plenty of opportunities to get involved.</p><h2>Dates for your diary</h2><ul><li>Parents evening in the third week</li><li>Harvest festival before half term</li></ul>',
          cover_image: covers[0] ?? null,
          cover_alt: 'Drawing of the school among green hills',
          published_at: atTime(-2, 9),
          updated_at: atTime(-2, 9),
        },
        {
          id: newId(),
          slug: 'science-week-highlights',
          title: 'Science Week Highlights',
          excerpt: null,
          content:
            '<p>From volcano experiments to a visit from a local astronomer, science week was a huge success. Pupils in every year group explored, questioned and built things together, and the final exhibition filled the hall with proud families.</p>',
          cover_image: covers[1] ?? null,
          cover_alt: 'Drawing of the school among green hills',
          published_at: atTime(-9, 14),
          updated_at: atTime(-9, 14),
        },
        {
          id: newId(),
          slug: 'our-new-school-garden',
          title: 'Our New School Garden',
          excerpt: 'Thanks to parent volunteers, our pupils now grow their own vegetables.',
          content: '<p>The new garden has raised beds for every class, a small orchard and a pond. Volunteers are always welcome on Saturday mornings.</p>',
          cover_image: covers[2] ?? null,
          cover_alt: 'Drawing of the school among green hills',
          published_at: atTime(-20, 11),
          updated_at: atTime(-20, 11),
        },
      ])
      .execute()
    const policyCategories = ['Safeguarding', 'SEND', 'Admissions'].map((name, position) => ({ id: newId(), name, slug: name.toLowerCase(), position }))
    await trx.insertInto('policy_categories').values(policyCategories).execute()
    const [safeguarding, send, admissions] = policyCategories
    const reviewIn = (days: number) => atTime(days, 12).slice(0, 10)
    const demoPolicies = [
      { id: newId(), title: 'Safeguarding Policy', slug: 'safeguarding-policy', description: 'How we keep every child safe.', file_url: policyFiles[0] ?? null, category_id: safeguarding?.id ?? null, review_date: reviewIn(200), created_at: atTime(-30, 9), updated_at: atTime(-30, 9) },
      { id: newId(), title: 'Behaviour Policy', slug: 'behaviour-policy', description: 'Our shared expectations and how we support good behaviour.', file_url: policyFiles[1] ?? null, category_id: send?.id ?? null, review_date: null, created_at: atTime(-29, 9), updated_at: atTime(-29, 9) },
      { id: newId(), title: 'Admissions Policy', slug: 'admissions-policy', description: 'How places are offered, and how to apply.', file_url: policyFiles[2] ?? null, category_id: admissions?.id ?? null, review_date: reviewIn(20), created_at: atTime(-28, 9), updated_at: atTime(-28, 9) },
    ]
    await trx.insertInto('policies').values(demoPolicies).execute()
    await trx
      .insertInto('policy_versions')
      .values(
        demoPolicies.flatMap((policy, index) =>
          policy.file_url ? [{ id: newId(), policy_id: policy.id, file_url: policy.file_url, file_name: `${policy.slug}.pdf`, size: policyFileSizes[index] ?? null, content_type: 'application/pdf', created_at: policy.created_at }] : [],
        ),
      )
      .execute()
    await trx
      .insertInto('testimonials')
      .values([
        { id: newId(), parent_name: 'Maria Lopez', message: 'Our daughter runs into school every morning. The teachers truly care.', rating: 5, created_at: atTime(-1, 10) },
        { id: newId(), parent_name: 'James Okafor', message: 'Clear communication and a wonderful range of clubs.', rating: 5, created_at: atTime(-5, 10) },
        { id: newId(), parent_name: 'Priya Shah', message: 'A kind, welcoming school. The new garden is a delight.', rating: 4, created_at: atTime(-12, 10) },
        { id: newId(), parent_name: 'Tom Becker', message: 'Our son has grown so much in confidence this year.', rating: 5, created_at: atTime(-40, 10) },
      ])
      .execute()
    await seedDemoPages(trx, atTime(-30, 9))
  })
  await seedDemoCalendar(timeZone, galleryImages[2]?.url ?? null)
}

/** 'YYYY-MM-DD' plus some days. */
function addDays(date: string, days: number) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/**
 * The first day of the school's coming week: next Monday on the school's
 * clocks (a week ahead when today is Monday), so the demo's weekly events
 * fall on school days whatever day the site is created.
 */
function nextMonday(timeZone: string, now = new Date()) {
  const today = utcToZonedTime(now.toISOString(), timeZone).slice(0, 10)
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay()
  return addDays(today, (8 - weekday) % 7 || 7)
}

/** The first Friday of a month on or after `date`: the demo's monthly coffee mornings. */
function firstFridayFrom(date: string) {
  for (let month = 0; ; month++) {
    const first = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1 + month, 1))
    const friday = addDays(first.toISOString().slice(0, 10), (12 - first.getUTCDay()) % 7)
    if (friday >= date) return friday
  }
}

/**
 * A term's worth of school calendar (docs/product-rules.md#demo-pages): four
 * categories, places (one with a map link), all-day term dates, a weekly
 * series that skips the half-term week and a monthly one, laid out from the
 * coming Monday. Made through the event operations and the form's schema, as
 * an admin would make them, on the app's database; not mailed: a new site has
 * no subscribers, and demo events are no news.
 */
async function seedDemoCalendar(timeZone: string, sportsDayImage: string | null) {
  const category = async (name: string, colour: CategoryColour) => (await createEventCategory({ name, colour })).id
  const termDates = await category('Term dates', 'blue')
  const sports = await category('Sports', 'green')
  const parents = await category('Parents', 'purple')
  const clubs = await category('Clubs', 'orange')
  const monday = nextMonday(timeZone)
  const day = (offset: number) => addDays(monday, offset)
  const halfTerm = { first: day(28), last: day(32) }
  const swimmingFirst = day(1)
  const coffeeDates = [firstFridayFrom(monday)]
  while (coffeeDates.length < 6) coffeeDates.push(firstFridayFrom(addDays(coffeeDates.at(-1)!, 1)))
  const coffeeFirst = coffeeDates[0]!
  const events = [
    {
      title: 'Swimming — Year 4',
      description: 'Year 4 walk to the pool with their teachers each Tuesday afternoon. Please pack a swimming kit and a towel.',
      startDate: `${swimmingFirst}T13:30`,
      endDate: `${swimmingFirst}T14:30`,
      location: 'Hometown Leisure Centre, Park Road',
      mapUrl: 'https://www.openstreetmap.org/search?query=Hometown%20Leisure%20Centre',
      categoryId: sports,
      // Twelve Tuesdays, none in the half-term week.
      recurrence: `FREQ=WEEKLY;BYDAY=TU;UNTIL=${addDays(swimmingFirst, 7 * 11).replaceAll('-', '')}`,
      exceptions: day(29),
    },
    { title: 'Parents Evening', description: 'Meet your child’s teachers to talk about progress.', startDate: `${day(2)}T16:00`, endDate: `${day(2)}T19:00`, location: 'Main hall', categoryId: parents },
    {
      title: 'Coffee Morning',
      description: 'Coffee, cake and a chat after drop-off, with the head teacher. Younger brothers and sisters welcome.',
      startDate: `${coffeeFirst}T08:45`,
      endDate: `${coffeeFirst}T09:45`,
      location: 'Community room',
      categoryId: parents,
      recurrence: `FREQ=MONTHLY;BYDAY=1FR;COUNT=${coffeeDates.length}`,
      // Not while the school is closed.
      exceptions: coffeeDates.filter((date) => date >= halfTerm.first && date <= halfTerm.last).join(','),
    },
    { title: 'Sports Day', description: 'Races, games and a picnic on the field. Families welcome.', startDate: `${day(10)}T09:00`, location: 'School field', categoryId: sports, imageUrl: sportsDayImage ?? undefined },
    { title: 'Winter Concert', description: 'Choir, orchestra and soloists in the main hall.', startDate: `${day(17)}T18:00`, endDate: `${day(17)}T20:00`, location: 'Main hall', categoryId: clubs },
    { title: 'Half-Term Break', description: 'School closed.', allDay: 'true', startDate: halfTerm.first, endDate: halfTerm.last, categoryId: termDates },
    { title: 'INSET Day', description: 'A training day for staff: school is closed to pupils.', allDay: 'true', startDate: day(35), categoryId: termDates },
  ]
  for (const event of events) await createEvent(eventSchema.parse(event), timeZone, { announced: false })
}

/**
 * The demo pages (demo-pages.ts), published, and their menu entries: in the
 * header Admissions with Open Days under it, before Contact; in the footer
 * Term Dates and Uniform after Policies. The entries around them move along.
 */
async function seedDemoPages(trx: Transaction<Database>, publishedAt: string) {
  const ids = new Map(DEMO_PAGES.map((page) => [page.slug, newId()]))
  const idOf = (slug: string) => ids.get(slug)!
  const siblingOrder = new Map<string | null, number>()
  await trx
    .insertInto('pages')
    .values(
      DEMO_PAGES.map((page) => {
        const order = siblingOrder.get(page.parentSlug) ?? 0
        siblingOrder.set(page.parentSlug, order + 1)
        return {
          id: idOf(page.slug),
          title: page.title,
          slug: page.slug,
          parent_id: page.parentSlug ? idOf(page.parentSlug) : null,
          content: page.content,
          seo_description: page.seoDescription,
          cover_decorative: false,
          sort_order: order,
          status: 'published' as const,
          published_at: publishedAt,
          created_at: publishedAt,
          updated_at: publishedAt,
        }
      }),
    )
    .execute()

  const admissions = newId()
  const headerAt = await makeRoom(trx, 'header', 'contact', 'before', 1)
  const footerAt = await makeRoom(trx, 'footer', 'policies', 'after', 2)
  await trx
    .insertInto('menu_items')
    .values([
      { id: admissions, menu: 'header', parent_id: null, label: 'Admissions', link_kind: 'page', page_id: idOf('admissions'), screen: null, url: null, sort_order: headerAt },
      { id: newId(), menu: 'header', parent_id: admissions, label: 'Open Days', link_kind: 'page', page_id: idOf('open-days'), screen: null, url: null, sort_order: 0 },
      { id: newId(), menu: 'footer', parent_id: null, label: 'Term Dates', link_kind: 'page', page_id: idOf('term-dates'), screen: null, url: null, sort_order: footerAt },
      { id: newId(), menu: 'footer', parent_id: null, label: 'Uniform', link_kind: 'page', page_id: idOf('uniform'), screen: null, url: null, sort_order: footerAt + 1 },
    ])
    .execute()
}

/**
 * Moves a menu's top-level entries along to free `count` places before or
 * after the entry for `screen`, and returns the first free place; without
 * that entry the places are at the end.
 */
async function makeRoom(trx: Transaction<Database>, menu: 'header' | 'footer', screen: string, side: 'before' | 'after', count: number) {
  const topLevel = () => trx.selectFrom('menu_items').where('menu', '=', menu).where('parent_id', 'is', null)
  const anchor = await topLevel().select('sort_order').where('link_kind', '=', 'screen').where('screen', '=', screen).executeTakeFirst()
  const last = await topLevel().select((eb) => eb.fn.max('sort_order').as('max')).executeTakeFirst()
  const at = anchor ? anchor.sort_order + (side === 'after' ? 1 : 0) : Number(last?.max ?? -1) + 1
  await trx
    .updateTable('menu_items')
    .set((eb) => ({ sort_order: eb('sort_order', '+', count) }))
    .where('menu', '=', menu)
    .where('parent_id', 'is', null)
    .where('sort_order', '>=', at)
    .execute()
  return at
}
