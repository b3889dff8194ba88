import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { dialectColumns, type Engine } from '../engine.ts'

/**
 * Alerts on the public site, the families who subscribed to mails, the
 * browsers that asked for push notifications, and the outbox every mail and
 * push goes through; see docs/product-rules.md#alerts and #notifications.
 *
 * The outbox is written in the same transaction as the change that causes a
 * message and read by the delivery worker; `dedupe_key` makes queueing the
 * same message twice (a post published, unpublished, published again) a no-op.
 */
export function alertsNotifications(engine: Engine): Migration {
  const t = dialectColumns(engine)
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alerts')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('link', 'text')
        .addColumn('starts_at', t.timestamp, (c) => c.notNull())
        .addColumn('ends_at', t.timestamp)
        // Set on the alert the one-click school status made: open, closed, late_start, early_dismissal.
        .addColumn('school_status', 'text')
        // The calendar entry a 'closed' status made, removed with the alert.
        .addColumn('event_id', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()
      await db.schema.createIndex('alerts_window_idx').on('alerts').columns(['starts_at', 'ends_at']).execute()

      await db.schema
        .createTable('subscribers')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        // off, instant or weekly
        .addColumn('news', 'text', (c) => c.notNull().defaultTo('instant'))
        .addColumn('events', t.boolean, (c) => c.notNull().defaultTo(t.bool(false)))
        .addColumn('alerts', t.boolean, (c) => c.notNull().defaultTo(t.bool(true)))
        // The secret in this subscriber's confirm, manage and unsubscribe links.
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('confirmed_at', t.timestamp)
        .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()

      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('news', t.boolean, (c) => c.notNull().defaultTo(t.bool(true)))
        .addColumn('alerts', t.boolean, (c) => c.notNull().defaultTo(t.bool(true)))
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute()

      await db.schema
        .createTable('outbox_messages')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject_table', 'text')
        .addColumn('subject_id', 'text')
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('data', t.json)
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('deliver_after', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('lease_until', t.timestamp)
        .addColumn('claimed_by', 'text')
        .addColumn('last_error', 'text')
        // The mail's subject or the push's title as composed at delivery, for the delivery log.
        .addColumn('title', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('sent_at', t.timestamp)
        .execute()
      await db.schema.createIndex('outbox_messages_due_idx').on('outbox_messages').columns(['status', 'deliver_after']).execute()
      await db.schema.createIndex('outbox_messages_created_idx').on('outbox_messages').column('created_at').execute()
      await db.schema.createIndex('outbox_messages_subject_idx').on('outbox_messages').columns(['subject_table', 'subject_id']).execute()

      await db.schema.alterTable('profiles').addColumn('notify_contact_messages', t.boolean, (c) => c.notNull().defaultTo(t.bool(false))).execute()
    },
  }
}
