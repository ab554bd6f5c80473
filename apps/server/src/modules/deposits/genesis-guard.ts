/**
 * The deposit watcher's first duty each pass: the node behind ETH_RPC_URL
 * still serves the chain this database recorded (its genesis hash). A node
 * reset or swapped behind the same URL is caught before anything is read
 * from it; from then on the watcher credits nothing.
 */
import type { Executor } from '../../infra/db/database';
import type { Logger } from '../../shared/logger';
import type { DepositChainReads } from './deposit-chain';
import { recordGenesis } from './deposits.repo';

/** The chain answers with another genesis block than the one recorded: nothing is credited. */
export class GenesisMismatchError extends Error {
  override name = 'GenesisMismatchError';
}

export interface GenesisGuard {
  /** Reads the genesis (recorded the first time) and throws, for good, when it is not the recorded one. */
  check(): Promise<void>;
  /** Throws the mismatch once one was seen. */
  throwIfHalted(): void;
  /** The mismatch seen, if any (what stops the watcher's periodic task). */
  halted(): GenesisMismatchError | undefined;
}

export function createGenesisGuard(deps: {
  db: Executor;
  chainId: number;
  reads: Pick<DepositChainReads, 'genesisHash'>;
  logger: Logger;
}): GenesisGuard {
  const { db, chainId, logger } = deps;
  let recordedGenesis: string | undefined;
  let halted: GenesisMismatchError | undefined;
  return {
    async check() {
      const genesis = await deps.reads.genesisHash();
      recordedGenesis ??= await recordGenesis(db, chainId, genesis);
      if (recordedGenesis === genesis) return;
      halted = new GenesisMismatchError(
        `the node serves chain ${chainId} with genesis ${genesis}, but this database recorded genesis ${recordedGenesis}: ` +
          'it is another chain (e.g. a development chain started afresh). The deposit watcher stopped and credits nothing; ' +
          'point ETH_RPC_URL at the right node, or start with a fresh database for the new chain',
      );
      logger.error({ err: halted, chainId }, 'Deposit watcher stopped: wrong chain');
      throw halted;
    },
    throwIfHalted() {
      if (halted) throw halted;
    },
    halted: () => halted,
  };
}
