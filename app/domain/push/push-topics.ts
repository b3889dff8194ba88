// The push topics and texts apart from the zod schemas, so that the public 'Get notified' button shows
// them without loading zod (docs/product-rules.md#performance-budget).

/** What a browser may ask to be pushed about (docs/product-rules.md#push-notifications). */
export const PUSH_TOPICS = ['alerts', 'news'] as const
export type PushTopic = (typeof PUSH_TOPICS)[number]

export const PUSH_MESSAGES = {
  invalid: 'This browser sent a push subscription the site cannot use.',
  endpoint: 'The push subscription must be an https address of a known push service.',
  keys: 'The push subscription keys are not valid.',
  topics: 'Choose at least one: alerts or news.',
  tooMany: 'Too many notification requests from your network. Please try again in a few minutes.',
  notJson: 'Send the push subscription as JSON.',
  tooLarge: 'The push subscription is too large.',
} as const
