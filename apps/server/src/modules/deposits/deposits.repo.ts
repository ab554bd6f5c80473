/**
 * SQL of the deposit watcher: the durable {@link ScannerStore} (the last K
 * scanned blocks in `chain_blocks`, observations in `deposits`), the chain's
 * recorded genesis, crediting, and the per-address sums reconciliation needs.
 */
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import type { Database, Executor } from '../../infra/db/database';
import { hotStatement, runHot } from '../../infra/db/hot-statement';
import { chainBlocks, chainState, deposits, sweeps, users } from '../../infra/db/schema/index';
import type { Logger } from '../../shared/logger';
import type { BlockCommit, BlockRef, ObservedTransfer, ScannerStore } from './block-scanner';

/**
 * The durable scanner store of one chain. Every method is one database
 * transaction; those that write start with `fence` (the leader's epoch check
 * with several nodes), which throws to refuse them. Issue 30: a block with no
 * deposit in it, with no fence to run (one node), is one statement on its own.
 */
export function createDatabaseScannerStore(
  db: Database,
  chainId: number,
  logger: Logger,
  fenceWith?: (tx: Executor) => Promise<void>,
): ScannerStore {
  const fence = fenceWith ?? (async () => undefined);
  const saveBlock = (executor: Executor, commit: BlockCommit) =>
    runHot(executor, SAVE_BLOCK, [chainId, commit.block.number.toString(), commit.block.hash, commit.forgetBelow.toString()]);
  return {
    async loadRecentBlocks(): Promise<readonly BlockRef[]> {
      const rows = await db
        .select({ number: chainBlocks.number, hash: chainBlocks.hash })
        .from(chainBlocks)
        .where(eq(chainBlocks.chainId, chainId));
      return rows.map((row) => ({ number: row.number, hash: row.hash as Hex }));
    },

    async commitBlock(commit: BlockCommit): Promise<void> {
      // Most blocks hold no deposit: then, alone, the block is remembered and the old ones forgotten in one statement.
      if (commit.transfers.length === 0 && !fenceWith) {
        await saveBlock(db, commit);
        return;
      }
      await db.transaction(async (tx) => {
        await fence(tx);
        for (const transfer of commit.transfers) {
          const owner = await ownerOf(tx, transfer.to);
          if (!owner) {
            // A look-ahead address nobody has yet: reconciliation credits it once it is assigned.
            logger.warn({ txHash: transfer.txHash, address: transfer.to }, 'Deposit to an unassigned deposit address');
            continue;
          }
          const observation = {
            chainId,
            txHash: transfer.txHash.toLowerCase(),
            address: transfer.to,
            userId: owner,
            amount: transfer.value,
            blockNumber: transfer.blockNumber,
            blockHash: transfer.blockHash,
            fromAddress: transfer.from.toLowerCase(),
          };
          await recordObservation(tx, observation, logger);
        }
        await saveBlock(tx, commit);
      });
    },

    async rewindTo(forkPoint: bigint): Promise<readonly ObservedTransfer[]> {
      return db.transaction(async (tx) => {
        await fence(tx);
        await tx.delete(chainBlocks).where(and(eq(chainBlocks.chainId, chainId), gt(chainBlocks.number, forkPoint)));
        const orphaned = await tx
          .update(deposits)
          .set({ status: 'orphaned' })
          .where(
            and(
              eq(deposits.chainId, chainId),
              eq(deposits.kind, 'transfer'),
              eq(deposits.status, 'pending'),
              gt(deposits.blockNumber, forkPoint),
            ),
          )
          .returning();
        const reorgedAfterCredit = await tx
          .update(deposits)
          .set({ status: 'reorged_after_credit' })
          .where(
            and(
              eq(deposits.chainId, chainId),
              eq(deposits.kind, 'transfer'),
              eq(deposits.status, 'credited'),
              gt(deposits.blockNumber, forkPoint),
            ),
          )
          .returning({ id: deposits.id, txHash: deposits.txHash, userId: deposits.userId, amount: deposits.amount });
        for (const row of reorgedAfterCredit) {
          logger.error(
            { depositId: row.id, txHash: row.txHash, userId: row.userId, wei: row.amount.toString() },
            'A credited deposit was reorganised away (a reorganisation deeper than the confirmations): kept credited, flagged for review',
          );
        }
        return orphaned.map((row) => ({
          txHash: row.txHash as Hex,
          from: '0x0000000000000000000000000000000000000000' as Address,
          to: row.address as Address,
          value: row.amount,
          blockNumber: row.blockNumber,
          blockHash: (row.blockHash ?? '0x') as Hex,
        }));
      });
    },
  };
}

/** A transfer to a deposit address, as the scanner saw it in a block. */
interface Observation {
  chainId: number;
  /** Lower-case. */
  txHash: string;
  /** Lower-case. */
  address: string;
  userId: string;
  amount: bigint;
  blockNumber: bigint;
  blockHash: string;
  /** Issue 18: the sender, lower-case. */
  fromAddress?: string;
}

