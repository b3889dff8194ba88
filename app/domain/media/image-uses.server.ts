import { sql } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import { readJson } from '#db/portable.ts'

const quoted = (text: string) => `"${text}"`

/** Where the home page's sections show the image, in the words of Sections Management. */
function sectionUses(key: string, content: unknown, url: string): string[] {
  const json = JSON.stringify(content ?? null)
  if (!json.includes(url)) return []
  const value = (content ?? {}) as Record<string, unknown>
  const titled = (list: unknown, label: string) =>
    (Array.isArray(list) ? (list as Record<string, unknown>[]) : []).filter((entry) => entry.image === url).map((entry) => `${label} ${quoted(typeof entry.title === 'string' ? entry.title : '')}`)
  switch (key) {
    case 'home.logos':
      return [...(value.image === url ? ['header logo'] : []), ...(value.shareImage === url ? ['link preview image'] : [])]
    case 'home.hero':
      return titled(value.slides, 'hero slide')
    case 'home.features':
      return titled(value.features, 'feature')
    case 'home.about':
      return ['About section']
    default:
      return [`section ${key}`]
  }
}

/**
 * Everything that shows a stored image, named as staff know it: 'header
 * logo', 'hero slide "Welcome"', 'post "Welcome back" (cover)', 'post
 * "Sports day" (in its text)', 'event "Concert"', 'theme "Autumn"'. Empty
 * when nothing uses it, so it may be deleted.
 */
export async function imageUses(url: string): Promise<string[]> {
  // Addresses hold no LIKE wildcards except `_`; the candidates are checked again exactly below.
  const inText = `%${url}%`
  const [sections, posts, pages, events, themes] = await Promise.all([
    db.selectFrom('sections').select(['key', 'content']).orderBy('key').execute(),
    db
      .selectFrom('blogs')
      .select(['title', 'cover_image', 'content'])
      .where((eb) => eb.or([eb('cover_image', '=', url), eb('content', 'like', inText)]))
      .orderBy('title')
      .execute(),
    db
      .selectFrom('pages')
      .select(['title', 'cover_image', 'content'])
      .where((eb) => eb.or([eb('cover_image', '=', url), eb('content', 'like', inText)]))
      .orderBy('title')
      .execute(),
    db.selectFrom('events').select('title').where('image_url', '=', url).orderBy('title').execute(),
    db
      .selectFrom('themes')
      .select('name')
      .where(sql<string>`cast(section_styles as text)`, 'like', inText)
      .orderBy('name')
      .execute(),
  ])
  return [
    ...sections.flatMap((row) => sectionUses(row.key, readJson(row.content), url)),
    ...posts.flatMap((post) => [
      ...(post.cover_image === url ? [`post ${quoted(post.title)} (cover)`] : []),
      ...(post.content.includes(url) ? [`post ${quoted(post.title)} (in its text)`] : []),
    ]),
    ...pages.flatMap((page) => [
      ...(page.cover_image === url ? [`page ${quoted(page.title)} (cover)`] : []),
      ...(page.content.includes(url) ? [`page ${quoted(page.title)} (in its text)`] : []),
    ]),
    ...events.map((event) => `event ${quoted(event.title)}`),
    ...themes.map((theme) => `theme ${quoted(theme.name)}`),
  ]
}
