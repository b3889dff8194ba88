import { z } from 'zod'
import { CONTACT_MESSAGES } from '#app/domain/contact/contact.schema.ts'
import { checkedBox, rowId, UNKNOWN_ACTION } from '#app/lib/schema-helpers.ts'
import { NEWS_CHOICES, type NewsChoice } from '#db/tables/notifications.ts'
import { SUBSCRIPTION_LIMITS } from './subscription-limits.ts'

export { NEWS_CHOICES, SUBSCRIPTION_LIMITS, type NewsChoice }

/** At least 10 s between two subscriptions from one visitor, at most 5 in 10 minutes (docs/product-rules.md#subscriptions). */
export const SUBSCRIBE_SPACING_MS = 10_000
export const SUBSCRIBE_WINDOW = { max: 5, ms: 10 * 60_000 } as const

/** The texts a family sees (docs/product-rules.md#subscriptions). */
export const SUBSCRIPTION_MESSAGES = {
  checkInbox: 'Check your inbox: we sent a link to confirm.',
  invalidEmail: 'Enter a valid e-mail address, like name@example.org.',
  emailRequired: 'Enter your e-mail address.',
  emailTooLong: `The e-mail address must be less than ${SUBSCRIPTION_LIMITS.email} characters.`,
  nothingChosen: 'Choose at least one: news, events or alerts.',
  invalidChoice: 'Choose how often you want the news: never, at once or once a week.',
  invalidSubmission: CONTACT_MESSAGES.invalidSubmission,
  tooFast: CONTACT_MESSAGES.tooFast,
  tooSoon: CONTACT_MESSAGES.tooSoon,
  failed: 'Your subscription could not be saved. Please try again.',
  confirmed: 'Your subscription is confirmed. You can change your choices at any time with the link in every e-mail.',
  badLink: 'This link has expired or is no longer valid. Subscribe again to get a new one.',
  saved: 'Your choices are saved.',
  unsubscribed: 'You are unsubscribed: we will send you no more e-mails.',
  notSubscribed: 'This address is not subscribed (any more): we send it no e-mails.',
  deleted: 'Subscriber deleted',
  notFound: 'Subscriber not found',
} as const

const email = z
  .string({ error: SUBSCRIPTION_MESSAGES.emailRequired })
  .trim()
  .min(1, SUBSCRIPTION_MESSAGES.emailRequired)
  .max(SUBSCRIPTION_LIMITS.email, SUBSCRIPTION_MESSAGES.emailTooLong)
  .pipe(z.email(SUBSCRIPTION_MESSAGES.invalidEmail))
  // One address, one subscription, however it is typed.
  .transform((value) => value.toLowerCase())

const news = z.enum(NEWS_CHOICES, { error: SUBSCRIPTION_MESSAGES.invalidChoice }).default('off')

/** The choices a family makes: at least one topic. */
export const subscriptionChoicesSchema = z
  .object({ news, events: checkedBox, alerts: checkedBox })
  .refine((choices) => choices.news !== 'off' || choices.events || choices.alerts, { message: SUBSCRIPTION_MESSAGES.nothingChosen, path: ['topics'] })

/** The public form: the address, the choices, and the hidden spam trap. */
export const subscribeSchema = z
  .object({
    email,
    news,
    events: checkedBox,
    alerts: checkedBox,
    // The hidden spam trap: people never see it, bots fill it in.
    website: z.string().max(0, SUBSCRIPTION_MESSAGES.invalidSubmission).optional(),
  })
  .refine((choices) => choices.news !== 'off' || choices.events || choices.alerts, { message: SUBSCRIPTION_MESSAGES.nothingChosen, path: ['topics'] })

export type SubscribeInput = z.infer<typeof subscribeSchema>
export type SubscriptionChoices = z.infer<typeof subscriptionChoicesSchema>

/** What a family's choices say in words, for the pages and the admin list. */
export function describeChoices(choices: SubscriptionChoices): string {
  const topics = [
    choices.news === 'instant' ? 'news at once' : choices.news === 'weekly' ? 'weekly news digest' : null,
    choices.events ? 'events' : null,
    choices.alerts ? 'alerts' : null,
  ].filter((topic): topic is string => topic !== null)
  return topics.join(', ')
}

export type SubscribeField = 'email' | 'topics'
export type SubscribeFieldErrors = Partial<Record<SubscribeField, string>>

/** What the subscribe action answers; `values` lets a form posted without JavaScript refill itself. */
export type SubscribeResult =
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors: SubscribeFieldErrors; values: { email: string; news: string; events: boolean; alerts: boolean } }

/** A subscriber as the back office lists it. */
export interface Subscriber {
  id: string
  email: string
  news: NewsChoice
  events: boolean
  alerts: boolean
  createdAt: string
  confirmedAt: string | null
  updatedAt: string
}

/** The back office's one change: deleting a subscriber. */
export const subscriberActionSchema = z.object({ intent: z.literal('delete', { error: UNKNOWN_ACTION }), id: rowId })
