/**
 * Pays queued withdrawals from the hot wallet. All its state lives in the
 * database (a pass can run in any process that holds the sender's lease).
 *
 * - Gas is estimated first: a payment that would revert (a recipient contract
 *   that refuses ETH) fails before any nonce is allocated or anything signed,
 *   and the amount returns to the user at once — no nonce gap.
 * - The nonce is allocated in the database, in the transaction that stores it
 *   on the withdrawal together with the first signed attempt. Every attempt
 *   (the first and any re-priced replacement) uses that nonce, so at most one
 *   of them can ever be mined: never two payments for one withdrawal.
 * - A transaction is signed and stored (raw) before it is broadcast; after a
 *   crash the stored bytes are broadcast again, never re-signed.
 * - Once an attempt is mined with enough confirmations the withdrawal is
 *   confirmed (in flight → sent) or, reverted, refunded (in flight → user);
 *   the gas is the house's (house → network fees), all in one transaction.
 * - An attempt not mined after `withdrawalStuckMs` is replaced with both
 *   EIP-1559 fee fields raised by 12.5 % (at least the current estimate),
 *   until it pays twice the current estimate: past that, price is not the
 *   problem and the same bytes are broadcast again instead.
 * - Issue 12: a withdrawal charged a network fee is signed with
 *   WITHDRAWAL_GAS_LIMIT gas and never, first or re-priced, with a max fee per
 *   gas above the one it was charged for (its `maxFeePerGas`): the gas paid
 *   is at most the fee charged. A replacement that this cap keeps under the
 *   nodes' +10 % rule is not signed; the same bytes are broadcast again. A
 *   recipient that needs more gas than a plain transfer is refused before
 *   anything is signed, and amount and fee both go back to the user.
 *
 * The jobs, one file each: pricing (withdrawal-pricing.ts), nonces
 * (withdrawal-nonces.ts), signing write-ahead (withdrawal-signing.ts),
 * broadcast (withdrawal-broadcast.ts), receipt tracking
 * (withdrawal-tracking.ts) and settlement (withdrawal-settlement.ts); this
 * file orders them in a pass. The chain is given (withdrawal-chain.ts; the
 * composition builds it on viem).
 */
import { BaseError, ExecutionRevertedError, type Hex, type LocalAccount } from 'viem';
import type { Database, Executor } from '../../infra/db/database';
import type { BalanceEvents } from '../ledger/balance-events';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { createPeriodicTask } from '../../shared/periodic-task';
import { createAttemptBroadcaster } from './withdrawal-broadcast';
import type { WithdrawalChain, WithdrawalChainSettings } from './withdrawal-chain';
import { WITHDRAWAL_GAS_LIMIT } from './withdrawal-fees';
import { nonceCountsForOnePass } from './withdrawal-nonces';
import { firstAttemptFees, repricing } from './withdrawal-pricing';
import { createWithdrawalSettlement } from './withdrawal-settlement';
import { createWithdrawalSigning } from './withdrawal-signing';
import { createWithdrawalTracking } from './withdrawal-tracking';
import {
  signedAttempts,
  withdrawalSenderWork,
  withdrawalsInStatus,
  type NonceCounts,
  type WithdrawalAttemptRow,
  type WithdrawalRow,
} from './withdrawals.repo';

export interface WithdrawalSender {
  start(): void;
  stop(): Promise<void>;
  /** One pass; concurrent calls share one run. */
  tick(): Promise<void>;
}

export interface WithdrawalSenderDeps {
  db: Database;
  settings: WithdrawalChainSettings;
  chain: WithdrawalChain;
  /** The hot wallet's key, a local account: withdrawals are signed offline. */
  account: LocalAccount;
  balanceEvents: BalanceEvents;
  logger: Logger;
  clock: Clock;
  /**
   * Runs first in every transaction that claims, signs or settles a
   * withdrawal; throws to refuse it. Several nodes: the leader lease's epoch
   * check, so that a deposed leader still finishing a pass changes nothing.
   */
  fence?: (tx: Executor) => Promise<void>;
}

function isRevert(error: unknown): boolean {
  return (
    error instanceof BaseError && error.walk((cause) => cause instanceof ExecutionRevertedError) instanceof ExecutionRevertedError
  );
}

