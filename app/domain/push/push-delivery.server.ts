import webPush, { WebPushError } from 'web-push'
import { excerptOf } from '#app/domain/blog/blog.ts'
import { getBlogPost } from '#app/domain/blog/blog.server.ts'
import { PermanentDeliveryFailure, registerComposer, registerPushSender, type Composed, type OutboxMessage, type OutgoingPush } from '#app/domain/outbox/outbox.server.ts'
import { config } from '#app/lib/env.server.ts'
import { db } from '#app/lib/db.server.ts'
import { writeTransaction } from '#app/lib/transaction.server.ts'
import { readNullableTimestamp, readTimestamp } from '#db/portable.ts'
import { PUSH_KINDS } from './push-fanout.server.ts'
import { vapidKeys } from './push-keys.server.ts'
import { forgetEndpoint } from './push-subscriptions.server.ts'

const HOUR_S = 60 * 60
/** A news push is worth little after two days: a phone switched off longer never shows it. */
const NEWS_TTL_S = 48 * HOUR_S
/** An alert is kept for a phone that is off until it ends, at most a day (a week-long closure is on the site anyway). */
const ALERT_TTL_S = 24 * HOUR_S
/** Push services take about 4 KB of payload; titles and bodies are cut well before. */
const TITLE_LENGTH = 120
const BODY_LENGTH = 300
/** A push service that does not answer within this is tried again later. */
const SEND_TIMEOUT_MS = 15_000

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text)

/** What the service worker shows: { title, body, url }, the url a path of this site. */
export interface PushPayload {
  title: string
  body: string
  url: string
}

function payloadOf(payload: PushPayload): string {
  return JSON.stringify({ title: cut(payload.title, TITLE_LENGTH), body: cut(payload.body, BODY_LENGTH), url: payload.url })
}

async function subscriptionOf(message: OutboxMessage) {
  return db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth', 'news', 'alerts']).where('id', '=', message.recipient).executeTakeFirst()
}

type Built = { push: Omit<OutgoingPush, 'subscription'> } | Exclude<Composed, { send: unknown }>

/**
 * A queued push, composed from the data as it is at delivery: skipped when
 * the browser unsubscribed (or dropped the topic) or the subject is no longer
 * public, postponed while it is not public yet.
 */
function pushComposer(topic: 'news' | 'alerts', build: (subjectId: string, now: Date) => Promise<Built>) {
  return async (message: OutboxMessage): Promise<Composed> => {
    const subscription = await subscriptionOf(message)
    if (!subscription) return { skip: 'The browser turned notifications off.' }
    if (!subscription[topic]) return { skip: `The browser no longer wants ${topic} notifications.` }
    if (!message.subject_id) return { skip: 'The message names nothing to tell.' }
    const built = await build(message.subject_id, new Date())
    if (!('push' in built)) return built
    return { send: { channel: 'push', push: { ...built.push, subscription: { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } } } } }
  }
}

async function newsPush(postId: string, now: Date): Promise<Built> {
  const post = await getBlogPost(postId)
  if (!post || post.status !== 'published') return { skip: 'The post is no longer published.' }
  const publishedAt = new Date(post.publishedAt)
  // Its publish time moved later since it was queued.
  if (publishedAt > now) return { postponeUntil: publishedAt }
  return { push: { payload: payloadOf({ title: post.title, body: excerptOf(post), url: `/blogs/${post.slug}` }), ttl: NEWS_TTL_S, urgency: 'normal' } }
}

async function alertPush(alertId: string, now: Date): Promise<Built> {
  const alert = await db.selectFrom('alerts').select(['title', 'message', 'link', 'starts_at', 'ends_at']).where('id', '=', alertId).executeTakeFirst()
  if (!alert) return { skip: 'The alert was removed.' }
  const startsAt = new Date(readTimestamp(alert.starts_at))
  const endsAt = readNullableTimestamp(alert.ends_at)
  if (endsAt && new Date(endsAt) <= now) return { skip: 'The alert has ended.' }
  if (startsAt > now) return { postponeUntil: startsAt }
  const secondsLeft = endsAt ? Math.floor((Date.parse(endsAt) - now.getTime()) / 1000) : ALERT_TTL_S
  return {
    push: {
      payload: payloadOf({ title: alert.title, body: alert.message, url: alert.link ?? '/' }),
      ttl: Math.max(60, Math.min(ALERT_TTL_S, secondsLeft)),
      // Wakes a phone that is saving power: families must hear of a closure at once.
      urgency: 'high',
    },
  }
}

registerComposer(PUSH_KINDS.news, pushComposer('news', newsPush))
registerComposer(PUSH_KINDS.alerts, pushComposer('alerts', alertPush))

/** Status codes by which a push service says the subscription no longer exists. */
const GONE = new Set([404, 410])

/**
 * Encrypts the payload for the browser's keys (aes128gcm), signs the request
 * with our VAPID key, and posts it. The push service's answer decides what
 * follows: gone (404, 410) deletes the subscription and fails for good, any
 * other refusal (4xx but 429) fails for good, the rest is tried again.
 */
export async function sendPush(push: OutgoingPush): Promise<void> {
  const keys = vapidKeys()
  try {
    await webPush.sendNotification(push.subscription, push.payload, {
      vapidDetails: { subject: config.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: push.ttl,
      urgency: push.urgency ?? 'normal',
      contentEncoding: 'aes128gcm',
      timeout: SEND_TIMEOUT_MS,
    })
  } catch (error) {
    if (!(error instanceof WebPushError)) throw error
    const status = error.statusCode
    if (GONE.has(status)) {
      await writeTransaction((tx) => forgetEndpoint(tx, push.subscription.endpoint))
      throw new PermanentDeliveryFailure(`The push service says this browser's subscription is gone (${status}); it was removed.`, { cause: error })
    }
    if (status >= 400 && status < 500 && status !== 429) throw new PermanentDeliveryFailure(`The push service refused the push (${status}): ${error.body.slice(0, 200)}`, { cause: error })
    throw new Error(`The push service answered ${status}: ${error.body.slice(0, 200)}`, { cause: error })
  }
}

registerPushSender(sendPush)
