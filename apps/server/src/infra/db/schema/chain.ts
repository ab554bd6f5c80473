import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Wei: NUMERIC(78,0) read and written as bigint. */
const wei = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });

/**
 * What the server knows of each chain it watches: the genesis hash recorded
 * the first time (a different one later means another chain: the watcher
 * stops instead of crediting anything).
 */
export const chainState = pgTable('chain_state', {
  chainId: integer('chain_id').primaryKey(),
  genesisHash: text('genesis_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The last K scanned blocks of each chain (the highest is the cursor), to detect reorganisations. */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigint('number', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.number] }),
    check('chain_blocks_hash', sql`${table.hash} ~ '^0x[0-9a-f]{64}$'`),
  ],
);

export const DEPOSIT_ROW_STATUSES = ['pending', 'credited', 'orphaned', 'reorged_after_credit'] as const;
export type DepositRowStatus = (typeof DEPOSIT_ROW_STATUSES)[number];
export const DEPOSIT_KINDS = ['transfer', 'internal'] as const;

/**
 * ETH that arrived at a deposit address. `transfer`: a transaction to the
 * address, seen by the block scanner, credited once its block has the
 * required confirmations; UNIQUE (chain, transaction, address) makes it
 * exactly once. `internal`: ETH found by reconciliation (sent by a contract),
 * keyed by the confirmed block the balance was read at.
 * `orphaned`: its block was reorganised away before crediting (never
 * credited). `reorged_after_credit`: reorganised away after crediting, a
 * reorganisation deeper than the confirmations: kept for a human to look at.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainId: integer('chain_id').notNull(),
    kind: text('kind', { enum: DEPOSIT_KINDS }).notNull(),
    /** Lower-case hex; null for `internal`. */
    txHash: text('tx_hash'),
    /** The deposit address, lower-case. */
    address: text('address').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amount: wei('amount').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash'),
    status: text('status', { enum: DEPOSIT_ROW_STATUSES }).notNull().default('pending'),
    /** Issue 18: the sender of a `transfer` (lower-case), to link an account withdrawing to it with this one. */
    fromAddress: text('from_address'),
    creditedAt: timestamp('credited_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deposits_chain_tx_address_key').on(table.chainId, table.txHash, table.address),
    uniqueIndex('deposits_internal_key')
      .on(table.chainId, table.address, table.blockNumber)
      .where(sql`${table.kind} = 'internal'`),
    index('deposits_user_idx').on(table.userId, table.createdAt),
    index('deposits_status_idx').on(table.chainId, table.status),
    index('deposits_from_address_idx').on(table.fromAddress),
    check('deposits_amount_positive', sql`${table.amount} > 0`),
    check('deposits_kind_known', sql`${table.kind} in ('transfer', 'internal')`),
    check('deposits_status_known', sql`${table.status} in ('pending', 'credited', 'orphaned', 'reorged_after_credit')`),
    check('deposits_tx_hash_matches_kind', sql`(${table.kind} = 'transfer') = (${table.txHash} is not null)`),
    check('deposits_tx_hash_format', sql`${table.txHash} is null or ${table.txHash} ~ '^0x[0-9a-f]{64}$'`),
    check('deposits_address_format', sql`${table.address} ~ '^0x[0-9a-f]{40}$'`),
    check(
      'deposits_credited_at',
      sql`(${table.status} in ('credited', 'reorged_after_credit')) = (${table.creditedAt} is not null)`,
    ),
  ],
);

export const SWEEP_STATUSES = ['sent', 'confirmed', 'failed'] as const;

/**
 * A transfer from a deposit address to the hot wallet. `value` is what the
 * hot wallet receives; `fee` the gas actually paid (known once mined), which
 * the ledger records as a network fee.
 */
export const sweeps = pgTable(
  'sweeps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    txHash: text('tx_hash').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    value: wei('value').notNull(),
    /** The most gas can cost (gas limit × max fee), reserved from the balance when sending. */
    maxFee: wei('max_fee').notNull(),
    /** Gas actually paid, once mined. */
    fee: wei('fee'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    status: text('status', { enum: SWEEP_STATUSES }).notNull().default('sent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sweeps_chain_tx_key').on(table.chainId, table.txHash),
    uniqueIndex('sweeps_chain_address_nonce_key').on(table.chainId, table.address, table.nonce),
    index('sweeps_status_idx').on(table.chainId, table.status),
    check('sweeps_value_positive', sql`${table.value} > 0`),
    check('sweeps_status_known', sql`${table.status} in ('sent', 'confirmed', 'failed')`),
  ],
);

