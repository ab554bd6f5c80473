/**
 * Reconciliation of deposit-address balances with the records. At the
 * settled block B, each deposit address should hold what our records say:
 * its deposits up to B minus its sweeps mined up to B. More means ETH came
 * without a transaction of its own to the address (from a contract): it
 * becomes an `internal` deposit at B, credited in the same transaction, once
 * per (chain, address, block) by the UNIQUE key. Less is never debited: it is
 * logged for a human.
 */
import type { Database } from '../../infra/db/database';
import type { Logger } from '../../shared/logger';
import { listDepositAddresses } from './deposit-addresses';
import type { DepositChainReads } from './deposit-chain';
import type { DepositCrediting } from './deposit-crediting';
import { expectedBalanceAt, insertInternalDeposit, openSweeps } from './deposits.repo';

export interface DepositReconciliationDeps {
  db: Database;
  chainId: number;
  reads: Pick<DepositChainReads, 'balanceAt'>;
  crediting: Pick<DepositCrediting, 'creditInTransaction' | 'announceCredit'>;
  logger: Logger;
}

export function createDepositReconciliation(deps: DepositReconciliationDeps) {
  const { db, chainId, crediting, logger } = deps;
  return {
    /** Reconciles every deposit address without a sweep in flight at the settled block `block`. */
    async reconcileAt(block: bigint): Promise<void> {
      const busy = new Set((await openSweeps(db, chainId)).map((sweep) => sweep.address));
      for (const { userId, address } of await listDepositAddresses(db)) {
        // A sweep in flight may or may not be mined at B: the next reconciliation looks again.
        if (busy.has(address)) continue;
        const actual = await deps.reads.balanceAt(address, block);
        const expected = await expectedBalanceAt(db, chainId, address, block);
        if (actual === expected) continue;
        if (actual < expected) {
          logger.error(
            { address, userId, actual: actual.toString(), expected: expected.toString(), block: block.toString() },
            'Deposit address holds less than recorded: nothing debited, look into it',
          );
          continue;
        }
        const amount = actual - expected;
        const credited = await db.transaction(async (tx) => {
          const deposit = await insertInternalDeposit(tx, { chainId, address, userId, amount, blockNumber: block });
          if (!deposit) return undefined;
          const balance = await crediting.creditInTransaction(tx, deposit);
          return balance === undefined ? undefined : { deposit, balance };
        });
        if (credited) crediting.announceCredit(credited.deposit, credited.balance);
      }
    },
  };
}

export type DepositReconciliation = ReturnType<typeof createDepositReconciliation>;
