/**
 * Read model of the account page: the user's deposits and withdrawals,
 * newest first. The rows are written by the deposits and withdrawals modules.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { deposits, users, withdrawals } from '../../infra/db/schema/index';

/** How many of each the account answer carries. */
export const ACCOUNT_LIST_LIMIT = 20;

export function createAccountRepo(db: Executor) {
  return {
    /** Issue 14: how many players signed up with the user's referral code. */
    async countReferrals(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users).where(eq(users.referredBy, userId));
      return row?.n ?? 0;
    },
    /** Deposits the user can see: pending and credited (never orphaned ones, which were never theirs). */
    listDeposits(userId: string) {
      return db
        .select({
          txHash: deposits.txHash,
          amount: deposits.amount,
          status: deposits.status,
          blockNumber: deposits.blockNumber,
          createdAt: deposits.createdAt,
        })
        .from(deposits)
        .where(and(eq(deposits.userId, userId), inArray(deposits.status, ['pending', 'credited'])))
        .orderBy(desc(deposits.createdAt), desc(deposits.blockNumber))
        .limit(ACCOUNT_LIST_LIMIT);
    },

    listWithdrawals(userId: string) {
      return db
        .select({
          id: withdrawals.id,
          txHash: withdrawals.txHash,
          amount: withdrawals.amount,
          recipientAddress: withdrawals.recipientAddress,
          status: withdrawals.status,
          createdAt: withdrawals.createdAt,
          fee: withdrawals.fee,
          rejectReason: withdrawals.rejectReason,
        })
        .from(withdrawals)
        .where(eq(withdrawals.userId, userId))
        .orderBy(desc(withdrawals.createdAt))
        .limit(ACCOUNT_LIST_LIMIT);
    },
  };
}

export type AccountRepo = ReturnType<typeof createAccountRepo>;
