/**
 * What the stuck list and its "fail and refund" ask the chain (issue 18):
 * whether a sent withdrawal's nonce was taken by another transaction — the
 * hot wallet's nonce count at the required depth is past it and none of the
 * withdrawal's own transactions has a receipt.
 */
import type { Hex, PublicClient } from 'viem';
import type { Executor } from '../../infra/db/database';
import * as repo from './stuck.repo';

/** The chain the stuck list reads; absent without a chain. */
export interface StuckChain {
  publicClient: Pick<PublicClient, 'getBlockNumber' | 'getTransactionCount' | 'getTransactionReceipt'>;
  hotWalletAddress: Hex;
  chainId: number;
  requiredConfirmations: number;
  depositConfirmations: number;
}

export interface StuckChainChecks {
  /** The hot wallet's nonce count at the required depth (transactions mined that deep); undefined without a chain. */
  minedNonceCountAtDepth(): Promise<number | undefined>;
  /** True when another transaction used the withdrawal's nonce and none of its own was mined. */
  nonceTaken(withdrawal: { id: string; nonce: number | null }, countAtDepth: number | undefined): Promise<boolean>;
}

export function stuckChainChecks(db: Executor, chain: StuckChain | undefined): StuckChainChecks {
  /** True when some of these transactions has a receipt (was mined). */
  async function anyMined(hashes: readonly string[]): Promise<boolean> {
    if (!chain) return false;
    for (const hash of hashes) {
      const receipt = await chain.publicClient.getTransactionReceipt({ hash: hash as Hex }).catch(() => undefined);
      if (receipt) return true;
    }
    return false;
  }

  return {
    // The head read afresh, not viem's cached one (4 s).
    async minedNonceCountAtDepth() {
      if (!chain) return undefined;
      const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
      const depth = BigInt(Math.max(chain.requiredConfirmations - 1, 0));
      if (head < depth) return 0;
      return chain.publicClient.getTransactionCount({ address: chain.hotWalletAddress, blockNumber: head - depth });
    },

    async nonceTaken(withdrawal, countAtDepth) {
      if (withdrawal.nonce === null || countAtDepth === undefined || countAtDepth <= withdrawal.nonce) return false;
      return !(await anyMined(await repo.attemptHashes(db, withdrawal.id)));
    },
  };
}
