import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { db } from '#app/lib/db.server.ts'
import { staffContext } from '#app/services/staff-context.ts'
import { loader as blogsLoader } from '#app/routes/admin/blogs.tsx'
import { loader as contactLoader } from '#app/routes/admin/contact-messages.tsx'
import { loader as eventsLoader } from '#app/routes/admin/events.tsx'
import { loader as usersLoader } from '#app/routes/admin/users.tsx'
import { newId } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'
import { createSignedInUser } from '#tests/setup/users.ts'

const database = prepareTestDatabase()

/** Calls an admin list's loader as a signed-in admin at `path`. */
async function load<T>(loader: (args: never) => Promise<T>, path: string): Promise<T> {
  const context = new RouterContextProvider()
  context.set(staffContext, { userId: newId(), email: 'admin@example.org', displayName: 'Admin', role: 'admin', twoFactorEnabled: false })
  return loader({ request: new Request(`http://localhost${path}`), context, params: {} } as never)
}

const titles = (items: { title: string }[]) => items.map((item) => item.title).sort()

describe(`admin list search on ${database.engine}`, () => {
  test('posts by title: any case, anywhere in it; % and _ match only themselves; no q lists all', async () => {
    const post = (title: string) => ({ id: newId(), slug: `p-${newId()}`, title, content: '<p>x</p>', excerpt: null, cover_image: null, cover_decorative: false })
    await db.insertInto('blogs').values([post('Sports Day'), post('Sports day 100% fun'), post('Book_week'), post('Bookweek'), post('Concert')]).execute()
    expect(titles((await load(blogsLoader, '/admin/blogs?q=SPORTS')).posts)).toEqual(['Sports Day', 'Sports day 100% fun'])
    expect(titles((await load(blogsLoader, '/admin/blogs?q=100%25')).posts)).toEqual(['Sports day 100% fun'])
    expect(titles((await load(blogsLoader, '/admin/blogs?q=k_w')).posts)).toEqual(['Book_week'])
    expect(titles((await load(blogsLoader, '/admin/blogs?q=%25')).posts)).toEqual(['Sports day 100% fun'])
    expect(await load(blogsLoader, '/admin/blogs?q=%20%20nothing%20')).toMatchObject({ posts: [], search: 'nothing' })
    expect((await load(blogsLoader, '/admin/blogs')).posts).toHaveLength(5)
  })

  test('letters beyond A to Z match in any case: a name with an accent, Greek, Cyrillic', async () => {
    const post = (title: string) => ({ id: newId(), slug: `p-${newId()}`, title, content: '<p>x</p>', excerpt: null, cover_image: null, cover_decorative: false })
    await db.insertInto('blogs').values([post('Émile’s ÉTÉ concert'), post('Ωmega Week'), post('ДЕНЬ школы'), post('Emile at camp')]).execute()
    expect(titles((await load(blogsLoader, `/admin/blogs?q=${encodeURIComponent('émile')}`)).posts)).toEqual(['Émile’s ÉTÉ concert'])
    expect(titles((await load(blogsLoader, `/admin/blogs?q=${encodeURIComponent('ÉMILE')}`)).posts)).toEqual(['Émile’s ÉTÉ concert'])
    expect(titles((await load(blogsLoader, `/admin/blogs?q=${encodeURIComponent('été')}`)).posts)).toEqual(['Émile’s ÉTÉ concert'])
    expect(titles((await load(blogsLoader, `/admin/blogs?q=${encodeURIComponent('ωMEGA')}`)).posts)).toEqual(['Ωmega Week'])
    expect(titles((await load(blogsLoader, `/admin/blogs?q=${encodeURIComponent('день')}`)).posts)).toEqual(['ДЕНЬ школы'])
    // An accent is a letter of its own: 'emile' is not 'émile'.
    expect(titles((await load(blogsLoader, '/admin/blogs?q=emile')).posts)).toEqual(['Emile at camp'])
  })

  test('events by title', async () => {
    const event = (title: string) => ({ id: newId(), title, description: 'Bring a coat', start_date: new Date().toISOString(), end_date: null, image_url: null })
    await db.insertInto('events').values([event('Harvest Festival'), event('Winter fair')]).execute()
    expect(titles((await load(eventsLoader, '/admin/events?show=all&q=festival')).events)).toEqual(['Harvest Festival'])
    expect((await load(eventsLoader, '/admin/events?show=all&q=coat')).events).toEqual([])
  })

  test('contact messages by name, e-mail or message; the unread count stays the whole inbox', async () => {
    const message = (name: string, email: string, text: string) => ({ id: newId(), name, email, message: text, read: false })
    await db.insertInto('contact_messages').values([message('Ann Lee', 'ann@example.org', 'Hello'), message('Bob', 'bob@school.example', 'About the TRIP'), message('Cy', 'cy@example.org', 'Lunch')]).execute()
    const names = async (q: string) => (await load(contactLoader, `/admin/contact?q=${q}`)).messages.map((item) => item.name).sort()
    expect(await names('lee')).toEqual(['Ann Lee'])
    expect(await names('SCHOOL.example')).toEqual(['Bob'])
    expect(await names('trip')).toEqual(['Bob'])
    expect(await load(contactLoader, '/admin/contact?q=trip')).toMatchObject({ unread: 3, search: 'trip' })
  })

  test('users by name or e-mail', async () => {
    const someone = await createSignedInUser('editor')
    await db.updateTable('profiles').set({ full_name: 'Priya Okafor' }).where('id', '=', someone.userId).execute()
    const emails = async (q: string) => (await load(usersLoader, `/admin/users?q=${q}`)).users.map((user) => user.email)
    expect(await emails('okafor')).toEqual([someone.email])
    expect(await emails(encodeURIComponent(someone.email.toUpperCase()))).toEqual([someone.email])
    expect(await emails('no-such-person')).toEqual([])
  })
})
