/**
 * Issue 28: every SQL statement of the solvency snapshots: the liabilities
 * (one consistent read), the deposit addresses, the snapshots and their
 * entries.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../infra/db/database';
import { solvencyEntries, solvencySnapshots } from '../../infra/db/schema/index';
import { LIABILITY_KINDS } from '../ledger/ledger-accounts';

export interface PlayerLiability {
  userId: string;
  amountWei: bigint;
}

/**
 * What is owed to each player, read in one REPEATABLE READ transaction (one
 * view of the ledger): the balance of their ledger account, plus their stake
 * in the escrow of every game still in play, plus every withdrawal debited
 * and not yet paid (review, queued, sent: its amount sits in
 * `withdrawals_in_flight` until paid). Every player with a ledger account is
 * listed, even at 0, so that each can find their leaf. Also answers the
 * ledger's own total of the liability accounts, which the attribution must
 * equal.
 */
export async function readLiabilities(db: Database): Promise<{ players: PlayerLiability[]; ledgerTotalWei: bigint }> {
  return db.transaction(
    async (tx) => {
      const rows = await tx.execute<{ user_id: string; amount: string }>(sql`
        WITH owed AS (
          SELECT owner_id AS user_id, balance AS amount FROM ledger_accounts WHERE kind = 'user' AND owner_id IS NOT NULL
          UNION ALL
          SELECT player1_id::text, stake_wei FROM games WHERE status = 'playing'
          UNION ALL
          SELECT player2_id::text, stake_wei FROM games WHERE status = 'playing'
          UNION ALL
          SELECT user_id::text, amount FROM withdrawals WHERE status IN ('review', 'queued', 'sent')
        )
        SELECT o.user_id, SUM(o.amount)::text AS amount
        FROM owed o JOIN users u ON u.id::text = o.user_id
        GROUP BY o.user_id`);
      const kinds = sql.join(
        LIABILITY_KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      );
      const total = await tx.execute<{ total: string }>(
        sql`SELECT COALESCE(SUM(balance), 0)::text AS total FROM ledger_accounts WHERE kind IN (${kinds})`,
      );
      return {
        players: rows.rows.map((row) => ({ userId: row.user_id, amountWei: BigInt(row.amount) })),
        ledgerTotalWei: BigInt(total.rows[0]!.total),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Every deposit address assigned to a user, with its derivation index. */
export async function depositAddressRows(db: Executor): Promise<Array<{ address: string; depositIndex: number }>> {
  const rows = await db.execute<{ wallet_address: string; deposit_index: number }>(
    sql`SELECT wallet_address, deposit_index FROM users WHERE wallet_address IS NOT NULL ORDER BY deposit_index`,
  );
  return rows.rows.map((row) => ({ address: row.wallet_address.toLowerCase(), depositIndex: Number(row.deposit_index) }));
}

export interface SnapshotRow {
  id: string;
  at: Date;
  chainId: number;
  blockNumber: bigint;
  liabilitiesWei: bigint;
  reservesWei: bigint;
  ratio: string;
  document: Record<string, unknown>;
  takenBy: string;
}

const INSERT_BATCH = 1_000;

/** Stores a snapshot and its entries (one transaction, with `inTransaction` for the audit record). */
export async function insertSnapshot(
  db: Database,
  row: SnapshotRow,
  entries: Array<{ userId: string; salt: string; amountWei: bigint }>,
  inTransaction?: (tx: Executor) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(solvencySnapshots).values(row);
    for (let start = 0; start < entries.length; start += INSERT_BATCH) {
      await tx
        .insert(solvencyEntries)
        .values(entries.slice(start, start + INSERT_BATCH).map((entry) => ({ snapshotId: row.id, ...entry })));
    }
    await inTransaction?.(tx);
  });
}

export async function latestSnapshot(db: Executor): Promise<SnapshotRow | undefined> {
  const [row] = await db.select().from(solvencySnapshots).orderBy(desc(solvencySnapshots.at)).limit(1);
  return row;
}

export async function snapshotById(
  db: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<SnapshotRow | undefined> {
  const query = db.select().from(solvencySnapshots).where(eq(solvencySnapshots.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function recentSnapshots(db: Executor, limit: number): Promise<SnapshotRow[]> {
  return db.select().from(solvencySnapshots).orderBy(desc(solvencySnapshots.at)).limit(limit);
}

export async function entriesOf(
  db: Executor,
  snapshotId: string,
): Promise<Array<{ userId: string; salt: string; amountWei: bigint }>> {
  return db
    .select({ userId: solvencyEntries.userId, salt: solvencyEntries.salt, amountWei: solvencyEntries.amountWei })
    .from(solvencyEntries)
    .where(eq(solvencyEntries.snapshotId, snapshotId));
}

export async function hasEntry(db: Executor, snapshotId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: solvencyEntries.userId })
    .from(solvencyEntries)
    .where(and(eq(solvencyEntries.snapshotId, snapshotId), eq(solvencyEntries.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** A snapshot's document and figures after a reserve signature was added. */
export async function updateSnapshotReserves(
  db: Executor,
  id: string,
  values: { reservesWei: bigint; ratio: string; document: Record<string, unknown> },
): Promise<void> {
  await db.update(solvencySnapshots).set(values).where(eq(solvencySnapshots.id, id));
}

/** Deletes the entries (the salts and amounts) of snapshots taken before `before`; the snapshots stay for the history. */
export async function purgeEntriesBefore(db: Executor, before: Date): Promise<void> {
  const old = db.select({ id: solvencySnapshots.id }).from(solvencySnapshots).where(lt(solvencySnapshots.at, before));
  await db.delete(solvencyEntries).where(inArray(solvencyEntries.snapshotId, old));
}
