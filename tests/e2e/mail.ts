import fs from 'node:fs'
import path from 'node:path'
import { expect } from './fixtures.ts'
import { linksInMessage } from './peers/mime.ts'
import { MAIL_PEER_DIR } from './sites.ts'

export type ReceivedMail = { to: string[]; from: string; subject: string; links: string[]; raw: string }

/** Every message the SMTP peer has received for the address. */
export function mailsTo(address: string): ReceivedMail[] {
  if (!fs.existsSync(MAIL_PEER_DIR)) return []
  return fs
    .readdirSync(MAIL_PEER_DIR)
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(MAIL_PEER_DIR, file), 'utf8')) as ReceivedMail)
    .filter((mail) => mail.to.includes(address))
}

/** Waits for the SMTP peer to receive a mail for the address whose subject matches, and returns it. */
export async function waitForMail(address: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined
  await expect
    .poll(() => {
      found = mailsTo(address).find((mail) => subject.test(mail.subject))
      return found !== undefined
    }, { message: `a mail to ${address} with subject ${subject}`, timeout: 10_000 })
    .toBe(true)
  return found!
}

/** The mail's one link into the site (the button and the written-out address are the same link). */
export function linkIn(mail: ReceivedMail, siteUrl: string) {
  const links = mail.links.filter((link) => link.startsWith(siteUrl))
  expect(links).toHaveLength(1)
  return links[0]!
}

/** A site without SMTP_URL writes each mail to DATA_DIR/mail as an .eml file: the link in the newest one to the address. */
export async function waitForOutboxLink(dataDir: string, address: string, siteUrl: string): Promise<string> {
  const outbox = path.join(dataDir, 'mail')
  let link: string | undefined
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : []
      const raw = files.map((file) => fs.readFileSync(path.join(outbox, file), 'utf8')).find((message) => message.includes(`To: ${address}`))
      link = raw ? linksInMessage(raw).find((candidate) => candidate.startsWith(siteUrl)) : undefined
      return link !== undefined
    }, { message: `a mail to ${address} in ${outbox}`, timeout: 10_000 })
    .toBe(true)
  return link!
}
