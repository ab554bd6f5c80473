/** SQL of the leader epochs: the database side of a leader lease's fence. */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { leaderEpochs } from '../../infra/db/schema/index';

/** The epoch recorded for `role` (0 when no leader was ever elected). */
export async function currentEpoch(db: Executor, role: string): Promise<bigint> {
  const [row] = await db.select({ epoch: leaderEpochs.epoch }).from(leaderEpochs).where(eq(leaderEpochs.role, role));
  return row?.epoch ?? 0n;
}

/**
 * Records `epoch` as the role's, only if it is greater than the recorded one:
 * true when it now is. Waits for the transactions that hold the role's row
 * share-locked (a deposed leader's last claims) to end first.
 */
export async function raiseEpoch(db: Executor, role: string, epoch: bigint, holder: string): Promise<boolean> {
  const inserted = await db
    .insert(leaderEpochs)
    .values({ role, epoch, holder })
    .onConflictDoNothing()
    .returning({ role: leaderEpochs.role });
  if (inserted.length === 1) return true;
  const updated = await db
    .update(leaderEpochs)
    .set({ epoch, holder, electedAt: sql`now()` })
    .where(and(eq(leaderEpochs.role, role), lt(leaderEpochs.epoch, epoch)))
    .returning({ role: leaderEpochs.role });
  return updated.length === 1;
}

/** Whether `epoch` is still the role's, holding the row share-locked until the transaction ends (so no new leader gets in meanwhile). */
export async function holdsEpoch(tx: Executor, role: string, epoch: bigint): Promise<boolean> {
  const [row] = await tx.select({ epoch: leaderEpochs.epoch }).from(leaderEpochs).where(eq(leaderEpochs.role, role)).for('share');
  return row?.epoch === epoch;
}
