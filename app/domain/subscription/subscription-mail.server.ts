import { coverAltOf, excerptOf } from '#app/domain/blog/blog.ts'
import { toBlogPost } from '#app/domain/blog/blog.server.ts'
import { calendarEventPath } from '#app/domain/event/event.ts'
import { registerComposer, registerPeriodicTask, type Composed, type OutboxMessage } from '#app/domain/outbox/outbox.server.ts'
import { getSchoolName } from '#app/domain/section/site-shell.server.ts'
import { db } from '#app/lib/db.server.ts'
import { config } from '#app/lib/env.server.ts'
import { formatEventWhen } from '#app/lib/format.ts'
import { renderNoticeMail, type NoticeMail } from '#app/lib/mail/messages.ts'
import { siteTimeZone } from '#app/lib/site-time-zone.server.ts'
import { readJson, readTimestamp } from '#db/portable.ts'
import { describeChoices, SUBSCRIPTION_LIMITS, type Subscriber } from './subscription.schema.ts'
import { removeExpiredSubscriptions, SUBSCRIPTION_MAIL_KINDS, subscriberLinks, subscriberLinkToken, toSubscriber } from './subscription.server.ts'
import { digestPosts, queueWeeklyDigests } from './weekly-digest.server.ts'

/**
 * The mails to subscribers, built at delivery from the data as it is then
 * (docs/product-rules.md#subscriptions): a subscriber who unsubscribed, is
 * not confirmed or no longer wants the topic gets nothing, nor does anyone
 * for a post or event that is no longer public.
 */

type SubscriberRow = Subscriber & { token: string }

function absoluteUrl(url: string) {
  return url.startsWith('/') ? `${config.publicUrl}${url}` : url
}

function subscriberIdOf(message: OutboxMessage): string | null {
  if (message.subject_table === 'subscribers') return message.subject_id
  const data = message.data ? readJson(message.data) : null
  return typeof data?.subscriberId === 'string' ? data.subscriberId : null
}

/** The subscriber the message is for, as they are now, or why not to send. */
async function recipientOf(message: OutboxMessage, wants: (subscriber: Subscriber) => boolean): Promise<SubscriberRow | { skip: string }> {
  const id = subscriberIdOf(message)
  const row = id ? await db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst() : undefined
  if (!row || row.email !== message.recipient) return { skip: 'The subscriber unsubscribed.' }
  const subscriber = toSubscriber(row)
  if (!wants(subscriber)) return { skip: 'The subscriber no longer wants this.' }
  return { ...subscriber, token: subscriberLinkToken(row.id) }
}

const confirmed = (wants: (subscriber: Subscriber) => boolean) => (subscriber: Subscriber) => subscriber.confirmedAt !== null && wants(subscriber)

/**
 * Every mail to a subscriber ends with the links to change the choices and to
 * unsubscribe, and carries the one-click unsubscribe headers mail programs
 * show as their own button.
 */
