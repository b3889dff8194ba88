import { z } from 'zod'
import { PUSH_MESSAGES, PUSH_TOPICS } from './push-topics.ts'

export { PUSH_MESSAGES, PUSH_TOPICS, type PushTopic } from './push-topics.ts'

/**
 * The push services of the browsers in use: Chrome, Edge's Chromium
 * siblings, Samsung Internet and Opera (Google), Firefox (Mozilla), Safari
 * (Apple), Edge on Windows (Microsoft). The server posts to a subscription's
 * endpoint, so an endpoint anywhere else would let a visitor make the server
 * call an address of their choosing: hosts are matched exactly, and only
 * Microsoft's, which differ by region (wns2-db5p...), by a one-label pattern.
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'] as const
const REGIONAL_PUSH_SERVICE_HOST = /^[a-z0-9-]+\.notify\.windows\.com$/

/** Longest endpoint accepted: the services' own are under 600 characters. */
export const MAX_ENDPOINT_LENGTH = 1024

function isPushServiceUrl(value: string): boolean {
  try {
    const url = new URL(value)
    const host = url.hostname.toLowerCase()
    return url.protocol === 'https:' && url.port === '' && !url.username && !url.password && ((PUSH_SERVICE_HOSTS as readonly string[]).includes(host) || REGIONAL_PUSH_SERVICE_HOST.test(host))
  } catch {
    return false
  }
}

/** Base64url of exactly `bytes` bytes (browsers leave out the padding; some add it). */
function base64urlOf(bytes: number) {
  const length = Math.ceil((bytes * 4) / 3)
  return z
    .string({ error: PUSH_MESSAGES.keys })
    .transform((value) => value.replace(/=+$/, ''))
    .refine((value) => value.length === length && /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes, PUSH_MESSAGES.keys)
}

export const pushEndpointSchema = z.string({ error: PUSH_MESSAGES.endpoint }).max(MAX_ENDPOINT_LENGTH, PUSH_MESSAGES.endpoint).refine(isPushServiceUrl, PUSH_MESSAGES.endpoint)

/** A PushSubscription as its toJSON() gives it, with the topics chosen beside the button. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes, the first 0x04.
      p256dh: base64urlOf(65).refine((value) => Buffer.from(value, 'base64url')[0] === 4, PUSH_MESSAGES.keys),
      auth: base64urlOf(16),
    },
    { error: PUSH_MESSAGES.keys },
  ),
  topics: z
    .array(z.enum(PUSH_TOPICS, { error: PUSH_MESSAGES.topics }), { error: PUSH_MESSAGES.topics })
    .max(PUSH_TOPICS.length, PUSH_MESSAGES.topics)
    .refine((topics) => topics.length > 0, PUSH_MESSAGES.topics),
})
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema })
