import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { signIn, startApp, type AppProcess } from '#tests/setup/app-process.ts'
import { createTestDatabase } from '#tests/setup/postgres-global.ts'
import { startSmtpPeer, type AcceptedMail, type SmtpPeer } from '#tests/setup/smtp-peer.ts'
import { linksInMessage } from '#tests/e2e/peers/mime.ts'
import { pageFormToken } from '#tests/setup/form-token.ts'

/*
 * A family subscribes, confirms, gets a post by mail exactly once from two
 * instances sharing one PostgreSQL, unsubscribes in one click as a mail
 * provider would (RFC 8058: a POST from elsewhere, no cookies), and gets
 * nothing more.
 */
const ADMIN = { ADMIN_EMAIL: 'head@school.test', ADMIN_PASSWORD: 'head-teacher-password' }
const FAMILY = 'family@example.org'

let a: AppProcess
let b: AppProcess
let peer: SmtpPeer
let cookie: string

beforeAll(async () => {
  peer = await startSmtpPeer()
  const env = { ...ADMIN, DATABASE_URL: await createTestDatabase(inject('postgresAdminUrl')), AUTH_SECRET: 'shared-secret-of-all-instances-0123456789', SMTP_URL: peer.url, MAIL_RATE_PER_MINUTE: '100000' }
  ;[a, b] = await Promise.all([startApp(env), startApp(env)])
  cookie = (await signIn(a, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).cookie
})

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((app) => app.stop()))
  await peer?.close()
})

function mailsTo(address: string, subject: RegExp): AcceptedMail[] {
  return peer.accepted.filter((mail) => mail.to.includes(address) && subject.test(mail.subject))
}

async function waitForMail(address: string, subject: RegExp, timeoutMs = 20_000): Promise<AcceptedMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = mailsTo(address, subject)[0]
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no mail to ${address} with subject ${subject}; got ${JSON.stringify(peer.accepted.map((mail) => [mail.to, mail.subject]))}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** A header of the raw message, with folded lines joined. */
function headerOf(raw: string, name: string) {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim()
}

async function publishPost(app: AppProcess, title: string) {
  const form = new FormData()
  for (const [name, value] of Object.entries({ intent: 'create', title, slug: title.toLowerCase().replace(/\W+/g, '-'), content: `<p>${title} in the hall.</p>`, excerpt: `${title} in the hall.` })) form.append(name, value)
  const response = await fetch(`${app.url}/admin/blogs`, { method: 'POST', body: form, headers: { cookie, origin: app.url } })
  expect(response.status).toBe(200)
}

test('subscribe, confirm, one mail per post from two instances, one-click unsubscribe, nothing after', async () => {
  const formToken = await pageFormToken(`${a.url}/subscribe`)
  await new Promise((resolve) => setTimeout(resolve, 3_100))
  const subscribed = await fetch(`${a.url}/subscribe`, {
    method: 'POST',
    body: new URLSearchParams({ email: FAMILY, news: 'instant', alerts: 'on', website: '', formToken }),
    headers: { origin: a.url },
  })
  expect(subscribed.status).toBe(200)
  expect(await subscribed.text()).toContain('Check your inbox: we sent a link to confirm.')

  const confirmation = await waitForMail(FAMILY, /Confirm your subscription/)
  const confirmLink = linksInMessage(confirmation.raw).find((link) => link.includes('/subscribe/confirm/'))!
  // Opening the link confirms nothing (mail scanners open links); its button does.
  expect(await (await fetch(confirmLink)).text()).toContain('Confirm my subscription')
  const confirmed = await fetch(confirmLink, { method: 'POST', body: new URLSearchParams(), headers: { origin: new URL(confirmLink).origin } })
  expect(confirmed.status).toBe(200)
  expect(await confirmed.text()).toContain('Your subscription is confirmed.')

  await publishPost(a, 'Harvest Fair')
  const post = await waitForMail(FAMILY, /Harvest Fair/)
  // Both instances' workers ran meanwhile: the mail went out once.
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  expect(mailsTo(FAMILY, /Harvest Fair/)).toHaveLength(1)
  expect(headerOf(post.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
  const unsubscribeUrl = /^<(.+)>$/.exec(headerOf(post.raw, 'List-Unsubscribe') ?? '')?.[1]
  expect(unsubscribeUrl).toMatch(/\/unsubscribe\/[\w-]+\.[\w-]{43}$/)
  expect(linksInMessage(post.raw)).toContain(unsubscribeUrl)

  // The provider's POST: from its own servers, another origin, no cookies.
  const oneClick = await fetch(unsubscribeUrl!, {
    method: 'POST',
    body: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.provider.example' },
  })
  expect(oneClick.status).toBe(200)
  expect(await oneClick.text()).toContain('You are unsubscribed')

  await publishPost(b, 'Winter Concert')
  await new Promise((resolve) => setTimeout(resolve, 5_000))
  expect(mailsTo(FAMILY, /Winter Concert/)).toEqual([])
})
