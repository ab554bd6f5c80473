/**
 * Issue 18: withdrawals that wait for a human. The policy runs inside the
 * withdrawal's debit transaction (the user's ledger account is locked, so
 * concurrent requests see each other's rows): above WITHDRAWAL_REVIEW_ABOVE_ETH,
 * a day's total above WITHDRAWAL_DAILY_LIMIT_ETH, or an account with an open
 * flag → status `review`, which the sender never picks up.
 *
 * Approve (review → queued: the sender pays it as any other) and reject
 * (review → rejected, amount and fee back in one ledger transfer) both lock
 * the row and act only from `review`: a second click, twenty staff at once, or
 * approve after reject change nothing more.
 *
 * Issue 23 (decision 029): under the same lock, the four-eyes rules — nobody
 * approves or rejects their own withdrawal, a staff account's is decided by
 * an admin only — and two people for large ones: above
 * WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH the first approval is recorded
 * (`withdrawal_approvals`) and leaves it in review; the second, by someone
 * else, queues it; the same person twice changes nothing more.
 */
import { formatEth } from '@shifumi/money';
import { ADMIN_TEXTS, type AdminWithdrawal } from '@shifumi/protocol';
import type { Database, Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { BalanceEvents } from '../ledger/balance-events';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { transfer } from '../ledger/ledger.service';
import { withdrawalReturnLegs } from '../withdrawals/withdrawal-return';
import { lockWithdrawal, updateWithdrawal, type WithdrawalRow } from '../withdrawals/withdrawals.repo';
import { appendAudit } from './audit-log';
import { auditRefusal, fourEyesRefusal, type FourEyesRefused } from './four-eyes';
import type { StaffContext } from './staff-access';
import * as repo from './withdrawal-review.repo';
import type { SelectedRow } from './withdrawal-review.repo';

const DAY_MS = 86_400_000;

export interface ReviewPolicy {
  /** WITHDRAWAL_REVIEW_ABOVE_ETH in wei: an amount above it waits. */
  aboveWei: bigint;
  /** WITHDRAWAL_DAILY_LIMIT_ETH in wei: a 24 h total above it waits. */
  dailyLimitWei: bigint;
}

/** Why this new withdrawal must wait for review, or undefined when it may go out. Call inside the debit's transaction. */
export async function reviewReasonFor(
  tx: Executor,
  policy: ReviewPolicy,
  request: { userId: string; amount: bigint; now: Date },
): Promise<string | undefined> {
  if (request.amount > policy.aboveWei) return ADMIN_TEXTS.reviewReasons.aboveThreshold(formatEth(policy.aboveWei));
  if (await repo.hasOpenFlag(tx, request.userId)) return ADMIN_TEXTS.reviewReasons.openFlag;
  const day = await repo.withdrawnSince(tx, request.userId, new Date(request.now.getTime() - DAY_MS));
  if (day + request.amount > policy.dailyLimitWei) return ADMIN_TEXTS.reviewReasons.dailyLimit(formatEth(policy.dailyLimitWei));
  return undefined;
}

/** Issue 23: how many approvals a withdrawal needs (WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH in wei: above it, two). */
export function approvalsRequired(amount: bigint, secondApprovalAboveWei: bigint): number {
  return amount > secondApprovalAboveWei ? 2 : 1;
}

type Approval = AdminWithdrawal['approvedBy'][number];
type AdminWithdrawalRow = WithdrawalRow & { userName: string; userEmail: string | null; userRole: AdminWithdrawal['userRole'] };

export function toAdminWithdrawal(
  row: AdminWithdrawalRow,
  approvedBy: Approval[],
  secondApprovalAboveWei: bigint,
): AdminWithdrawal {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    amountWei: row.amount.toString(),
    feeWei: row.fee.toString(),
    recipientAddress: row.recipientAddress,
    status: row.status,
    reviewReason: row.reviewReason,
    rejectReason: row.rejectReason,
    reviewedBy: row.reviewedBy,
    txHash: row.txHash,
    createdAt: row.createdAt.toISOString(),
    userRole: row.userRole,
    approvals: approvedBy.length,
    approvalsRequired: approvalsRequired(row.amount, secondApprovalAboveWei),
    approvedBy,
  };
}

