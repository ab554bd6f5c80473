import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-In With Ethereum nonces we issued: single use (`used_at` set by the one
 * verification attempt that consumes it), valid 10 minutes.
 */
export const siweNonces = pgTable(
  'siwe_nonces',
  {
    nonce: text('nonce').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [check('siwe_nonces_format', sql`${table.nonce} ~ '^[A-Za-z0-9]{8,128}$'`)],
);
