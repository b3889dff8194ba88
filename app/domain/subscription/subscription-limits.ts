// Apart from the zod schemas, so that the footer's subscribe form shows them without loading zod
// (docs/product-rules.md#performance-budget).

export const SUBSCRIPTION_LIMITS = {
  email: 255,
  /** An unconfirmed subscription is forgotten this long after it was asked for. */
  pendingDays: 7,
  /** Subscribers per page of the back office's list. */
  pageSize: 50,
} as const