/** The approvals of these withdrawals, oldest first, with the approvers' names. */
async function approvalsOf(db: Executor, ids: string[]): Promise<Map<string, Approval[]>> {
  const byWithdrawal = new Map<string, Approval[]>();
  if (ids.length === 0) return byWithdrawal;
  const rows = await repo.approvalRows(db, ids);
  for (const row of rows) {
    const list = byWithdrawal.get(row.withdrawalId) ?? [];
    list.push({ userId: row.userId, name: row.name, at: row.at.toISOString() });
    byWithdrawal.set(row.withdrawalId, list);
  }
  return byWithdrawal;
}

async function withApprovals(db: Executor, rows: SelectedRow[], secondApprovalAboveWei: bigint): Promise<AdminWithdrawal[]> {
  const approvals = await approvalsOf(
    db,
    rows.map((row) => row.withdrawal.id),
  );
  return rows.map((row) =>
    toAdminWithdrawal(
      { ...row.withdrawal, userName: row.userName, userEmail: row.userEmail, userRole: row.userRole },
      approvals.get(row.withdrawal.id) ?? [],
      secondApprovalAboveWei,
    ),
  );
}

export async function listWithdrawals(
  db: Executor,
  filter: { status?: WithdrawalRow['status']; userId?: string },
  policy: { secondApprovalAboveWei: bigint },
  limit = 200,
): Promise<AdminWithdrawal[]> {
  const rows = await repo.withdrawalsWithUser(db, filter, limit);
  return withApprovals(db, rows, policy.secondApprovalAboveWei);
}

async function withdrawalById(db: Executor, id: string, secondApprovalAboveWei: bigint): Promise<AdminWithdrawal | undefined> {
  const rows = await repo.withdrawalWithUser(db, id);
  return (await withApprovals(db, rows, secondApprovalAboveWei))[0];
}

export interface WithdrawalReviewDeps {
  db: Database;
  balanceEvents: BalanceEvents;
  clock: Clock;
  logger: Logger;
  /** Called after an approval committed (the sender may pay it now instead of at its next tick). */
  onApproved?: () => void;
  /** WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH in wei: above it, two different staff members approve. */
  secondApprovalAboveWei: bigint;
}

export type Decision =
  | { found: false }
  | ({ found: true } & FourEyesRefused)
  | { found: true; refused?: undefined; changed: boolean; withdrawal: AdminWithdrawal };

