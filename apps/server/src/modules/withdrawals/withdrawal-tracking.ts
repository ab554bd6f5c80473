/**
 * Receipt tracking of a sent withdrawal: all its attempts share one nonce, so
 * at most one of them has a receipt. Once that receipt has the required
 * confirmations the withdrawal is confirmed or, reverted, failed
 * (withdrawal-settlement.ts); an attempt not mined after the stuck delay is
 * handed to re-pricing.
 */
import { type Hex } from 'viem';
import type { Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import { confirmations } from '../deposits/block-scanner';
import type { WithdrawalChain } from './withdrawal-chain';
import type { WithdrawalSettlement } from './withdrawal-settlement';
import { attemptsOf, type WithdrawalAttemptRow, type WithdrawalRow } from './withdrawals.repo';

export interface WithdrawalTrackingDeps {
  db: Executor;
  chain: Pick<WithdrawalChain, 'receipt'>;
  settlement: WithdrawalSettlement;
  /** Confirmations a payment needs. */
  required: bigint;
  stuckMs: number;
  clock: Clock;
  /** A stuck attempt: re-price it (or broadcast it again). */
  reprice: (withdrawal: WithdrawalRow, latest: WithdrawalAttemptRow) => Promise<void>;
}

export function createWithdrawalTracking(deps: WithdrawalTrackingDeps) {
  const { db, chain, settlement, required, clock } = deps;
  return {
    /** Confirms, fails or re-prices a sent withdrawal. */
    async follow(withdrawal: WithdrawalRow, head: bigint): Promise<void> {
      const attempts = await attemptsOf(db, withdrawal.id);
      const latest = attempts.at(-1);
      if (!latest) return;
      for (const attempt of attempts) {
        const receipt = await chain.receipt(attempt.txHash as Hex);
        if (receipt === null) continue;
        if (confirmations(receipt.blockNumber, head) < required) return;
        if (receipt.status === 'success') await settlement.confirm(withdrawal, attempt.id, receipt);
        else await settlement.fail(withdrawal, 'sent', 'The payment transaction reverted.', { attemptId: attempt.id, receipt });
        return;
      }
      if (clock().getTime() - latest.createdAt.getTime() >= deps.stuckMs) await deps.reprice(withdrawal, latest);
    },
  };
}