export function createWithdrawalSender(deps: WithdrawalSenderDeps): WithdrawalSender {
  const { db, settings, chain, account, logger, clock } = deps;
  const fence = deps.fence ?? (async () => undefined);
  const send = createAttemptBroadcaster({ db, broadcast: (raw) => chain.broadcast(raw), logger });
  const signing = createWithdrawalSigning({
    db,
    account,
    chainId: settings.chainId,
    hotWalletAddress: settings.hotWalletAddress,
    clock,
    fence,
  });
  const settlement = createWithdrawalSettlement({ db, balanceEvents: deps.balanceEvents, logger, clock, fence });
  const tracking = createWithdrawalTracking({
    db,
    chain,
    settlement,
    required: BigInt(settings.withdrawalConfirmations),
    stuckMs: settings.withdrawalStuckMs,
    clock,
    reprice,
  });

  /** Estimates, allocates a nonce, signs and stores the first attempt of a queued withdrawal, then broadcasts it. */
  async function sendQueued(withdrawal: WithdrawalRow, nonceCounts: () => Promise<NonceCounts>): Promise<void> {
    let gas: bigint;
    try {
      gas = await chain.estimateGas(withdrawal.recipientAddress as Hex, withdrawal.amount);
    } catch (error) {
      if (!isRevert(error)) throw error;
      // Nothing signed, no nonce taken: the payment simply cannot happen.
      await settlement.fail(withdrawal, 'queued', 'The recipient refused the payment (the transaction would revert).');
      return;
    }
    const cap = withdrawal.maxFeePerGas;
    if (cap !== null) {
      if (gas > WITHDRAWAL_GAS_LIMIT) {
        // Its fee was charged for a plain transfer: more gas would be the house's money.
        await settlement.fail(
          withdrawal,
          'queued',
          'The recipient needs more gas than a plain payment: withdraw to an ordinary address.',
        );
        return;
      }
      gas = WITHDRAWAL_GAS_LIMIT;
    }
    const fees = firstAttemptFees(await chain.estimateFees(), cap);
    const attempt = await signing.signFirst(withdrawal, gas, fees, await nonceCounts());
    if (!attempt) return;
    logger.info({ withdrawalId: withdrawal.id, txHash: attempt.txHash, nonce: attempt.nonce }, 'Withdrawal signed');
    await send(attempt);
  }

  /** Signs a replacement of a stuck attempt (same nonce, higher fees), stores it, then broadcasts it — or offers the same bytes again. */
  async function reprice(withdrawal: WithdrawalRow, latest: WithdrawalAttemptRow): Promise<void> {
    const decision = repricing(latest, await chain.estimateFees(), withdrawal.maxFeePerGas);
    if ('again' in decision) {
      // The node may have dropped it, or the fee charged allows no higher price: offer it the same bytes again.
      logger.warn(
        { withdrawalId: withdrawal.id, txHash: latest.txHash, nonce: latest.nonce },
        decision.again === 'overpaying'
          ? 'Withdrawal not mined although it pays at least twice the current fees; broadcast again, not re-priced'
          : 'Withdrawal not mined and already offering the most its fee allows; broadcast again, not re-priced',
      );
      await send(latest);
      return;
    }
    const replacement = await signing.signReplacement(withdrawal, latest, decision.replace);
    if (!replacement) return;
    logger.warn(
      { withdrawalId: withdrawal.id, previous: latest.txHash, txHash: replacement.txHash, nonce: latest.nonce },
      'Withdrawal stuck: replaced with higher fees',
    );
    await send(replacement);
  }

  async function pass(): Promise<void> {
    const work = await withdrawalSenderWork(db, settings.chainId);
    if (!work.queued && !work.sent) return; // most passes: nothing to send or follow, no read of the chain either
    if (work.sent) for (const { attempt } of await signedAttempts(db, settings.chainId)) await send(attempt);

    const nonceCounts = nonceCountsForOnePass(() => chain.nonceCounts());
    for (const withdrawal of work.queued ? await withdrawalsInStatus(db, settings.chainId, 'queued') : []) {
      try {
        await sendQueued(withdrawal, nonceCounts);
      } catch (error) {
        logger.error({ err: error, withdrawalId: withdrawal.id }, 'Withdrawal could not be sent; retrying next pass');
        break; // the next ones wait, so that nonces keep following the requests' order
      }
    }

    const head = await chain.headNow();
    for (const withdrawal of await withdrawalsInStatus(db, settings.chainId, 'sent')) await tracking.follow(withdrawal, head);
  }

  const task = createPeriodicTask({ name: 'Withdrawal sender pass', everyMs: settings.pollMs, run: pass, logger });

  return {
    /** Starts polling every pollMs. Idempotent; starts again after stop() (a node elected leader again). */
    start: task.start,
    stop: task.stop,
    tick: task.tick,
  };
}
