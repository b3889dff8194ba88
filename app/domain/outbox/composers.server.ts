/**
 * Every module that queues a kind of message registers its composer when
 * imported; the delivery worker imports this list so that all are known
 * before it sends anything.
 */
export {}
import '#app/domain/push/push-delivery.server.ts'
