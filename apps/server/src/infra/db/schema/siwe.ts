import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';

/**
 * Sign-In With Ethereum nonces we issued: single use (`used_at` set by the one
 * verification attempt that consumes it), valid 10 minutes. Issue 23: each
 * says what it is for — signing in, or linking a wallet to the session that
 * asked for it (`session_id`); a nonce of one purpose is refused for the other.
 */
export const siweNonces = pgTable(
  'siwe_nonces',
  {
    nonce: text('nonce').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    purpose: text('purpose', { enum: ['sign_in', 'link'] })
      .notNull()
      .default('sign_in'),
    /** The session a link nonce was issued to; null for a sign-in nonce. */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
  },
  (table) => [
    check('siwe_nonces_format', sql`${table.nonce} ~ '^[A-Za-z0-9]{8,128}$'`),
    check('siwe_nonces_purpose', sql`${table.purpose} in ('sign_in', 'link')`),
    check('siwe_nonces_link_has_session', sql`(${table.purpose} = 'link') = (${table.sessionId} is not null)`),
  ],
);
