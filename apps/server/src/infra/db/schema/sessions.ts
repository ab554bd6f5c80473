import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const SESSION_REVOCATION_REASONS = [
  'logout',
  'logout_all',
  'refresh_token_reuse',
  'account_disabled',
  // Issue 13: a password reset or change, a session signed out from the sessions list.
  'password_reset',
  'password_change',
  'revoked_by_user',
  // Issue 18: staff froze the account, or signed its sessions out.
  'account_frozen',
  'revoked_by_staff',
] as const;
export type SessionRevocationReason = (typeof SESSION_REVOCATION_REASONS)[number];

/**
 * One row per sign-in. A session is a refresh-token family: every refresh
 * rotates the token inside the same session, and revoking the session ends
 * every token of the family and every access token carrying its id (`sid`).
 * `wallet_address` is the address a Sign-In With Ethereum session was opened
 * with (null for e-mail and password): the web app compares it with the
 * connected wallet and signs out when the user switches to another account.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason', { enum: SESSION_REVOCATION_REASONS }),
    /** Lower-case; set once when the session is opened, never changed by a refresh. */
    walletAddress: text('wallet_address'),
    /** The client's IP address at sign-in (the sessions list, the new-device mail). */
    ip: text('ip'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    check('sessions_revocation_consistent', sql`(${table.revokedAt} is null) = (${table.revokedReason} is null)`),
    check('sessions_wallet_address_format', sql`${table.walletAddress} ~ '^0x[0-9a-f]{40}$'`),
    check(
      'sessions_revoked_reason_known',
      sql`${table.revokedReason} in ('logout', 'logout_all', 'refresh_token_reuse', 'account_disabled', 'password_reset', 'password_change', 'revoked_by_user', 'account_frozen', 'revoked_by_staff')`,
    ),
  ],
);

/**
 * Refresh tokens, stored as the SHA-256 of the random token (hex). A token is
 * used once: `rotated_at` is set when it is exchanged for the next one, and
 * presenting a rotated token again revokes the whole session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(table.tokenHash),
    index('refresh_tokens_session_id_idx').on(table.sessionId),
    check('refresh_tokens_hash_format', sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check('refresh_tokens_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/** E-mail verification links, stored as SHA-256 hashes, valid 24 h, used once. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to: verifying proves ownership of this one. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /**
     * Issue 23: the link of a requested change of a verified address: opening it moves the
     * account to `email` (until then the verified address stays the account's).
     */
    changesEmail: boolean('changes_email').notNull().default(false),
  },
  (table) => [
    uniqueIndex('email_verification_tokens_token_hash_key').on(table.tokenHash),
    index('email_verification_tokens_user_id_idx').on(table.userId),
    check('email_verification_tokens_hash_format', sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check('email_verification_tokens_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);
