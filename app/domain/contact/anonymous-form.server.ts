import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { RouterContextProvider } from 'react-router'
import { clientAddressGroup } from '#app/lib/client-address-group.ts'
import { DomainError } from '#app/lib/errors/domain-error.ts'
import { sharedRenderContext } from '#app/lib/request-context.ts'
import { isSiteSignature, signForSite } from '#app/lib/site-signature.server.ts'
import type { WriteTransaction } from '#app/lib/transaction.server.ts'
import { CONTACT_MIN_FILL_MS } from './contact.schema.ts'
import { FORM_TOKEN_COOKIE, TOKEN_IN_COOKIE } from './form-token.ts'

/**
 * What keeps an anonymous form (the contact form, the subscription form) from
 * being a free resource for scripts: a signed render time with a minimum fill
 * time, tokens good for one post, and a per-visitor spacing and window kept in
 * `contact_throttle` (docs/product-rules.md#contact-form). Each form names its
 * own purpose, so its tokens and counts are its own.
 */

const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000
/** Spacing records older than this are pruned; no form's window may be longer. */
const LONGEST_WINDOW_MS = 10 * 60_000

/** Each anonymous route counts its visitors apart; push has no form token, only the count. */
export type AnonymousFormPurpose = 'contact' | 'subscribe' | 'push'

export interface AnonymousFormLimits {
  /** Time between two accepted posts from one visitor. */
  spacingMs: number
  /** At most `max` accepted posts per visitor in `ms` (at most 10 minutes). */
  window: { max: number; ms: number }
}

/** The contact form's names predate the other forms: its tokens and visitor keys stay as they were. */
const tokenPurpose = (purpose: AnonymousFormPurpose) => `${purpose}-form`
const visitorPurpose = (purpose: AnonymousFormPurpose) => `${purpose}-visitor`

/**
 * The hidden field that proves when the server rendered the form: its render
 * time, a random id that makes each rendering's token its own (a token is
 * good for one post), and an HMAC of both, so a client cannot pretend it waited.
 */
export function issueFormToken(purpose: AnonymousFormPurpose, now = new Date()): string {
  return signedToken(tokenPurpose(purpose), now)
}

function signedToken(purpose: string, now: Date) {
  const payload = `${now.getTime()}.${randomBytes(16).toString('base64url')}`
  return `${payload}.${signForSite(purpose, payload)}`
}

/** The cookie's token is good for either form, like a token the page carried in each of them. */
const PAGE_TOKEN_PURPOSE = 'page-form'

/** The hidden field's value for a form rendered by a loader: a token of its own, or the cookie's word on a page rendered for the cache. */
export function renderedFormToken(context: Readonly<RouterContextProvider>, purpose: AnonymousFormPurpose): string {
  return context.get(sharedRenderContext) ? TOKEN_IN_COOKIE : issueFormToken(purpose)
}