/**
 * Records an observation once per (chain, transaction, address) — the UNIQUE key. Seen
 * again, it changes nothing (a rescan), unless its block had been reorganised away and
 * the transaction is back in another block: an `orphaned` row is pending again at its new
 * block; a `reorged_after_credit` row (a reorganisation deeper than the confirmations) is
 * credited again — it never stopped being credited in the ledger, and counting it again
 * keeps reconciliation from taking its ETH for a new internal deposit.
 */
async function recordObservation(tx: Executor, observation: Observation, logger: Logger): Promise<void> {
  const inserted = await tx
    .insert(deposits)
    .values({ ...observation, kind: 'transfer', status: 'pending' })
    .onConflictDoNothing()
    .returning({ id: deposits.id });
  if (inserted.length > 0) return;
  const [revived] = await tx
    .update(deposits)
    .set({
      blockNumber: observation.blockNumber,
      blockHash: observation.blockHash,
      status: sql`CASE WHEN ${deposits.status} = 'orphaned' THEN 'pending' ELSE 'credited' END`,
    })
    .where(
      and(
        eq(deposits.chainId, observation.chainId),
        eq(deposits.txHash, observation.txHash),
        eq(deposits.address, observation.address),
        inArray(deposits.status, ['orphaned', 'reorged_after_credit']),
      ),
    )
    .returning({ id: deposits.id, status: deposits.status });
  if (revived?.status === 'credited') {
    logger.warn(
      {
        depositId: revived.id,
        txHash: observation.txHash,
        userId: observation.userId,
        block: observation.blockNumber.toString(),
      },
      'A credited deposit that had been reorganised away is back on the chain: credited (once), no longer flagged',
    );
  }
}

