import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The epoch of each single-node role (the chain workers): the fencing token
 * of the leader lease its current leader was elected with. A new leader
 * raises it before it starts; the workers' claiming transactions check it
 * under a share lock, so a deposed leader still running a pass can change
 * nothing once its successor is in (decision 007).
 */
export const leaderEpochs = pgTable(
  'leader_epochs',
  {
    role: text('role').primaryKey(),
    epoch: bigint('epoch', { mode: 'bigint' }).notNull(),
    holder: text('holder').notNull(),
    electedAt: timestamp('elected_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('leader_epochs_positive', sql`${table.epoch} > 0`)],
);
