/**
 * Pays queued withdrawals from the hot wallet, one process at a time.
 *
 * - A nonce is allocated in the database once per withdrawal; every attempt
 *   (the first and any re-priced replacement) uses it, so at most one can be
 *   mined: never two payments for one withdrawal.
 * - A transaction is signed and stored (raw) before it is broadcast; after a
 *   crash the stored bytes are broadcast again, never re-signed with a new
 *   nonce.
 * - A payment that cannot succeed (gas estimation reverts, e.g. a recipient
 *   contract that refuses ETH) or that is mined reverted returns the amount to
 *   the user. A confirmed one moves it from "in flight" to "sent"; the gas is
 *   paid by the house (network fees).
 * - A transaction not mined after `withdrawalStuckMs` is replaced with both
 *   EIP-1559 fee fields raised by 12.5 % (at least the current estimate).
 */
import { and, eq } from 'drizzle-orm';
import {
  BaseError,
  ExecutionRevertedError,
  type Hex,
  keccak256,
  TransactionReceiptNotFoundError,
  type TransactionReceipt,
} from 'viem';
import type { ChainContext } from '../../infra/chain/chain-runtime';
import type { Database } from '../../infra/db/database';
import { withdrawalAttempts, withdrawals } from '../../infra/db/schema/index';
import type { BalanceEvents } from '../../realtime/balance-events';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { confirmations } from '../deposits/block-scanner';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { transfer } from '../ledger/ledger.service';
import {
  allocateNonce,
  attemptsOf,
  setAttemptStatus,
  signedAttempts,
  withdrawalsInStatus,
  type WithdrawalAttemptRow,
  type WithdrawalRow,
} from './withdrawals.repo';

/** Replacement fee bump: +12.5 % (nodes require at least +10 %). */
const BUMP_NUMERATOR = 1125n;
const BUMP_DENOMINATOR = 1000n;

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
  /** Broadcasts a signed transaction (tests inject failures). */
  broadcast?: (raw: Hex) => Promise<void>;
}

/** Raises a fee by 12.5 %, rounding up, and to at least `floor`. */
export function bumpFee(previous: bigint, floor: bigint): bigint {
  const bumped = (previous * BUMP_NUMERATOR + BUMP_DENOMINATOR - 1n) / BUMP_DENOMINATOR;
  return bumped > floor ? bumped : floor;
}

function isRevert(error: unknown): boolean {
  return error instanceof BaseError && error.walk((cause) => cause instanceof ExecutionRevertedError) instanceof ExecutionRevertedError;
}

