import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Issue 29: every mail waits here until the outbox worker has handed it to
 * SMTP (decision 034). `sending` rows carry a lease: a node that claimed one
 * and died leaves it to another once the lease is over. The bodies are
 * cleared once the mail is sent or failed (they carry one-time links).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    replyTo: text('reply_to'),
    status: text('status', { enum: ['waiting', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('waiting', 'sending')`),
    index('mail_outbox_status_created_idx').on(table.status, table.createdAt),
    check('mail_outbox_status_known', sql`${table.status} in ('waiting', 'sending', 'sent', 'failed')`),
    check('mail_outbox_attempts_not_negative', sql`${table.attempts} >= 0`),
    check('mail_outbox_sending_has_lease', sql`${table.status} <> 'sending' OR ${table.leaseUntil} IS NOT NULL`),
  ],
);
