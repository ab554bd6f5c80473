import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Password reset links (issue 13): only the SHA-256 of the token, valid 30 minutes, used once; a newer one voids older ones. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(table.tokenHash),
    index('password_reset_tokens_user_id_idx').on(table.userId),
    check('password_reset_tokens_hash_format', sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check('password_reset_tokens_expiry_after_creation', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/**
 * One row per account that changed something about its security (issue 13):
 * when the last security change happened (the withdrawal hold), and its
 * two-factor state. The TOTP secret is stored encrypted (AES-256-GCM).
 */
export const accountSecurity = pgTable(
  'account_security',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The last password reset or change, or two-factor turned off: withdrawals wait after it. */
    securityChangedAt: timestamp('security_changed_at', { withTimezone: true, mode: 'date' }),
    /** A secret handed out by setup, not enabled yet. */
    pendingTotpSecret: text('pending_totp_secret'),
    totpSecret: text('totp_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The last TOTP time step accepted: a code of this step or an earlier one is refused (no replay). */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    failedCodes: integer('failed_codes').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** The withdrawal address book is on: withdrawals go only to its active addresses. */
    addressBookEnabled: boolean('address_book_enabled').notNull().default(false),
    /** A requested turn-off of the address book takes effect then (WITHDRAWAL_NEW_ADDRESS_HOLD_HOURS after the request). */
    addressBookDisablesAt: timestamp('address_book_disables_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('account_security_two_factor_consistent', sql`(${table.totpSecret} is null) = (${table.twoFactorEnabledAt} is null)`),
    check('account_security_failed_codes_non_negative', sql`${table.failedCodes} >= 0`),
  ],
);

/** Recovery codes of two-factor: SHA-256 hashes, each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('recovery_codes_user_code_key').on(table.userId, table.codeHash),
    check('recovery_codes_hash_format', sql`${table.codeHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** The second step of a sign-in with two-factor on: single use, 5 minutes. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The wallet address of a Sign-In With Ethereum first step (the session's binding), null for a password. */
    walletAddress: text('wallet_address'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('login_challenges_token_hash_key').on(table.tokenHash),
    check('login_challenges_hash_format', sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * The withdrawal address book: an address is confirmed by a mailed link
 * (token hash, 30 minutes, single use), then active from `active_from`
 * (WITHDRAWAL_NEW_ADDRESS_HOLD_HOURS after the confirmation).
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    address: text('address').notNull(),
    label: text('label').notNull(),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true, mode: 'date' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    activeFrom: timestamp('active_from', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('withdrawal_addresses_user_address_key').on(table.userId, table.address),
    uniqueIndex('withdrawal_addresses_token_hash_key').on(table.tokenHash),
    check('withdrawal_addresses_address_format', sql`${table.address} ~ '^0x[0-9a-f]{40}$'`),
    check('withdrawal_addresses_label_length', sql`char_length(${table.label}) between 1 and 64`),
    check('withdrawal_addresses_confirmed_consistent', sql`(${table.confirmedAt} is null) = (${table.activeFrom} is null)`),
  ],
);

/**
 * Issue 23: wrong passwords per e-mail address, across every IP and node
 * (LOGIN_FAILURES_PER_ACCOUNT within LOGIN_FAILURE_WINDOW_MINUTES). Keyed by
 * the SHA-256 of the lower-case address, whether an account uses it or not,
 * so that an unknown address is counted exactly like a known one.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    emailKey: text('email_key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Wrong passwords (and sign-ins under way, counted before their check) in the window. */
    failures: integer('failures').notNull().default(0),
  },
  (table) => [
    check('login_failures_key_format', sql`${table.emailKey} ~ '^[0-9a-f]{64}$'`),
    check('login_failures_failures_non_negative', sql`${table.failures} >= 0`),
  ],
);

/** Issue 23: how many mails of each throttled kind an account was sent in the current window (a few at most, whatever asks). */
export const mailThrottle = pgTable(
  'mail_throttle',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verification', 'password_reset', 'address_confirmation'] }).notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    sent: integer('sent').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check('mail_throttle_sent_positive', sql`${table.sent} > 0`),
    check('mail_throttle_kind', sql`${table.kind} in ('verification', 'password_reset', 'address_confirmation')`),
  ],
);

export type AccountSecurityRow = typeof accountSecurity.$inferSelect;