async function ownerOf(db: Executor, address: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.walletAddress}) = ${address.toLowerCase()}`)
    .limit(1);
  return row?.id;
}

/** The genesis hash recorded for the chain, recording `hash` the first time. */
export async function recordGenesis(db: Executor, chainId: number, hash: Hex): Promise<string> {
  await db.insert(chainState).values({ chainId, genesisHash: hash }).onConflictDoNothing();
  const [row] = await db.select({ genesisHash: chainState.genesisHash }).from(chainState).where(eq(chainState.chainId, chainId));
  return row!.genesisHash;
}

/** Pending transfer deposits whose block is at or below `block` (old enough to credit). */
export function pendingDepositsUpTo(db: Executor, chainId: number, block: bigint) {
  return db
    .select()
    .from(deposits)
    .where(and(eq(deposits.chainId, chainId), eq(deposits.status, 'pending'), lte(deposits.blockNumber, block)))
    .orderBy(asc(deposits.blockNumber), asc(deposits.createdAt));
}

/** Marks a deposit credited if it is still pending; true when this call did it. */
export async function markCredited(db: Executor, depositId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(deposits)
    .set({ status: 'credited', creditedAt: now })
    .where(and(eq(deposits.id, depositId), eq(deposits.status, 'pending')))
    .returning({ id: deposits.id });
  return rows.length === 1;
}

/**
 * What the address should hold at block `block` according to our records:
 * every deposit seen in a block ≤ `block` (pending or credited), minus every
 * sweep mined in a block ≤ `block` (value and fee).
 */
export async function expectedBalanceAt(db: Executor, chainId: number, address: string, block: bigint): Promise<bigint> {
  const [received] = await db
    .select({ total: sql<string>`COALESCE(SUM(${deposits.amount}), 0)::text` })
    .from(deposits)
    .where(
      and(
        eq(deposits.chainId, chainId),
        eq(deposits.address, address),
        inArray(deposits.status, ['pending', 'credited']),
        lte(deposits.blockNumber, block),
      ),
    );
  const [sent] = await db
    // A confirmed sweep moved its value and paid its fee; a failed one that was mined paid only the fee.
    .select({
      total: sql<string>`COALESCE(SUM(CASE WHEN ${sweeps.status} = 'confirmed' THEN ${sweeps.value} ELSE 0 END + COALESCE(${sweeps.fee}, 0)), 0)::text`,
    })
    .from(sweeps)
    .where(
      and(
        eq(sweeps.chainId, chainId),
        eq(sweeps.address, address),
        inArray(sweeps.status, ['confirmed', 'failed']),
        lte(sweeps.blockNumber, block),
      ),
    );
  return BigInt(received!.total) - BigInt(sent!.total);
}

/** Sweeps broadcast and not settled yet. */
export function openSweeps(db: Executor, chainId: number) {
  return db
    .select()
    .from(sweeps)
    .where(and(eq(sweeps.chainId, chainId), eq(sweeps.status, 'sent')));
}

/** Addresses with at least one credited deposit (all of them, or those of `only`): candidates for a sweep. */
export async function addressesWithCredits(
  db: Executor,
  chainId: number,
  only?: readonly string[],
): Promise<Array<{ address: Address; userId: string }>> {
  const rows = await db
    .selectDistinct({ address: deposits.address, userId: deposits.userId })
    .from(deposits)
    .where(
      and(
        eq(deposits.chainId, chainId),
        eq(deposits.status, 'credited'),
        only === undefined ? undefined : inArray(deposits.address, [...only]),
      ),
    );
  return rows.map((row) => ({ address: row.address as Address, userId: row.userId }));
}

/**
 * Issue 30: whether a pass of the deposit watcher has records to work on — a pending deposit, a sweep in flight —
 * in one light statement, so that a pass with neither (most of them) reads neither list.
 */
export async function depositWatchWork(
  db: Executor,
  chainId: number,
): Promise<{ pendingDeposits: boolean; openSweeps: boolean }> {
  const [row] = await runHot<{ pending_deposits: boolean; open_sweeps: boolean }>(db, DEPOSIT_WATCH_WORK, [chainId]);
  return { pendingDeposits: row?.pending_deposits === true, openSweeps: row?.open_sweeps === true };
}

/**
 * What the watched addresses depend on, in one light statement: how many users have a deposit address and the
 * highest deposit index given out (−1 when none). Equal answers mean the same addresses (an address, once given,
 * never changes), so the watcher reads the list again only when this changes, not on every pass.
 */
export async function depositAddressFingerprint(db: Executor): Promise<{ assigned: number; highest: number }> {
  const [row] = await runHot<{ assigned: number; highest: number }>(db, DEPOSIT_ADDRESS_FINGERPRINT, []);
  return { assigned: Number(row?.assigned ?? 0), highest: Number(row?.highest ?? -1) };
}

/** Remembers a scanned block (its hash replaces an orphaned one's) and forgets those below the reorg window. */
const SAVE_BLOCK = hotStatement(
  'chain_block_save_v1',
  `with saved as (
     insert into chain_blocks (chain_id, number, hash) values ($1::int, $2::bigint, $3::text)
     on conflict (chain_id, number) do update set hash = excluded.hash
     returning number
   )
   delete from chain_blocks where chain_id = $1::int and number < $4::bigint and number <> (select number from saved)`,
);

const DEPOSIT_ADDRESS_FINGERPRINT = hotStatement(
  'deposit_address_fingerprint_v1',
  'select count(wallet_address)::int as assigned, coalesce(max(deposit_index), -1)::int as highest from users',
);

const DEPOSIT_WATCH_WORK = hotStatement(
  'deposit_watch_work_v1',
  `select exists (select 1 from deposits where chain_id = $1::int and status = 'pending') as pending_deposits,
          exists (select 1 from sweeps where chain_id = $1::int and status = 'sent') as open_sweeps`,
);

export type DepositRow = typeof deposits.$inferSelect;

/** One deposit of the chain by its id. */
export async function depositById(db: Executor, chainId: number, depositId: string): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, depositId), eq(deposits.chainId, chainId)));
  return row;
}

/**
 * Records ETH found by reconciliation at the confirmed block `blockNumber`, pending; once
 * per (chain, address, block) by the partial UNIQUE key. Undefined when already recorded.
 */
export async function insertInternalDeposit(
  db: Executor,
  deposit: { chainId: number; address: string; userId: string; amount: bigint; blockNumber: bigint },
): Promise<DepositRow | undefined> {
  const [row] = await db
    .insert(deposits)
    .values({ ...deposit, kind: 'internal', txHash: null, blockHash: null, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return row;
}

export type SweepRow = typeof sweeps.$inferSelect;

/**
 * Records a sweep about to be broadcast. Its nonce is UNIQUE per address: a sweep with the
 * same nonce that failed without ever being mined (lost before it reached the node) is
 * replaced by this one. Undefined when the nonce is taken by a live or mined sweep.
 */
export async function recordSweep(
  db: Executor,
  sweep: { chainId: number; address: string; txHash: string; nonce: number; value: bigint; maxFee: bigint; createdAt: Date },
): Promise<SweepRow | undefined> {
  const [row] = await db
    .insert(sweeps)
    .values({ ...sweep, status: 'sent' })
    .onConflictDoUpdate({
      target: [sweeps.chainId, sweeps.address, sweeps.nonce],
      set: {
        txHash: sweep.txHash,
        value: sweep.value,
        maxFee: sweep.maxFee,
        createdAt: sweep.createdAt,
        status: 'sent',
        fee: null,
        blockNumber: null,
      },
      setWhere: and(eq(sweeps.status, 'failed'), isNull(sweeps.blockNumber)),
    })
    .returning();
  return row;
}

/** Marks a broadcast sweep failed (never mined); false when it was no longer `sent`. */
export async function markSweepLost(db: Executor, sweepId: string): Promise<boolean> {
  const rows = await db
    .update(sweeps)
    .set({ status: 'failed' })
    .where(and(eq(sweeps.id, sweepId), eq(sweeps.status, 'sent')))
    .returning({ id: sweeps.id });
  return rows.length === 1;
}

/** Records how a mined sweep ended; false when it was no longer `sent` (settled already). */
export async function markSweepMined(
  db: Executor,
  sweepId: string,
  outcome: { status: 'confirmed' | 'failed'; fee: bigint; blockNumber: bigint },
): Promise<boolean> {
  const rows = await db
    .update(sweeps)
    .set(outcome)
    .where(and(eq(sweeps.id, sweepId), eq(sweeps.status, 'sent')))
    .returning({ id: sweeps.id });
  return rows.length === 1;
}
