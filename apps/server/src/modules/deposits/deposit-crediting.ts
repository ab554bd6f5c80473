/**
 * Crediting deposits, exactly once: the status guard in the crediting
 * transaction (with the leader's fence), the ledger's idempotency key twice
 * over; then telling the player (balance, and issue 14's progress of each
 * pending deposit, each confirmation count once).
 */
import { formatEth } from '@shifumi/money';
import type { Database, Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { BalanceEvents } from '../ledger/balance-events';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { transfer } from '../ledger/ledger.service';
import { markCredited, pendingDepositsUpTo, type DepositRow } from './deposits.repo';

export interface DepositCreditingDeps {
  db: Database;
  chainId: number;
  /** Confirmations a deposit needs. */
  required: bigint;
  balanceEvents: BalanceEvents;
  logger: Logger;
  clock: Clock;
  /** Runs first in every crediting transaction; throws to refuse it (the leader's epoch with several nodes). */
  fence: (tx: Executor) => Promise<void>;
}

export interface DepositCrediting {
  /**
   * Credits one pending deposit inside the caller's transaction. Returns the user's new
   * balance, or undefined when someone else credited it first.
   */
  creditInTransaction(tx: Executor, deposit: DepositRow): Promise<bigint | undefined>;
  /** Logs a credit and tells the player (balance, then the deposit's last progress). */
  announceCredit(deposit: DepositRow, balance: bigint): void;
  /**
   * One read of the pending deposits up to `head`: credits each with the required confirmations (one transaction
   * each), then tells the players of the others whose confirmations changed since last told (issue 14; the first
   * time: seen). Returns the deposits this call credited.
   */
  creditAndAnnounce(head: bigint): Promise<DepositRow[]>;
}

export function createDepositCrediting(deps: DepositCreditingDeps): DepositCrediting {
  const { db, chainId, required, logger, clock, fence } = deps;
  /** Issue 14: the confirmations last announced per pending deposit, so each is told once. */
  const announcedConfirmations = new Map<string, number>();

  function depositUpdate(deposit: DepositRow, confirmations: number, status: 'pending' | 'credited') {
    return {
      id: deposit.id,
      txHash: deposit.txHash,
      amount: formatEth(deposit.amount),
      confirmations,
      requiredConfirmations: Number(required),
      status,
    };
  }

  async function creditInTransaction(tx: Executor, deposit: DepositRow): Promise<bigint | undefined> {
    await fence(tx);
    if (!(await markCredited(tx, deposit.id, clock()))) return undefined;
    const key = depositCreditKey(chainId, deposit);
    const user = LedgerAccounts.user(deposit.userId);
    const result = await transfer(tx, {
      idempotencyKey: key,
      kind: 'deposit',
      legs: [{ from: LedgerAccounts.deposits, to: user, amount: deposit.amount }],
      memo: { depositId: deposit.id, txHash: deposit.txHash, address: deposit.address },
    });
    if (result.replayed) {
      // The ledger already holds this credit although the row was pending: nothing moves twice.
      logger.error({ depositId: deposit.id, key }, 'Deposit was pending but its ledger credit exists already');
      return undefined;
    }
    return result.balances.get(user.code);
  }

  function announceCredit(deposit: DepositRow, balance: bigint): void {
    logger.info(
      {
        userId: deposit.userId,
        kind: deposit.kind,
        txHash: deposit.txHash,
        address: deposit.address,
        block: deposit.blockNumber.toString(),
        wei: deposit.amount.toString(),
      },
      'Deposit credited',
    );
    deps.balanceEvents.balanceChanged(deposit.userId, balance);
    announcedConfirmations.delete(deposit.id);
    deps.balanceEvents.depositProgress?.(deposit.userId, depositUpdate(deposit, Number(required), 'credited'));
  }

  return {
    creditInTransaction,
    announceCredit,
    async creditAndAnnounce(head) {
      const confirmedUpTo = head - required + 1n;
      const credited: DepositRow[] = [];
      const stillPending: DepositRow[] = [];
      for (const deposit of await pendingDepositsUpTo(db, chainId, head)) {
        if (deposit.blockNumber > confirmedUpTo) {
          stillPending.push(deposit);
          continue;
        }
        const balance = await db.transaction((tx) => creditInTransaction(tx, deposit));
        if (balance === undefined) continue; // credited by someone else first ("credit now", another leader)
        announceCredit(deposit, balance);
        credited.push(deposit);
      }
      const progress = deps.balanceEvents.depositProgress;
      if (progress) {
        for (const deposit of stillPending) {
          const confirmations = Number(head - deposit.blockNumber + 1n);
          if (announcedConfirmations.get(deposit.id) === confirmations) continue;
          announcedConfirmations.set(deposit.id, confirmations);
          progress(deposit.userId, depositUpdate(deposit, confirmations, 'pending'));
        }
      }
      return credited;
    },
  };
}

/** The idempotency key of a deposit's ledger credit: one per (chain, transaction, address), or per (chain, address, block) for ETH found by reconciliation. */
export function depositCreditKey(
  chainId: number,
  deposit: Pick<DepositRow, 'kind' | 'txHash' | 'address' | 'blockNumber'>,
): string {
  return deposit.kind === 'transfer'
    ? `deposit:${chainId}:${deposit.txHash}:${deposit.address}`
    : `deposit-internal:${chainId}:${deposit.address}:${deposit.blockNumber}`;
}
