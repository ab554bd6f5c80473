/** The withdrawal review's queries (decision 039: SQL only in repositories). */
import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { AdminWithdrawal } from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import { flags, staffRoles, users, withdrawalApprovals, withdrawals } from '../../infra/db/schema/index';
import type { WithdrawalRow } from '../withdrawals/withdrawals.repo';

/** True when a flag naming this account (either side) is open. */
export async function hasOpenFlag(tx: Executor, userId: string): Promise<boolean> {
  const [flag] = await tx
    .select({ id: flags.id })
    .from(flags)
    // Both accounts of a flag are held: the one it names and its counterpart.
    .where(and(or(eq(flags.userId, userId), eq(flags.otherUserId, userId)), eq(flags.status, 'open')))
    .limit(1);
  return flag !== undefined;
}

/** What the account asked to withdraw since `since` (queued, sent, confirmed or in review), in wei. */
export async function withdrawnSince(tx: Executor, userId: string, since: Date): Promise<bigint> {
  const [day] = await tx
    .select({ total: sql<string>`COALESCE(SUM(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        gt(withdrawals.createdAt, since),
        inArray(withdrawals.status, ['queued', 'sent', 'confirmed', 'review']),
      ),
    );
  return BigInt(day?.total ?? '0');
}

export type SelectedRow = {
  withdrawal: WithdrawalRow;
  userName: string;
  userEmail: string | null;
  userRole: AdminWithdrawal['userRole'];
};

function selectWithUser(db: Executor) {
  return db
    .select({ withdrawal: withdrawals, userName: users.name, userEmail: users.email, userRole: staffRoles.role })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(staffRoles, eq(staffRoles.userId, withdrawals.userId));
}

/** Withdrawals with their owner's name, e-mail and staff role, newest first. */
export async function withdrawalsWithUser(
  db: Executor,
  filter: { status?: WithdrawalRow['status']; userId?: string },
  limit: number,
): Promise<SelectedRow[]> {
  const conditions = [
    ...(filter.status ? [eq(withdrawals.status, filter.status)] : []),
    ...(filter.userId ? [eq(withdrawals.userId, filter.userId)] : []),
  ];
  return selectWithUser(db)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(withdrawals.createdAt))
    .limit(limit);
}

export async function withdrawalWithUser(db: Executor, id: string): Promise<SelectedRow[]> {
  return selectWithUser(db).where(eq(withdrawals.id, id)).limit(1);
}

/** The approvals of these withdrawals, oldest first, with the approvers' names. */
export async function approvalRows(
  db: Executor,
  ids: string[],
): Promise<{ withdrawalId: string; userId: string; name: string; at: Date }[]> {
  return db
    .select({
      withdrawalId: withdrawalApprovals.withdrawalId,
      userId: withdrawalApprovals.staffUserId,
      name: users.name,
      at: withdrawalApprovals.at,
    })
    .from(withdrawalApprovals)
    .innerJoin(users, eq(users.id, withdrawalApprovals.staffUserId))
    .where(inArray(withdrawalApprovals.withdrawalId, ids))
    .orderBy(asc(withdrawalApprovals.at), asc(withdrawalApprovals.staffUserId));
}

/** Who approved this withdrawal so far. */
export async function approversOf(tx: Executor, withdrawalId: string): Promise<{ userId: string }[]> {
  return tx
    .select({ userId: withdrawalApprovals.staffUserId })
    .from(withdrawalApprovals)
    .where(eq(withdrawalApprovals.withdrawalId, withdrawalId));
}

export async function insertApproval(tx: Executor, withdrawalId: string, staffUserId: string, at: Date): Promise<void> {
  await tx.insert(withdrawalApprovals).values({ withdrawalId, staffUserId, at });
}