export function createWithdrawalReview(deps: WithdrawalReviewDeps) {
  const { db, clock, logger } = deps;

  async function decided(id: string, changed: boolean): Promise<Decision> {
    const withdrawal = await withdrawalById(db, id, deps.secondApprovalAboveWei);
    return withdrawal ? { found: true, changed, withdrawal } : { found: false };
  }

  return {
    async approve(id: string, staff: StaffContext): Promise<Decision> {
      const outcome = await db.transaction(async (tx) => {
        const row = await lockWithdrawal(tx, id);
        if (!row) return undefined;
        // Under the row's lock: whose it is cannot change, and two approvals serialise here.
        const refused = await fourEyesRefusal(tx, staff, [row.userId]);
        if (refused) return { refused };
        if (row.status !== 'review') return { changed: false, queued: false };
        const now = clock();
        const given = await repo.approversOf(tx, id);
        // The same person twice is one approval: nothing more changes.
        if (given.some((approval) => approval.userId === staff.userId)) return { changed: false, queued: false };
        await repo.insertApproval(tx, id, staff.userId, now);
        const approvals = given.length + 1;
        const required = approvalsRequired(row.amount, deps.secondApprovalAboveWei);
        const queued = approvals >= required;
        if (queued) {
          await updateWithdrawal(tx, id, { status: 'queued', reviewedBy: staff.userId, reviewedAt: now, updatedAt: now });
        } else {
          await updateWithdrawal(tx, id, { updatedAt: now });
        }
        await appendAudit(tx, {
          actor: staff.userId,
          role: staff.role,
          action: 'withdrawal.approve',
          target: `withdrawal:${id}`,
          before: { status: row.status, approvals: given.length },
          after: { status: queued ? 'queued' : 'review', approvals, approvalsRequired: required },
          ip: staff.ip,
          at: now,
        });
        return { changed: true, queued, userId: row.userId };
      });
      if (outcome === undefined) return { found: false };
      if (outcome.refused) {
        await auditRefusal(db, logger, staff, {
          action: 'withdrawal.approve',
          target: `withdrawal:${id}`,
          refused: outcome.refused,
          at: clock(),
        });
        return { found: true, refused: outcome.refused, action: 'approve' };
      }
      if (outcome.queued) {
        logger.info({ withdrawalId: id, staff: staff.userId }, 'Withdrawal approved');
        if (outcome.userId !== undefined) deps.balanceEvents.withdrawalReviewed?.(outcome.userId, id, { status: 'approved' });
        deps.onApproved?.();
      } else if (outcome.changed) {
        logger.info({ withdrawalId: id, staff: staff.userId }, 'Withdrawal approved once: it waits for a second staff member');
      }
      return decided(id, outcome.changed);
    },

    async reject(id: string, reason: string, staff: StaffContext): Promise<Decision> {
      const outcome = await db.transaction(async (tx) => {
        const row = await lockWithdrawal(tx, id);
        if (!row) return undefined;
        const refused = await fourEyesRefusal(tx, staff, [row.userId]);
        if (refused) return { changed: false as const, refused };
        if (row.status !== 'review') return { changed: false as const };
        const now = clock();
        const user = LedgerAccounts.user(row.userId);
        // Amount and fee back in one transfer: nothing was signed, so no gas was paid.
        const moved = await transfer(tx, {
          idempotencyKey: `withdrawal-reject:${id}`,
          kind: 'withdrawal_rejected',
          legs: withdrawalReturnLegs(row.userId, row.amount, row.fee),
          memo: { withdrawalId: id, reason, fee: row.fee.toString() },
        });
        await updateWithdrawal(tx, id, {
          status: 'rejected',
          rejectReason: reason,
          failureReason: reason,
          reviewedBy: staff.userId,
          reviewedAt: now,
          updatedAt: now,
        });
        await appendAudit(tx, {
          actor: staff.userId,
          role: staff.role,
          action: 'withdrawal.reject',
          target: `withdrawal:${id}`,
          before: { status: row.status },
          after: { status: 'rejected', refundedWei: (row.amount + row.fee).toString() },
          reason,
          ip: staff.ip,
          at: now,
        });
        return { changed: true as const, userId: row.userId, balance: moved.balances.get(user.code) };
      });
      if (outcome === undefined) return { found: false };
      if ('refused' in outcome && outcome.refused) {
        await auditRefusal(db, logger, staff, {
          action: 'withdrawal.reject',
          target: `withdrawal:${id}`,
          refused: outcome.refused,
          at: clock(),
        });
        return { found: true, refused: outcome.refused, action: 'reject' };
      }
      if (outcome.changed) {
        logger.info({ withdrawalId: id, staff: staff.userId }, 'Withdrawal rejected: amount and fee returned');
        if (outcome.balance !== undefined) deps.balanceEvents.balanceChanged(outcome.userId, outcome.balance);
        deps.balanceEvents.withdrawalReviewed?.(outcome.userId, id, { status: 'rejected', reason });
      }
      return decided(id, outcome.changed);
    },
  };
}

export type WithdrawalReview = ReturnType<typeof createWithdrawalReview>;
