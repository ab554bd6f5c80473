/** The queries of the stuck-money list and its actions (decision 039: SQL only in repositories). */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { deposits, games, sweeps, withdrawalAttempts, withdrawals } from '../../infra/db/schema/index';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The hashes of every transaction sent for this withdrawal. */
export async function attemptHashes(db: Executor, withdrawalId: string): Promise<string[]> {
  const attempts = await db
    .select({ hash: withdrawalAttempts.txHash })
    .from(withdrawalAttempts)
    .where(eq(withdrawalAttempts.withdrawalId, withdrawalId));
  return attempts.map((attempt) => attempt.hash);
}

/** Games still playing whose deadline is before `before`. */
export async function overdueGames(db: Executor, before: Date): Promise<{ id: string; deadline: Date | null }[]> {
  return db
    .select({ id: games.id, deadline: games.nextDeadline })
    .from(games)
    .where(and(eq(games.status, 'playing'), lt(games.nextDeadline, before)));
}

export async function sentWithdrawals(db: Executor): Promise<WithdrawalRow[]> {
  return db.select().from(withdrawals).where(eq(withdrawals.status, 'sent'));
}

/** Deposits of this chain still pending though their block is before `latest`. */
export async function uncreditedDeposits(
  db: Executor,
  chainId: number,
  latest: bigint,
): Promise<(typeof deposits.$inferSelect)[]> {
  return db
    .select()
    .from(deposits)
    .where(and(eq(deposits.chainId, chainId), eq(deposits.status, 'pending'), sql`${deposits.blockNumber} < ${latest}`));
}

/** Failed sweeps that are still their address's latest sweep. */
export async function latestFailedSweeps(db: Executor): Promise<(typeof sweeps.$inferSelect)[]> {
  return db
    .select()
    .from(sweeps)
    .where(
      and(
        inArray(sweeps.status, ['failed']),
        sql`NOT EXISTS (SELECT 1 FROM sweeps later WHERE later.chain_id = ${sweeps.chainId} AND later.address = ${sweeps.address} AND later.created_at > ${sweeps.createdAt})`,
      ),
    );
}

export async function depositOwner(db: Executor, depositId: string): Promise<{ userId: string } | undefined> {
  const [owner] = await db.select({ userId: deposits.userId }).from(deposits).where(eq(deposits.id, depositId));
  return owner;
}

export async function withdrawalById(db: Executor, id: string): Promise<WithdrawalRow | undefined> {
  const [withdrawal] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return withdrawal;
}

/** A sent withdrawal whose nonce another transaction used: failed with `reason`, its pending attempts replaced. */
export async function markNonceTakenFailed(tx: Executor, id: string, reason: string, now: Date): Promise<void> {
  await tx.update(withdrawals).set({ status: 'failed', failureReason: reason, updatedAt: now }).where(eq(withdrawals.id, id));
  await tx
    .update(withdrawalAttempts)
    .set({ status: 'replaced' })
    .where(and(eq(withdrawalAttempts.withdrawalId, id), inArray(withdrawalAttempts.status, ['signed', 'broadcast'])));
}
