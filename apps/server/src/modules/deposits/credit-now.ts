/**
 * Issue 18, the console's "credit now" for a deposit seen and not credited
 * past its confirmations: checked on the chain now (its transaction mined
 * successfully in the recorded block, to the recorded address, with the
 * recorded amount, with the confirmations), then credited through the same
 * path as a pass (status guard, ledger key, fence). The watcher runs it in
 * its pass's lane.
 */
import type { Hex } from 'viem';
import type { Database, Executor } from '../../infra/db/database';
import type { DepositChainReads } from './deposit-chain';
import type { DepositCrediting } from './deposit-crediting';
import { depositById, type DepositRow } from './deposits.repo';

export type CreditNowOutcome = 'credited' | 'already' | 'not_found' | 'not_confirmed' | 'not_on_chain';

export interface CreditNowDeps {
  db: Database;
  chainId: number;
  required: bigint;
  reads: Pick<DepositChainReads, 'transaction' | 'headNow'>;
  crediting: Pick<DepositCrediting, 'creditInTransaction' | 'announceCredit'>;
}

/** Whether the deposit's transaction is on the chain as recorded. */
async function isOnChain(reads: CreditNowDeps['reads'], deposit: DepositRow & { txHash: string }): Promise<boolean> {
  const { receipt, sent } = await reads.transaction(deposit.txHash as Hex);
  return (
    receipt !== undefined &&
    sent !== undefined &&
    receipt.status === 'success' &&
    receipt.blockNumber === deposit.blockNumber &&
    (deposit.blockHash === null || receipt.blockHash.toLowerCase() === deposit.blockHash.toLowerCase()) &&
    sent.to?.toLowerCase() === deposit.address &&
    sent.value === deposit.amount
  );
}

/** `inTransaction` runs in the crediting transaction (the audit entry). Idempotent by the deposit id: credited once, `already` afterwards. */
export function createCreditNow(deps: CreditNowDeps) {
  const { db, chainId, required, reads, crediting } = deps;
  return async function creditNow(
    depositId: string,
    inTransaction?: (tx: Executor, deposit: DepositRow) => Promise<void>,
  ): Promise<CreditNowOutcome> {
    const deposit = await depositById(db, chainId, depositId);
    if (!deposit) return 'not_found';
    if (deposit.status !== 'pending') return 'already';
    // Found by reconciliation (`internal`) deposits are credited as they are recorded: only transfers are checked here.
    if (deposit.kind !== 'transfer' || deposit.txHash === null) return 'not_on_chain';
    const [onChain, head] = await Promise.all([isOnChain(reads, { ...deposit, txHash: deposit.txHash }), reads.headNow()]);
    if (!onChain) return 'not_on_chain';
    if (head - deposit.blockNumber + 1n < required) return 'not_confirmed';
    const balance = await db.transaction(async (tx) => {
      const credited = await crediting.creditInTransaction(tx, deposit);
      if (credited !== undefined) await inTransaction?.(tx, deposit);
      return credited;
    });
    if (balance === undefined) return 'already';
    crediting.announceCredit(deposit, balance);
    return 'credited';
  };
}
