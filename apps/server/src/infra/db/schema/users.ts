import type { Language } from '@shifumi/protocol';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Accounts. The e-mail is stored lower-cased (a CHECK enforces it) and is
 * unique case-insensitively; it and the password hash are nullable because
 * wallet-only accounts come with the wallet work.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * The personal deposit address (lower-case): m/44'/60'/1'/0/{depositIndex}
     * of DEPOSIT_MNEMONIC, set at registration (older accounts: on first need).
     */
    walletAddress: text('wallet_address'),
    /** The Ethereum address the user signs in with (Sign-In With Ethereum), lower-case; one account per address. */
    linkedAddress: text('linked_address'),
    /** Index of the deposit address in the HD wallet; every user has one, from a sequence. */
    depositIndex: serial('deposit_index').notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    /** Issue 18: frozen by staff: cannot play, search or withdraw; can still sign in and see the balance. */
    frozenAt: timestamp('frozen_at', { withTimezone: true, mode: 'date' }),
    frozenReason: text('frozen_reason'),
    /**
     * Issue 27: the language the player chose (`en` or `fr`) for mails, notices
     * and the server's answers; null until they choose (or sign up with one).
     */
    language: text('language').$type<Language>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_referral_code_key').on(table.referralCode),
    uniqueIndex('users_wallet_address_key').on(sql`lower(${table.walletAddress})`),
    uniqueIndex('users_deposit_index_key').on(table.depositIndex),
    uniqueIndex('users_linked_address_key').on(table.linkedAddress),
    check('users_linked_address_format', sql`${table.linkedAddress} ~ '^0x[0-9a-f]{40}$'`),
    index('users_referred_by_idx').on(table.referredBy),
    check('users_name_length', sql`char_length(${table.name}) between 1 and 64`),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('users_email_length', sql`char_length(${table.email}) between 3 and 254`),
    check('users_password_needs_email', sql`${table.passwordHash} is null or ${table.email} is not null`),
    check('users_referral_code_format', sql`${table.referralCode} ~ '^[A-Z0-9]{6,16}$'`),
    check('users_not_self_referred', sql`${table.referredBy} is null or ${table.referredBy} <> ${table.id}`),
    check('users_frozen_has_reason', sql`(${table.frozenAt} is null) = (${table.frozenReason} is null)`),
    check('users_language_known', sql`${table.language} in ('en', 'fr')`),
    check('users_wallet_address_format', sql`${table.walletAddress} ~ '^0x[0-9a-fA-F]{40}$'`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
