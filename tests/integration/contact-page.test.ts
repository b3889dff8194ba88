import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { CONTACT_MESSAGES } from '#app/domain/contact/contact.schema.ts'
import { issueContactFormToken } from '#app/domain/contact/contact.server.ts'
import { CONTACT_PLACEHOLDERS } from '#app/domain/section/site-shell.server.ts'
import { db } from '#app/lib/db.server.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import { action, loader } from '#app/routes/site/contact.tsx'
import { action as homeAction } from '#app/routes/site/home.tsx'
import { newId, writeJson } from '#db/portable.ts'
import { prepareTestDatabase } from '#tests/setup/database-lifecycle.ts'

const database = prepareTestDatabase()

type ActionArgs = Parameters<typeof action>[0]

let visitorCount = 0
/** Each post is its own visitor, so the 30 s rule of one never touches another. */
function newVisitor() {
  visitorCount += 1
  return `198.51.100.${visitorCount}`
}

/** A token from a form rendered 10 s ago: past the 3 s minimum. */
const renderedEarlier = () => issueContactFormToken(new Date(Date.now() - 10_000))

function form(overrides: Record<string, string> = {}) {
  return { name: 'Ada Parent', email: 'ada@example.org', message: 'When is the open day?', website: '', formToken: renderedEarlier(), ...overrides }
}

/** Posts the contact form to a route's action as a visitor; the status and body of the answer. */
async function post(routeAction: (args: ActionArgs) => Promise<unknown>, fields: Record<string, string>, visitor = newVisitor(), path = '/contact') {
  const context = new RouterContextProvider()
  context.set(clientAddressContext, visitor)
  const request = new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams(fields) })
  const answer = await routeAction({ request, context, params: {} } as unknown as ActionArgs)
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) {
    return { status: (answer.init as ResponseInit | null)?.status ?? 200, body: answer.data }
  }
  return { status: 200, body: answer }
}

/** The home page's action, called like the contact page's (both take only the request and the visitor's address). */
function asContactAction(routeAction: typeof homeAction) {
  return (args: ActionArgs) => routeAction(args as unknown as Parameters<typeof homeAction>[0])
}

const storedMessages = () => db.selectFrom('contact_messages').select(['name', 'email', 'message']).orderBy('created_at').execute()

describe(`the /contact page on ${database.engine}`, () => {
  test('shows the placeholders until the contact section exists, then the school’s details, with a form token', async () => {
    const before = await loader({ context: new RouterContextProvider() } as unknown as Parameters<typeof loader>[0])
    expect(before.contact).toEqual(CONTACT_PLACEHOLDERS)
    expect(before.formToken).toMatch(/^\d+\.[\w-]{22}\.[\w-]+$/)
    const contact = { schoolName: 'Hill School', phone: '+44 1234 567890', email: 'office@hill.example', address: '1 Hill Road' }
    await db.insertInto('sections').values({ id: newId(), key: 'home.contact', content: writeJson(contact), updated_at: new Date().toISOString() }).execute()
    expect((await loader({ context: new RouterContextProvider() } as unknown as Parameters<typeof loader>[0])).contact).toEqual(contact)
  })

  test('a message sent from /contact is stored, as from the home page', async () => {
    expect(await post(action, form({ message: 'Sent from the contact page.' }))).toEqual({ status: 200, body: { ok: true } })
    expect(await post(asContactAction(homeAction), form({ message: 'Sent from the home page.' }), newVisitor(), '/?index')).toEqual({ status: 200, body: { ok: true } })
    expect((await storedMessages()).map((row) => row.message)).toEqual(['Sent from the contact page.', 'Sent from the home page.'])
  })

  test('the same refusals as the home page, each storing nothing', async () => {
    const before = (await storedMessages()).length
    const values = { name: 'Ada Parent', email: 'ada@example.org', message: 'When is the open day?' }
    expect(await post(action, form({ website: 'https://spam.example' }))).toEqual({
      status: 400,
      body: { ok: false, error: CONTACT_MESSAGES.invalidSubmission, fieldErrors: {}, values },
    })
    expect(await post(action, form({ formToken: issueContactFormToken() }))).toEqual({
      status: 400,
      body: { ok: false, error: CONTACT_MESSAGES.tooFast, fieldErrors: {}, values },
    })
    expect(await post(action, form({ email: 'not-an-address', name: ' ' }))).toMatchObject({
      status: 400,
      body: { ok: false, error: 'Name is required', fieldErrors: { name: 'Name is required', email: 'Invalid email address' } },
    })
    // One token carries one message, whichever page the form is on.
    const token = renderedEarlier()
    expect(await post(asContactAction(homeAction), form({ formToken: token }), newVisitor(), '/?index')).toMatchObject({ status: 200 })
    expect(await post(action, form({ formToken: token }))).toMatchObject({ status: 400, body: { error: CONTACT_MESSAGES.invalidSubmission } })
    // A visitor who just sent a message waits 30 s.
    const visitor = newVisitor()
    expect(await post(action, form(), visitor)).toMatchObject({ status: 200 })
    expect(await post(action, form(), visitor)).toMatchObject({ status: 429, body: { error: CONTACT_MESSAGES.tooSoon } })
    expect((await storedMessages()).length).toBe(before + 2)
  })

  test('a body that is not a form is refused as an invalid submission', async () => {
    const context = new RouterContextProvider()
    context.set(clientAddressContext, newVisitor())
    const request = new Request('http://localhost/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' })
    const answer = (await action({ request, context, params: {} } as unknown as ActionArgs)) as { data: unknown; init: ResponseInit | null }
    expect(answer.init?.status).toBe(400)
    expect(answer.data).toMatchObject({ ok: false, error: CONTACT_MESSAGES.invalidSubmission })
  })
})
