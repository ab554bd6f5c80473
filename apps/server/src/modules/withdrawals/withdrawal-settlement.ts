/**
 * How a withdrawal ends, in one transaction each with its ledger transfers:
 * confirmed (in flight → sent, the gas the house's network fee) or failed
 * (the amount back to the user; the fee charged too when nothing was mined,
 * the gas the house's when a reverted attempt was).
 */
import type { TransactionReceipt } from 'viem';
import type { Database, Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { BalanceEvents } from '../ledger/balance-events';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { transfer } from '../ledger/ledger.service';
import { withdrawalReturnLegs } from './withdrawal-return';
import {
  lockWithdrawal,
  markOtherAttemptsReplaced,
  setAttemptStatus,
  updateWithdrawal,
  type WithdrawalRow,
} from './withdrawals.repo';

export interface WithdrawalSettlementDeps {
  db: Database;
  balanceEvents: BalanceEvents;
  logger: Logger;
  clock: Clock;
  fence: (tx: Executor) => Promise<void>;
}

/** The gas a mined attempt cost the hot wallet, booked as the house's network fee. */
async function bookFee(tx: Executor, withdrawal: WithdrawalRow, fee: bigint): Promise<void> {
  if (fee === 0n) return;
  await transfer(tx, {
    idempotencyKey: `withdrawal-fee:${withdrawal.id}`,
    kind: 'withdrawal_fee',
    legs: [{ from: LedgerAccounts.house, to: LedgerAccounts.networkFees, amount: fee }],
    memo: { withdrawalId: withdrawal.id },
  });
}

export function createWithdrawalSettlement(deps: WithdrawalSettlementDeps) {
  const { db, logger, clock, fence } = deps;
  return {
    /**
     * Fails a withdrawal still in `fromStatus` and returns its amount to the
     * user, in one transaction; `mined` is the reverted attempt, when there is one.
     */
    async fail(
      withdrawal: WithdrawalRow,
      fromStatus: 'queued' | 'sent',
      reason: string,
      mined?: { attemptId: string; receipt: TransactionReceipt },
    ): Promise<void> {
      const balance = await db.transaction(async (tx) => {
        await fence(tx);
        const current = await lockWithdrawal(tx, withdrawal.id);
        if (current?.status !== fromStatus) return undefined;
        await updateWithdrawal(tx, withdrawal.id, {
          status: 'failed',
          failureReason: reason,
          updatedAt: clock(),
          ...(mined ? { txHash: mined.receipt.transactionHash, blockNumber: mined.receipt.blockNumber } : {}),
        });
        if (mined) {
          await setAttemptStatus(tx, [mined.attemptId], 'reverted');
          await markOtherAttemptsReplaced(tx, withdrawal.id, mined.attemptId);
        }
        // Nothing mined, no gas paid: the fee charged goes back too. Mined (reverted): the fee paid its gas.
        const refundFee = !mined && current.fee > 0n;
        const moved = await transfer(tx, {
          idempotencyKey: `withdrawal-refund:${withdrawal.id}`,
          kind: 'withdrawal_refund',
          legs: withdrawalReturnLegs(withdrawal.userId, withdrawal.amount, refundFee ? current.fee : 0n),
          // The fee given back is named, so a statement can show it apart from the amount.
          memo: { withdrawalId: withdrawal.id, reason, ...(refundFee ? { fee: current.fee.toString() } : {}) },
        });
        if (mined) {
          const gasPaid = mined.receipt.gasUsed * mined.receipt.effectiveGasPrice;
          await updateWithdrawal(tx, withdrawal.id, { gasPaid });
          await bookFee(tx, withdrawal, gasPaid);
        }
        return moved.balances.get(LedgerAccounts.user(withdrawal.userId).code);
      });
      if (balance === undefined) return;
      logger.warn(
        { withdrawalId: withdrawal.id, userId: withdrawal.userId, reason },
        'Withdrawal failed: amount returned to the user',
      );
      deps.balanceEvents.balanceChanged(withdrawal.userId, balance);
      deps.balanceEvents.withdrawalSettled?.(withdrawal.userId, withdrawal.id, 'failed');
    },

    /** Marks a withdrawal paid: in flight → sent, and the gas as a network fee, in one transaction. */
    async confirm(withdrawal: WithdrawalRow, attemptId: string, receipt: TransactionReceipt): Promise<void> {
      const done = await db.transaction(async (tx) => {
        await fence(tx);
        const current = await lockWithdrawal(tx, withdrawal.id);
        if (current?.status !== 'sent') return false;
        await updateWithdrawal(tx, withdrawal.id, {
          status: 'confirmed',
          txHash: receipt.transactionHash,
          blockNumber: receipt.blockNumber,
          updatedAt: clock(),
        });
        await setAttemptStatus(tx, [attemptId], 'mined');
        await markOtherAttemptsReplaced(tx, withdrawal.id, attemptId);
        await transfer(tx, {
          idempotencyKey: `withdrawal-paid:${withdrawal.id}`,
          kind: 'withdrawal_paid',
          legs: [{ from: LedgerAccounts.withdrawalsInFlight, to: LedgerAccounts.withdrawalsSent, amount: withdrawal.amount }],
          memo: { withdrawalId: withdrawal.id, txHash: receipt.transactionHash },
        });
        const gasPaid = receipt.gasUsed * receipt.effectiveGasPrice;
        await updateWithdrawal(tx, withdrawal.id, { gasPaid });
        await bookFee(tx, withdrawal, gasPaid);
        return true;
      });
      if (!done) return;
      logger.info({ withdrawalId: withdrawal.id, txHash: receipt.transactionHash }, 'Withdrawal confirmed');
      deps.balanceEvents.withdrawalSettled?.(withdrawal.userId, withdrawal.id, 'confirmed');
    },
  };
}

export type WithdrawalSettlement = ReturnType<typeof createWithdrawalSettlement>;
