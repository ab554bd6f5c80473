/**
 * Signing, write-ahead: an attempt is signed offline (with the configured
 * chain id: nothing leaves the process) inside the transaction that stores
 * it, and only broadcast once stored. The first attempt of a queued
 * withdrawal takes its nonce in that same transaction (withdrawal-nonces.ts);
 * a replacement reuses it, and the older attempts stay watched but are never
 * broadcast again.
 */
import { type Hex, keccak256, type LocalAccount } from 'viem';
import type { Database, Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Fees } from './withdrawal-pricing';
import {
  allocateNonce,
  insertAttempt,
  lockWithdrawal,
  markOtherAttemptsReplaced,
  updateWithdrawal,
  type NonceCounts,
  type WithdrawalAttemptRow,
  type WithdrawalRow,
} from './withdrawals.repo';

export interface WithdrawalSigningDeps {
  db: Database;
  account: LocalAccount;
  chainId: number;
  hotWalletAddress: string;
  clock: Clock;
  fence: (tx: Executor) => Promise<void>;
}

export function createWithdrawalSigning(deps: WithdrawalSigningDeps) {
  const { db, account, chainId, clock, fence } = deps;

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

  return {
    /** Allocates a nonce, signs and stores the first attempt of a withdrawal still queued (undefined: another pass took it). */
    signFirst(
      withdrawal: WithdrawalRow,
      gas: bigint,
      fees: Fees,
      counts: NonceCounts,
    ): Promise<WithdrawalAttemptRow | undefined> {
      return db.transaction(async (tx) => {
        // Another pass may have taken it since it was read.
        await fence(tx);
        const current = await lockWithdrawal(tx, withdrawal.id);
        if (current?.status !== 'queued') return undefined;
        const nonce = await allocateNonce(tx, chainId, deps.hotWalletAddress, counts);
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
    },

    /** Signs and stores a replacement of `latest` (same nonce and gas, `fees`), unless the withdrawal moved on (undefined). */
    signReplacement(
      withdrawal: WithdrawalRow,
      latest: WithdrawalAttemptRow,
      fees: Fees,
    ): Promise<WithdrawalAttemptRow | undefined> {
      return db.transaction(async (tx) => {
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
    },
  };
}