/** The Set-Cookie value sent with a cached page that holds a form: the moment it was sent is the form's render time. */
export function issuePageFormCookie(secure: boolean, now = new Date()): string {
  return `${FORM_TOKEN_COOKIE}=${signedToken(PAGE_TOKEN_PURPOSE, now)}; Max-Age=${TOKEN_LIFETIME_MS / 1000}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** The token a post carries: its hidden field's, or for a form from a cached page the cookie's. */
export function postedFormToken(fieldValue: string | undefined, cookieHeader: string | null): string | undefined {
  if (fieldValue !== TOKEN_IN_COOKIE) return fieldValue
  const match = new RegExp(`(?:^|;\\s*)${FORM_TOKEN_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')
  return match?.[1]
}

export interface FormToken {
  /** The random id, recorded once the token has carried a post. */
  id: string
  /** When the token stops being accepted: 24 h after the render. */
  expiresAt: Date
}

/** The token's id and expiry when it is ours and the form was rendered between 3 s and 24 h ago; otherwise null. */
export function readFormToken(purpose: AnonymousFormPurpose, token: unknown, now: Date): FormToken | null {
  if (typeof token !== 'string') return null
  const [renderedAt = '', id = '', signature = '', ...rest] = token.split('.')
  if (rest.length > 0 || !/^\d+$/.test(renderedAt) || !/^[\w-]{22}$/.test(id)) return null
  const signedFor = (signer: string) => isSiteSignature(signer, `${renderedAt}.${id}`, signature)
  if (!signedFor(tokenPurpose(purpose)) && !signedFor(PAGE_TOKEN_PURPOSE)) return null
  const age = now.getTime() - Number(renderedAt)
  if (age < CONTACT_MIN_FILL_MS || age > TOKEN_LIFETIME_MS) return null
  return { id, expiresAt: new Date(Number(renderedAt) + TOKEN_LIFETIME_MS) }
}

/** Visitors are remembered by a keyed hash of their address group (an IPv6 visitor by the /64), never the address itself. */
function visitorKey(purpose: AnonymousFormPurpose, clientAddress: string) {
  return signForSite(visitorPurpose(purpose), clientAddressGroup(clientAddress))
}

/**
 * Deletes what no longer counts: spacing records whose last post is older
 * than the longest window (an absent record means the same), and used
 * tokens past their expiry (refused by age anyway). Both by an indexed time.
 */
async function pruneAnonymousFormRecords(tx: WriteTransaction, now: Date) {
  const windowEndedBefore = new Date(now.getTime() - LONGEST_WINDOW_MS).toISOString()
  await tx.db.deleteFrom('contact_throttle').where('last_submitted_at', '<=', windowEndedBefore).execute()
  await tx.db.deleteFrom('contact_used_tokens').where('expires_at', '<', now.toISOString()).execute()
}

export interface AnonymousPost {
  purpose: AnonymousFormPurpose
  token: FormToken
  clientAddress: string
  now: Date
  limits: AnonymousFormLimits
  messages: { reusedToken: string; tooSoon: string }
}

/**
 * Inside the write that stores the post: records the token's use and claims
 * the visitor's slot, or throws (a reused token is `invalid`, too many posts
 * `rate_limited`). A refusal rolls the write back, which also takes back the
 * token's use.
 */
export async function admitAnonymousPost(tx: WriteTransaction, post: AnonymousPost): Promise<void> {
  const { now, limits } = post
  // The token's row is the proof of its use: of two requests with one token, the
  // second waits for the first's commit and then finds the row (a unique key).
  const use = await tx.db
    .insertInto('contact_used_tokens')
    .values({ token: post.token.id, expires_at: post.token.expiresAt.toISOString() })
    .onConflict((oc) => oc.column('token').doNothing())
    .executeTakeFirst()
  if (Number(use.numInsertedOrUpdatedRows ?? 0) === 0) throw DomainError.invalid(post.messages.reusedToken)
  await claimVisitorSlot(tx, { purpose: post.purpose, clientAddress: post.clientAddress, now, limits, tooSoon: post.messages.tooSoon })
}

export interface VisitorSlot {
  purpose: AnonymousFormPurpose
  clientAddress: string
  now: Date
  limits: AnonymousFormLimits
  tooSoon: string
  retryAfterSeconds?: number
}

/**
 * Counts one accepted request of the visitor (a keyed hash of its address
 * group) against the spacing and the window, inside the write it guards, or
 * throws `rate_limited`. The conditional upsert keeps two simultaneous
 * requests (or instances) from both passing.
 */
export async function claimVisitorSlot(tx: WriteTransaction, slot: VisitorSlot): Promise<void> {
  const { now, limits } = slot
  if (limits.window.ms > LONGEST_WINDOW_MS) throw new Error('an anonymous form window longer than the pruning keeps')
  await pruneAnonymousFormRecords(tx, now)
  const visitor = visitorKey(slot.purpose, slot.clientAddress)
  const submittedAt = now.toISOString()
  const spacingEndedBefore = new Date(now.getTime() - limits.spacingMs).toISOString()
  const windowEndedBefore = new Date(now.getTime() - limits.window.ms).toISOString()
  const windowOver = sql<boolean>`contact_throttle.window_started_at is null or contact_throttle.window_started_at <= ${windowEndedBefore}`
  const claim = await tx.db
    .insertInto('contact_throttle')
    .values({ visitor, last_submitted_at: submittedAt, window_started_at: submittedAt, window_count: 1 })
    .onConflict((oc) =>
      oc
        .column('visitor')
        .doUpdateSet({
          last_submitted_at: submittedAt,
          window_started_at: sql`case when ${windowOver} then ${submittedAt} else contact_throttle.window_started_at end`,
          window_count: sql`case when ${windowOver} then 1 else contact_throttle.window_count + 1 end`,
        })
        .where((eb) =>
          eb.and([
            eb('contact_throttle.last_submitted_at', '<=', spacingEndedBefore),
            eb.or([windowOver, eb('contact_throttle.window_count', '<', limits.window.max)]),
          ]),
        ),
    )
    .executeTakeFirst()
  if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) throw DomainError.rateLimited(slot.tooSoon, slot.retryAfterSeconds)
}
