import { afterEach, expect, test } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '#db/connect.ts'

let handle: DatabaseHandle | undefined
afterEach(async () => {
  await handle?.destroy()
})

test('upgrading gives the images the picker placed outside the gallery a media row, and nothing else', async () => {
  handle = connectDatabase({ engine: 'sqlite', file: ':memory:' })
  await handle.migrate('0009-publishing')
  const { db } = handle
  const at = new Date().toISOString()
  await db
    .insertInto('sections')
    .values([
      { id: 's1', key: 'home.logos', content: JSON.stringify({ image: '/files/uploads/logo.webp', title: 'School', hoverText: 'Home' }), updated_at: at },
      { id: 's2', key: 'home.hero', content: JSON.stringify({ slides: [{ title: 'A', subtitle: 'B', image: '/files/gallery/general/photo.webp' }, { title: 'C', subtitle: 'D', image: 'https://elsewhere.example/x.jpg' }] }), updated_at: at },
    ])
    .execute()
  await db.insertInto('gallery').values({ id: 'g1', title: 'Photo', image_url: '/files/gallery/general/photo.webp' }).execute()
  await db
    .insertInto('blogs')
    .values({
      id: 'b1',
      slug: 'news',
      title: 'News',
      content: '<p><img src="/files/uploads/inline.webp" srcset="/files/uploads/inline.w480.webp 480w"> <a href="/files/policies/rules.pdf">Rules</a></p>',
      excerpt: null,
      cover_image: '/files/blogs/cover.webp',
      published_at: at,
      updated_at: at,
    })
    .execute()
  await db.insertInto('themes').values({ id: 't1', name: 'Autumn', is_active: false, colors: '{}', section_styles: JSON.stringify({ hero: { backgroundImage: '/files/uploads/leaves.webp' } }), created_at: at }).execute()

  await handle.migrate()
  const media = await db.selectFrom('media').select(['url', 'file_name', 'alt', 'decorative']).orderBy('url').execute()
  expect(media).toEqual([
    { url: '/files/uploads/inline.webp', file_name: 'inline.webp', alt: '', decorative: 0 },
    { url: '/files/uploads/leaves.webp', file_name: 'leaves.webp', alt: '', decorative: 0 },
    { url: '/files/uploads/logo.webp', file_name: 'logo.webp', alt: '', decorative: 0 },
  ])
  expect(await db.selectFrom('gallery').select(['alt', 'decorative', 'focal_x', 'focal_y']).execute()).toEqual([{ alt: '', decorative: 0, focal_x: 0.5, focal_y: 0.5 }])
})
