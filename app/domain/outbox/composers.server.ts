/**
 * Every module that queues a kind of message registers its composer when
 * imported; the delivery worker imports this list so that all are known
 * before it sends anything.
 */
import '#app/domain/outbox/prepared-mail.server.ts'
import '#app/domain/contact/office-notifications.server.ts'
import '#app/domain/subscription/subscription-mail.server.ts'
import '#app/domain/push/push-delivery.server.ts'
import '#app/domain/policy/policy-review.server.ts'
