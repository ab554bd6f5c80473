import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Double-entry ledger (after pgledger): accounts with a stored balance and a
 * version, transfers with an idempotency key, and append-only entries that
 * carry the balance before and after. Amounts are wei in NUMERIC(78,0).
 *
 * The database itself refuses: a negative balance on an account that may not
 * go negative (CHECK), an entry whose after-balance is not before + amount
 * (CHECK), a zero entry (CHECK), a replayed idempotency key (UNIQUE), any
 * UPDATE or DELETE of entries and transfers, and a transfer whose entries do
 * not sum to zero at commit (triggers in the custom migration).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable name, e.g. `user:<uuid>`, `escrow:<game id>`, `system:deposits`. */
    code: text('code').notNull().unique(),
    kind: text('kind').notNull(),
    ownerId: text('owner_id'),
    balance: numeric('balance', { precision: 78, scale: 0, mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    allowNegative: boolean('allow_negative').notNull().default(false),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ledger_accounts_non_negative', sql`${table.allowNegative} OR ${table.balance} >= 0`),
    check(
      'ledger_accounts_kind',
      sql`${table.kind} IN ('user', 'escrow', 'deposits', 'withdrawals_in_flight', 'withdrawals_sent', 'network_fees', 'house', 'withdrawal_fees')`,
    ),
    index('ledger_accounts_owner_idx').on(table.ownerId),
  ],
);

export const ledgerTransfers = pgTable('ledger_transfers', {
  id: uuid('id').primaryKey().defaultRandom(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  kind: text('kind').notNull(),
  memo: jsonb('memo').$type<Record<string, string | number | boolean | null>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: numeric('amount', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    previousBalance: numeric('previous_balance', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    currentBalance: numeric('current_balance', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ledger_entries_non_zero', sql`${table.amount} <> 0`),
    check('ledger_entries_balance_step', sql`${table.currentBalance} = ${table.previousBalance} + ${table.amount}`),
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    index('ledger_entries_transfer_idx').on(table.transferId),
  ],
);