export function createWithdrawalSender(deps: WithdrawalSenderDeps): WithdrawalSender {
  const { db, chain, logger, clock } = deps;
  const client = chain.publicClient;
  const chainId = chain.settings.chainId;
  const required = BigInt(chain.settings.withdrawalConfirmations);
  const account = chain.hotWallet.account;
  const broadcast =
    deps.broadcast ??
    (async (raw: Hex) => {
      await client.sendRawTransaction({ serializedTransaction: raw });
    });

  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** Broadcasts stored bytes; "already known" and the like mean the node has it. */
  async function send(attempt: Pick<WithdrawalAttemptRow, 'id' | 'txHash' | 'rawTransaction'>): Promise<void> {
    try {
      await broadcast(attempt.rawTransaction as Hex);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (!/already known|known transaction|nonce too low|already imported/i.test(text)) {
        logger.warn({ err: error, txHash: attempt.txHash }, 'Withdrawal broadcast failed; the same transaction is broadcast again next pass');
        return;
      }
    }
    await setAttemptStatus(db, [attempt.id], 'broadcast', ['signed']);
  }

  async function sign(withdrawal: WithdrawalRow, nonce: number, gas: bigint, maxFeePerGas: bigint, maxPriorityFeePerGas: bigint) {
    const raw = await account.signTransaction!({
      chainId,
      type: 'eip1559',
      to: withdrawal.recipientAddress as Hex,
      value: withdrawal.amount,
      nonce,
      gas,
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
    return { raw, txHash: keccak256(raw) };
  }

  async function refund(withdrawal: WithdrawalRow, reason: string, fromStatus: 'queued' | 'sent', fee: bigint, receipt?: TransactionReceipt) {
    const balance = await db.transaction(async (tx) => {
      const updated = await tx
        .update(withdrawals)
        .set({
          status: 'failed',
          failureReason: reason,
          updatedAt: clock(),
          ...(receipt ? { txHash: receipt.transactionHash, blockNumber: receipt.blockNumber } : {}),
        })
        .where(and(eq(withdrawals.id, withdrawal.id), eq(withdrawals.status, fromStatus)))
        .returning({ id: withdrawals.id });
      if (updated.length === 0) return undefined;
      const moved = await transfer(tx, {
        idempotencyKey: `withdrawal-refund:${withdrawal.id}`,
        kind: 'withdrawal_refund',
        legs: [{ from: LedgerAccounts.withdrawalsInFlight, to: LedgerAccounts.user(withdrawal.userId), amount: withdrawal.amount }],
        memo: { withdrawalId: withdrawal.id, reason },
      });
      if (fee > 0n) {
        await transfer(tx, {
          idempotencyKey: `withdrawal-fee:${withdrawal.id}`,
          kind: 'withdrawal_fee',
          legs: [{ from: LedgerAccounts.house, to: LedgerAccounts.networkFees, amount: fee }],
          memo: { withdrawalId: withdrawal.id },
        });
      }
      return moved.balances.get(LedgerAccounts.user(withdrawal.userId).code);
    });
    if (balance === undefined) return;
    logger.warn({ withdrawalId: withdrawal.id, userId: withdrawal.userId, reason }, 'Withdrawal failed: amount returned to the user');
    deps.balanceEvents.balanceChanged(withdrawal.userId, balance);
  }

  /** Signs and broadcasts the first attempt of a queued withdrawal. */
  async function sendQueued(withdrawal: WithdrawalRow): Promise<void> {
    let gas: bigint;
    try {
      gas = await client.estimateGas({ account, to: withdrawal.recipientAddress as Hex, value: withdrawal.amount });
    } catch (error) {
      if (isRevert(error)) {
        await refund(withdrawal, 'The recipient refused the payment (the transaction would revert).', 'queued', 0n);
        return;
      }
      throw error;
    }
    const fees = await client.estimateFeesPerGas();
    const pendingCount = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const attempt = await db.transaction(async (tx) => {
      // Re-read under lock: another pass may have taken it.
      const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id)).for('update');
      if (!current || current.status !== 'queued') return undefined;
      const nonce = await allocateNonce(tx, chainId, chain.hotWalletAddress, pendingCount);
      const signed = await sign(current, nonce, gas, fees.maxFeePerGas, fees.maxPriorityFeePerGas);
      await tx.update(withdrawals).set({ status: 'sent', nonce, txHash: signed.txHash, updatedAt: clock() }).where(eq(withdrawals.id, current.id));
      const [row] = await tx
        .insert(withdrawalAttempts)
        .values({
          withdrawalId: current.id,
          nonce,
          txHash: signed.txHash,
          rawTransaction: signed.raw,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
          gasLimit: gas,
          createdAt: clock(),
        })
        .returning();
      return row!;
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

  /** Confirms, fails or re-prices a sent withdrawal. */
  async function follow(withdrawal: WithdrawalRow, head: bigint): Promise<void> {
    const attempts = await attemptsOf(db, withdrawal.id);
    if (attempts.length === 0) return;
    for (const attempt of attempts) {
      const receipt = await receiptOf(attempt.txHash as Hex);
      if (receipt === null) continue;
      if (confirmations(receipt.blockNumber, head) < required) return;
      const fee = receipt.gasUsed * receipt.effectiveGasPrice;
      await setAttemptStatus(db, attempts.filter((other) => other.id !== attempt.id).map((other) => other.id), 'replaced');
      if (receipt.status !== 'success') {
        await setAttemptStatus(db, [attempt.id], 'reverted');
        await refund(withdrawal, 'The payment transaction reverted.', 'sent', fee, receipt);
        return;
      }
      await setAttemptStatus(db, [attempt.id], 'mined');
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(withdrawals)
          .set({ status: 'confirmed', txHash: receipt.transactionHash, blockNumber: receipt.blockNumber, updatedAt: clock() })
          .where(and(eq(withdrawals.id, withdrawal.id), eq(withdrawals.status, 'sent')))
          .returning({ id: withdrawals.id });
        if (updated.length === 0) return;
        await transfer(tx, {
          idempotencyKey: `withdrawal-paid:${withdrawal.id}`,
          kind: 'withdrawal_paid',
          legs: [{ from: LedgerAccounts.withdrawalsInFlight, to: LedgerAccounts.withdrawalsSent, amount: withdrawal.amount }],
          memo: { withdrawalId: withdrawal.id, txHash: receipt.transactionHash },
        });
        if (fee > 0n) {
          await transfer(tx, {
            idempotencyKey: `withdrawal-fee:${withdrawal.id}`,
            kind: 'withdrawal_fee',
            legs: [{ from: LedgerAccounts.house, to: LedgerAccounts.networkFees, amount: fee }],
            memo: { withdrawalId: withdrawal.id },
          });
        }
      });
      logger.info({ withdrawalId: withdrawal.id, txHash: receipt.transactionHash }, 'Withdrawal confirmed');
      return;
    }
    // Nothing mined yet: re-price when the latest attempt has waited too long.
    const latest = attempts[attempts.length - 1]!;
    if (clock().getTime() - latest.createdAt.getTime() < chain.withdrawalStuckMs) return;
    const estimate = await client.estimateFeesPerGas();
    const maxPriorityFeePerGas = bumpFee(latest.maxPriorityFeePerGas, estimate.maxPriorityFeePerGas);
    let maxFeePerGas = bumpFee(latest.maxFeePerGas, estimate.maxFeePerGas);
    if (maxFeePerGas < maxPriorityFeePerGas) maxFeePerGas = maxPriorityFeePerGas;
    const signed = await sign(withdrawal, latest.nonce, latest.gasLimit, maxFeePerGas, maxPriorityFeePerGas);
    const [replacement] = await db
      .insert(withdrawalAttempts)
      .values({
        withdrawalId: withdrawal.id,
        nonce: latest.nonce,
        txHash: signed.txHash,
        rawTransaction: signed.raw,
        maxFeePerGas,
        maxPriorityFeePerGas,
        gasLimit: latest.gasLimit,
        createdAt: clock(),
      })
      .returning();
    await db.update(withdrawals).set({ txHash: signed.txHash, updatedAt: clock() }).where(eq(withdrawals.id, withdrawal.id));
    logger.warn(
      { withdrawalId: withdrawal.id, previous: latest.txHash, txHash: signed.txHash, nonce: latest.nonce },
      'Withdrawal stuck: replaced with higher fees',
    );
    await send(replacement!);
  }

  async function pass(): Promise<void> {
    for (const { attempt } of await signedAttempts(db, chainId)) await send(attempt);
    for (const withdrawal of await withdrawalsInStatus(db, chainId, 'queued')) {
      try {
        await sendQueued(withdrawal);
      } catch (error) {
        logger.error({ err: error, withdrawalId: withdrawal.id }, 'Withdrawal could not be sent; retrying next pass');
        break; // keep nonces in order: the next ones wait
      }
    }
    const head = await client.getBlockNumber({ cacheTime: 0 });
    for (const withdrawal of await withdrawalsInStatus(db, chainId, 'sent')) await follow(withdrawal, head);
  }

  function tick(): Promise<void> {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => logger.error({ err: error }, 'Withdrawal sender pass failed; retrying'))
        .finally(schedule);
    }, chain.pollMs);
    timer.unref();
  }

  return {
    start() {
      if (timer !== undefined || stopped) return;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
    tick,
  };
}