function subscriberMail(subscriber: SubscriberRow, site: string, mail: Omit<NoticeMail, 'to' | 'footer'>, reason: string): Composed {
  const links = subscriberLinks(subscriber.token)
  const rendered = renderNoticeMail({
    ...mail,
    to: subscriber.email,
    footer: {
      text: `${reason} ${site}, ${config.publicUrl}`,
      links: [
        ...(subscriber.confirmedAt ? [{ label: 'Change my choices', url: links.manage }] : []),
        { label: 'Unsubscribe', url: links.unsubscribe },
      ],
    },
  })
  return {
    send: {
      channel: 'mail',
      mail: { ...rendered, headers: { 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
    },
  }
}

const SUBSCRIBED_BECAUSE = 'You get this e-mail because you subscribed to e-mails from'

async function composeConfirm(message: OutboxMessage): Promise<Composed> {
  const subscriber = await recipientOf(message, (candidate) => candidate.confirmedAt === null)
  if ('skip' in subscriber) return subscriber
  const site = await getSchoolName()
  return subscriberMail(
    subscriber,
    site,
    {
      subject: `Confirm your subscription to ${site}`,
      heading: 'Confirm your subscription',
      paragraphs: [
        `Someone, hopefully you, asked to receive e-mails from ${site} at this address: ${describeChoices(subscriber)}.`,
        `Nothing is sent until you confirm. The link works for ${SUBSCRIPTION_LIMITS.pendingDays} days.`,
        'If you did not ask for this, ignore this e-mail: the address is then forgotten.',
      ],
      action: { label: 'Confirm my subscription', url: subscriberLinks(subscriber.token).confirm },
    },
    'Someone entered this address in the subscription form of',
  )
}

async function composeManage(message: OutboxMessage): Promise<Composed> {
  const subscriber = await recipientOf(message, (candidate) => candidate.confirmedAt !== null)
  if ('skip' in subscriber) return subscriber
  const site = await getSchoolName()
  return subscriberMail(
    subscriber,
    site,
    {
      subject: `Your subscription to ${site}`,
      heading: 'You are already subscribed',
      paragraphs: [
        `Someone, hopefully you, entered this address in the subscription form of ${site}. It is already subscribed: ${describeChoices(subscriber)}.`,
        'To change what you receive, or to unsubscribe, follow the link.',
      ],
      action: { label: 'Change my choices', url: subscriberLinks(subscriber.token).manage },
    },
    SUBSCRIBED_BECAUSE,
  )
}

async function composePost(message: OutboxMessage): Promise<Composed> {
  const row = message.subject_id ? await db.selectFrom('blogs').selectAll().where('id', '=', message.subject_id).executeTakeFirst() : undefined
  if (!row || row.status !== 'published') return { skip: 'The post is no longer published.' }
  const post = toBlogPost(row)
  const publishedAt = new Date(readTimestamp(row.published_at))
  if (publishedAt.getTime() > Date.now()) return { postponeUntil: publishedAt }
  const subscriber = await recipientOf(message, confirmed((candidate) => candidate.news === 'instant'))
  if ('skip' in subscriber) return subscriber
  const site = await getSchoolName()
  return subscriberMail(
    subscriber,
    site,
    {
      subject: post.title,
      kicker: `News from ${site}`,
      heading: post.title,
      image: post.coverImage && !post.coverDecorative ? { url: absoluteUrl(post.coverImage), alt: coverAltOf(post) } : undefined,
      paragraphs: [excerptOf(post)],
      action: { label: 'Read more', url: `${config.publicUrl}/blogs/${post.slug}` },
    },
    SUBSCRIBED_BECAUSE,
  )
}

async function composeEvent(message: OutboxMessage): Promise<Composed> {
  const event = message.subject_id ? await db.selectFrom('events').selectAll().where('id', '=', message.subject_id).executeTakeFirst() : undefined
  if (!event || event.status !== 'published') return { skip: 'The event is no longer published.' }
  const start = readTimestamp(event.start_date)
  const end = event.end_date ? readTimestamp(event.end_date) : null
  if (Date.parse(end ?? start) < Date.now()) return { skip: 'The event is over.' }
  const subscriber = await recipientOf(message, confirmed((candidate) => candidate.events))
  if ('skip' in subscriber) return subscriber
  const site = await getSchoolName()
  const when = formatEventWhen(start, end, await siteTimeZone())
  return subscriberMail(
    subscriber,
    site,
    {
      subject: `${event.title}, ${when}`,
      kicker: `New in the calendar of ${site}`,
      heading: event.title,
      paragraphs: [when, ...(event.description?.trim() ? [event.description.trim()] : [])],
      action: { label: 'See it in the calendar', url: `${config.publicUrl}${calendarEventPath(event.id)}` },
    },
    SUBSCRIBED_BECAUSE,
  )
}

const ALERT_KICKER = { info: 'Notice from', important: 'Important notice from', emergency: 'Emergency alert from' } as const

async function composeAlert(message: OutboxMessage): Promise<Composed> {
  const alert = message.subject_id ? await db.selectFrom('alerts').selectAll().where('id', '=', message.subject_id).executeTakeFirst() : undefined
  if (!alert) return { skip: 'The alert was removed.' }
  if (alert.ends_at && Date.parse(readTimestamp(alert.ends_at)) <= Date.now()) return { skip: 'The alert is over.' }
  const startsAt = new Date(readTimestamp(alert.starts_at))
  if (startsAt.getTime() > Date.now()) return { postponeUntil: startsAt }
  const subscriber = await recipientOf(message, confirmed((candidate) => candidate.alerts))
  if ('skip' in subscriber) return subscriber
  const site = await getSchoolName()
  return subscriberMail(
    subscriber,
    site,
    {
      subject: alert.level === 'emergency' ? `Emergency: ${alert.title}` : alert.title,
      kicker: `${ALERT_KICKER[alert.level]} ${site}`,
      heading: alert.title,
      paragraphs: alert.message.trim() ? [alert.message.trim()] : [],
      action: alert.link ? { label: 'More information', url: absoluteUrl(alert.link) } : undefined,
    },
    SUBSCRIBED_BECAUSE,
  )
}

async function composeDigest(message: OutboxMessage): Promise<Composed> {
  const data = message.data ? readJson(message.data) : {}
  if (typeof data.from !== 'string' || typeof data.to !== 'string') return { skip: 'The digest has no week.' }
  const subscriber = await recipientOf(message, confirmed((candidate) => candidate.news === 'weekly'))
  if ('skip' in subscriber) return subscriber
  const posts = await digestPosts({ from: new Date(data.from), to: new Date(data.to) }, new Date())
  if (posts.length === 0) return { skip: 'No post of the week is still public.' }
  const site = await getSchoolName()
  return subscriberMail(
    subscriber,
    site,
    {
      subject: `This week at ${site}`,
      kicker: `Weekly news from ${site}`,
      heading: 'This week’s news',
      paragraphs: [posts.length === 1 ? 'One new post this week:' : `${posts.length} new posts this week:`],
      items: posts.map((post) => ({ title: post.title, text: excerptOf(post), url: `${config.publicUrl}/blogs/${post.slug}` })),
    },
    SUBSCRIBED_BECAUSE,
  )
}

registerComposer(SUBSCRIPTION_MAIL_KINDS.confirm, composeConfirm)
registerComposer(SUBSCRIPTION_MAIL_KINDS.manage, composeManage)
registerComposer(SUBSCRIPTION_MAIL_KINDS.post, composePost)
registerComposer(SUBSCRIPTION_MAIL_KINDS.event, composeEvent)
registerComposer(SUBSCRIPTION_MAIL_KINDS.alert, composeAlert)
registerComposer(SUBSCRIPTION_MAIL_KINDS.digest, composeDigest)
registerPeriodicTask(async (now) => void (await queueWeeklyDigests(now)))
registerPeriodicTask(async (now) => void (await removeExpiredSubscriptions(now)))
