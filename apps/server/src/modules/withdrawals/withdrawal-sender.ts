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
 */
import {
  BaseError,
  ExecutionRevertedError,
  type Hex,
  keccak256,
  type LocalAccount,
  TransactionReceiptNotFoundError,
  type TransactionReceipt,
} from 'viem';
import type { ChainContext } from '../../infra/chain/chain-runtime';
import type { Database, Executor } from '../../infra/db/database';
import type { BalanceEvents } from '../ledger/balance-events';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { createPeriodicTask } from '../../shared/periodic-task';
import { confirmations } from '../deposits/block-scanner';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { transfer } from '../ledger/ledger.service';
import { capFees, WITHDRAWAL_GAS_LIMIT } from './withdrawal-fees';
import {
  allocateNonce,
  attemptsOf,
  insertAttempt,
  lockWithdrawal,
  markOtherAttemptsReplaced,
  setAttemptStatus,
  signedAttempts,
  updateWithdrawal,
  withdrawalsInStatus,
  type NonceCounts,
  type WithdrawalAttemptRow,
  type WithdrawalRow,
} from './withdrawals.repo';

/** Replacement fee bump: +12.5 % (nodes require at least +10 % on both fields). */
const BUMP_NUMERATOR = 1125n;
const BUMP_DENOMINATOR = 1000n;

/** A capped withdrawal's first attempt offers at most 4/5 of its cap per gas (issue 12): a replacement fits under the cap. */
const FIRST_ATTEMPT_CAP_NUMERATOR = 4n;
const FIRST_ATTEMPT_CAP_DENOMINATOR = 5n;

/** A stuck attempt already paying this multiple of the current estimate on both fields is not re-priced again. */
const OVERPAY_FACTOR = 2n;

/** Node answers to a broadcast that mean it has (or had) this transaction or one with its nonce. */
const ALREADY_SEEN = /already known|known transaction|nonce too low|already imported/i;

export interface WithdrawalSender {
  start(): void;
  stop(): Promise<void>;
  /** One pass; concurrent calls share one run. */
  tick(): Promise<void>;
}

export interface WithdrawalSenderDeps {
  db: Database;
  chain: ChainContext;
  balanceEvents: BalanceEvents;
  logger: Logger;
  clock: Clock;
  /** Broadcasts a signed transaction (default `eth_sendRawTransaction`; tests inject a crash). */
  broadcast?: (raw: Hex) => Promise<void>;
  /**
   * Runs first in every transaction that claims, signs or settles a
   * withdrawal; throws to refuse it. Several nodes: the leader lease's epoch
   * check, so that a deposed leader still finishing a pass changes nothing.
   */
  fence?: (tx: Executor) => Promise<void>;
}

/** Raises a fee by 12.5 %, rounding up, and to at least `floor` (the current estimate). */
export function bumpFee(previous: bigint, floor: bigint): bigint {
  const bumped = (previous * BUMP_NUMERATOR + BUMP_DENOMINATOR - 1n) / BUMP_DENOMINATOR;
  return bumped > floor ? bumped : floor;
}

/** Nodes replace a pending transaction only when both fee fields rise by at least 10 %. */
export function isValidReplacement(previous: Fees, next: Fees): boolean {
  return next.maxFeePerGas * 10n >= previous.maxFeePerGas * 11n && next.maxPriorityFeePerGas * 10n >= previous.maxPriorityFeePerGas * 11n;
}

function isRevert(error: unknown): boolean {
  return error instanceof BaseError && error.walk((cause) => cause instanceof ExecutionRevertedError) instanceof ExecutionRevertedError;
}

interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export function createWithdrawalSender(deps: WithdrawalSenderDeps): WithdrawalSender {
  const { db, chain, logger, clock } = deps;
  const client = chain.publicClient;
  const chainId = chain.settings.chainId;
  const required = BigInt(chain.settings.withdrawalConfirmations);
  const walletAccount = chain.hotWallet.account;
  if (walletAccount.type !== 'local') throw new Error('the hot wallet must be a local account: withdrawals are signed offline');
  const account: LocalAccount = walletAccount;
  const fence = deps.fence ?? (async () => undefined);
  const broadcast =
    deps.broadcast ??
    (async (raw: Hex) => {
      await client.sendRawTransaction({ serializedTransaction: raw });
    });

  /** Broadcasts stored bytes; a refusal leaves the attempt `signed`, to be broadcast again next pass. */
  async function send(attempt: Pick<WithdrawalAttemptRow, 'id' | 'txHash' | 'rawTransaction'>): Promise<void> {
    try {
      await broadcast(attempt.rawTransaction as Hex);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (!ALREADY_SEEN.test(text)) {
        logger.warn({ err: error, txHash: attempt.txHash }, 'Withdrawal broadcast failed; the same transaction is broadcast again next pass');
        return;
      }
    }
    await setAttemptStatus(db, [attempt.id], 'broadcast', ['signed']);
  }

  /** Signs offline, with the configured chain id: nothing leaves the process. */
  async function sign(withdrawal: WithdrawalRow, nonce: number, gas: bigint, fees: Fees) {
    const raw = await account.signTransaction({
      chainId,
      type: 'eip1559',
      to: withdrawal.recipientAddress as Hex,
      value: withdrawal.amount,
      nonce,
      gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    return { raw, txHash: keccak256(raw) };
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

  /**
   * Fails a withdrawal still in `fromStatus` and returns its amount to the
   * user, in one transaction; `mined` is the reverted attempt, when there is one.
   */
  async function fail(
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
        legs: [
          { from: LedgerAccounts.withdrawalsInFlight, to: LedgerAccounts.user(withdrawal.userId), amount: withdrawal.amount },
          ...(refundFee ? [{ from: LedgerAccounts.withdrawalFees, to: LedgerAccounts.user(withdrawal.userId), amount: current.fee }] : []),
        ],
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
    logger.warn({ withdrawalId: withdrawal.id, userId: withdrawal.userId, reason }, 'Withdrawal failed: amount returned to the user');
    deps.balanceEvents.balanceChanged(withdrawal.userId, balance);
    deps.balanceEvents.withdrawalSettled?.(withdrawal.userId, withdrawal.id, 'failed');
  }

  /** Marks a withdrawal paid: in flight → sent, and the gas as a network fee, in one transaction. */
  async function confirm(withdrawal: WithdrawalRow, attemptId: string, receipt: TransactionReceipt): Promise<void> {
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
  }

  /** Estimates, allocates a nonce, signs and stores the first attempt of a queued withdrawal, then broadcasts it. */
  async function sendQueued(withdrawal: WithdrawalRow, nonceCounts: () => Promise<NonceCounts>): Promise<void> {
    let gas: bigint;
    try {
      gas = await client.estimateGas({ account, to: withdrawal.recipientAddress as Hex, value: withdrawal.amount });
    } catch (error) {
      if (!isRevert(error)) throw error;
      // Nothing signed, no nonce taken: the payment simply cannot happen.
      await fail(withdrawal, 'queued', 'The recipient refused the payment (the transaction would revert).');
      return;
    }
    const cap = withdrawal.maxFeePerGas;
    if (cap !== null) {
      if (gas > WITHDRAWAL_GAS_LIMIT) {
        // Its fee was charged for a plain transfer: more gas would be the house's money.
        await fail(withdrawal, 'queued', 'The recipient needs more gas than a plain payment: withdraw to an ordinary address.');
        return;
      }
      gas = WITHDRAWAL_GAS_LIMIT;
    }
    const estimate = await client.estimateFeesPerGas();
    // The first attempt keeps a fifth of the cap in reserve: room for at least one re-pricing (+10 % on both fields).
    const fees: Fees = cap === null ? estimate : capFees(estimate, (cap * FIRST_ATTEMPT_CAP_NUMERATOR) / FIRST_ATTEMPT_CAP_DENOMINATOR);
    const counts = await nonceCounts();
    const attempt = await db.transaction(async (tx) => {
      // Another pass may have taken it since it was read.
      await fence(tx);
      const current = await lockWithdrawal(tx, withdrawal.id);
      if (current?.status !== 'queued') return undefined;
      const nonce = await allocateNonce(tx, chainId, chain.hotWalletAddress, counts);
      const signed = await sign(current, nonce, gas, fees);
      await updateWithdrawal(tx, current.id, { status: 'sent', nonce, txHash: signed.txHash, updatedAt: clock() });
      return insertAttempt(tx, {
        withdrawalId: current.id,
        nonce,
        txHash: signed.txHash,
        rawTransaction: signed.raw,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        gasLimit: gas,
        createdAt: clock(),
      });
    });
    if (!attempt) return;
    logger.info({ withdrawalId: withdrawal.id, txHash: attempt.txHash, nonce: attempt.nonce }, 'Withdrawal signed');
    await send(attempt);
  }

  async function receiptOf(hash: Hex): Promise<TransactionReceipt | null> {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }
  }

  /** Signs a replacement of a stuck attempt (same nonce, higher fees), stores it, then broadcasts it. */
  async function reprice(withdrawal: WithdrawalRow, latest: WithdrawalAttemptRow): Promise<void> {
    const estimate = await client.estimateFeesPerGas();
    const overpaying =
      latest.maxFeePerGas >= OVERPAY_FACTOR * estimate.maxFeePerGas &&
      latest.maxPriorityFeePerGas >= OVERPAY_FACTOR * estimate.maxPriorityFeePerGas;
    if (overpaying) {
      // Its price is not what holds it back: raising it again would only burn money (+12.5 % per
      // period, without end). The node may have dropped it: offer it the same bytes again.
      logger.warn(
        { withdrawalId: withdrawal.id, txHash: latest.txHash, nonce: latest.nonce },
        'Withdrawal not mined although it pays at least twice the current fees; broadcast again, not re-priced',
      );
      await send(latest);
      return;
    }
    const maxPriorityFeePerGas = bumpFee(latest.maxPriorityFeePerGas, estimate.maxPriorityFeePerGas);
    const bumpedMaxFee = bumpFee(latest.maxFeePerGas, estimate.maxFeePerGas);
    const bumped: Fees = { maxPriorityFeePerGas, maxFeePerGas: bumpedMaxFee > maxPriorityFeePerGas ? bumpedMaxFee : maxPriorityFeePerGas };
    const fees: Fees = withdrawal.maxFeePerGas === null ? bumped : capFees(bumped, withdrawal.maxFeePerGas);
    if (!isValidReplacement(latest, fees)) {
      // The fee charged allows no higher price: wait for the base fee to come down, offering the same bytes.
      logger.warn(
        { withdrawalId: withdrawal.id, txHash: latest.txHash, nonce: latest.nonce },
        'Withdrawal not mined and already offering the most its fee allows; broadcast again, not re-priced',
      );
      await send(latest);
      return;
    }
    const replacement = await db.transaction(async (tx) => {
      await fence(tx);
      const current = await lockWithdrawal(tx, withdrawal.id);
      if (current?.status !== 'sent' || current.nonce !== latest.nonce) return undefined;
      const signed = await sign(current, latest.nonce, latest.gasLimit, fees);
      const stored = await insertAttempt(tx, {
        withdrawalId: current.id,
        nonce: latest.nonce,
        txHash: signed.txHash,
        rawTransaction: signed.raw,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        gasLimit: latest.gasLimit,
        createdAt: clock(),
      });
      // The older attempts stay watched (one of them may still be mined) but are never broadcast again.
      await markOtherAttemptsReplaced(tx, current.id, stored.id);
      await updateWithdrawal(tx, current.id, { txHash: signed.txHash, updatedAt: clock() });
      return stored;
    });
    if (!replacement) return;
    logger.warn(
      { withdrawalId: withdrawal.id, previous: latest.txHash, txHash: replacement.txHash, nonce: latest.nonce },
      'Withdrawal stuck: replaced with higher fees',
    );
    await send(replacement);
  }

  /** Confirms, fails or re-prices a sent withdrawal. */
  async function follow(withdrawal: WithdrawalRow, head: bigint): Promise<void> {
    const attempts = await attemptsOf(db, withdrawal.id);
    const latest = attempts.at(-1);
    if (!latest) return;
    // All attempts share one nonce: at most one of them has a receipt.
    for (const attempt of attempts) {
      const receipt = await receiptOf(attempt.txHash as Hex);
      if (receipt === null) continue;
      if (confirmations(receipt.blockNumber, head) < required) return;
      if (receipt.status === 'success') await confirm(withdrawal, attempt.id, receipt);
      else await fail(withdrawal, 'sent', 'The payment transaction reverted.', { attemptId: attempt.id, receipt });
      return;
    }
    if (clock().getTime() - latest.createdAt.getTime() >= chain.withdrawalStuckMs) await reprice(withdrawal, latest);
  }

  async function pass(): Promise<void> {
    for (const { attempt } of await signedAttempts(db, chainId)) await send(attempt);

    // Read once per pass, and only when something is to be sent.
    let counts: Promise<NonceCounts> | undefined;
    const nonceCounts = () =>
      (counts ??= Promise.all([
        client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
        client.getTransactionCount({ address: account.address, blockTag: 'latest' }),
      ]).then(([pending, mined]) => ({ pending, mined })));
    for (const withdrawal of await withdrawalsInStatus(db, chainId, 'queued')) {
      try {
        await sendQueued(withdrawal, nonceCounts);
      } catch (error) {
        logger.error({ err: error, withdrawalId: withdrawal.id }, 'Withdrawal could not be sent; retrying next pass');
        break; // the next ones wait, so that nonces keep following the requests' order
      }
    }

    const head = await client.getBlockNumber({ cacheTime: 0 });
    for (const withdrawal of await withdrawalsInStatus(db, chainId, 'sent')) await follow(withdrawal, head);
  }

  const task = createPeriodicTask({ name: 'Withdrawal sender pass', everyMs: chain.pollMs, run: pass, logger });

  return {
    /** Starts polling every chain.pollMs. Idempotent; starts again after stop() (a node elected leader again). */
    start: task.start,
    stop: task.stop,
    tick: task.tick,
  };
}
