import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const wei = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });

/**
 * Issue 28: one proof-of-solvency snapshot. `document` is the signed
 * snapshot exactly as `GET /api/solvency` serves it (re-signed when an
 * operator adds a cold address's signature); the columns beside it are its
 * figures, for the history and the console. Kept for good (the history);
 * its entries for 90 days.
 */
export const solvencySnapshots = pgTable(
  'solvency_snapshots',
  {
    id: uuid('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    chainId: integer('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    liabilitiesWei: wei('liabilities_wei').notNull(),
    reservesWei: wei('reserves_wei').notNull(),
    ratio: text('ratio').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    /** A staff user id, or `schedule`. */
    takenBy: text('taken_by').notNull(),
  },
  (table) => [
    index('solvency_snapshots_at_idx').on(table.at),
    check('solvency_snapshots_liabilities_non_negative', sql`${table.liabilitiesWei} >= 0`),
    check('solvency_snapshots_reserves_non_negative', sql`${table.reservesWei} >= 0`),
  ],
);

/**
 * A player's leaf of a snapshot: the salt drawn for them (32 random bytes,
 * hex) and what was owed to them. The tree is rebuilt from these to answer a
 * proof; deleted after 90 days.
 */
export const solvencyEntries = pgTable(
  'solvency_entries',
  {
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => solvencySnapshots.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    amountWei: wei('amount_wei').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.snapshotId, table.userId] }),
    check('solvency_entries_amount_non_negative', sql`${table.amountWei} >= 0`),
    check('solvency_entries_salt_format', sql`${table.salt} ~ '^[0-9a-f]{64}$'`),
  ],
);