/** Issue 18: `review` waits for staff (approve → queued, reject → rejected with the debit refunded). */
export const WITHDRAWAL_ROW_STATUSES = ['queued', 'sent', 'confirmed', 'failed', 'review', 'rejected'] as const;

/**
 * A withdrawal request. Written in the same transaction as the ledger debit
 * (user → withdrawals in flight). UNIQUE (user, idempotency key) makes a
 * retried request answer the original answer. `nonce` is allocated once, in
 * the database, before the first signature: every attempt (re-priced
 * replacement) of one withdrawal uses the same nonce, so at most one can ever
 * be mined.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    chainId: integer('chain_id').notNull(),
    amount: wei('amount').notNull(),
    /** Lower-case. */
    recipientAddress: text('recipient_address').notNull(),
    status: text('status', { enum: WITHDRAWAL_ROW_STATUSES }).notNull().default('queued'),
    idempotencyKey: text('idempotency_key'),
    /** The balance right after the debit, returned again on a replayed request. */
    balanceAfter: wei('balance_after').notNull(),
    nonce: bigint('nonce', { mode: 'number' }),
    /** The attempt that was mined, once known. */
    txHash: text('tx_hash'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Issue 12: the network fee charged on top of the amount (debited with it into fee income), and
    // the most per gas any transaction paying it may offer: fee / WITHDRAWAL_GAS_LIMIT. Null on rows
    // from before fees were charged (no cap, no fee).
    fee: wei('fee')
      .notNull()
      .default(sql`0`),
    maxFeePerGas: wei('max_fee_per_gas'),
    /** Gas the hot wallet paid for the mined transaction (gas used × effective price), once mined. */
    gasPaid: wei('gas_paid'),
    // Issue 18: why it waits for review, and the staff decision.
    reviewReason: text('review_reason'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    rejectReason: text('reject_reason'),
  },
  (table) => [
    check('withdrawals_fee_non_negative', sql`${table.fee} >= 0`),
    // The house never pays more gas for a withdrawal than it charged for it.
    check(
      'withdrawals_gas_within_fee',
      sql`${table.maxFeePerGas} is null or ${table.gasPaid} is null or ${table.gasPaid} <= ${table.fee}`,
    ),
    uniqueIndex('withdrawals_user_idempotency_key').on(table.userId, table.idempotencyKey),
    uniqueIndex('withdrawals_chain_nonce_key').on(table.chainId, table.nonce),
    index('withdrawals_user_idx').on(table.userId, table.createdAt),
    index('withdrawals_status_idx').on(table.status),
    check('withdrawals_amount_positive', sql`${table.amount} > 0`),
    check('withdrawals_status_known', sql`${table.status} in ('queued', 'sent', 'confirmed', 'failed', 'review', 'rejected')`),
    // Issue 23 (added NOT VALID: rows decided before stay as they were): nobody decides on their own withdrawal.
    check('withdrawals_not_reviewed_by_owner', sql`${table.reviewedBy} is null or ${table.reviewedBy} <> ${table.userId}::text`),
    check('withdrawals_rejected_has_reason', sql`(${table.status} = 'rejected') = (${table.rejectReason} is not null)`),
    check('withdrawals_recipient_format', sql`${table.recipientAddress} ~ '^0x[0-9a-f]{40}$'`),
  ],
);

export const WITHDRAWAL_ATTEMPT_STATUSES = ['signed', 'broadcast', 'replaced', 'mined', 'reverted'] as const;

/**
 * Every signed transaction of a withdrawal, stored (raw) BEFORE it is
 * broadcast: after a crash the sender broadcasts the same bytes again instead
 * of signing a second payment.
 */
export const withdrawalAttempts = pgTable(
  'withdrawal_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    txHash: text('tx_hash').notNull().unique(),
    rawTransaction: text('raw_transaction').notNull(),
    maxFeePerGas: wei('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: wei('max_priority_fee_per_gas').notNull(),
    gasLimit: wei('gas_limit').notNull(),
    status: text('status', { enum: WITHDRAWAL_ATTEMPT_STATUSES }).notNull().default('signed'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('withdrawal_attempts_withdrawal_idx').on(table.withdrawalId, table.createdAt)],
);

/** The hot wallet's next nonce per chain, allocated in the database (one row, locked). */
export const hotWalletNonces = pgTable(
  'hot_wallet_nonces',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.address] }),
    check('hot_wallet_nonces_non_negative', sql`${table.nextNonce} >= 0`),
  ],
);
