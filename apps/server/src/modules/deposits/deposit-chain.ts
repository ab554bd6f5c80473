/**
 * What the deposit watcher reads of the chain beyond the blocks it scans
 * (block-scanner.ts's `BlockSource`): declared here, implemented on viem by
 * the composition (compose/chain-workers.ts), so that the watcher builds no
 * adapter itself.
 */
import type { Address, Hex } from 'viem';

/** One transaction as "credit now" checks it: its receipt and what was sent, either absent when the node does not know it. */
export interface DepositTransactionOnChain {
  receipt?: { status: 'success' | 'reverted'; blockNumber: bigint; blockHash: string };
  sent?: { to: string | null; value: bigint };
}

export interface DepositChainReads {
  /** The hash of block 0 of the chain the node serves. */
  genesisHash(): Promise<Hex>;
  /** An address's balance at a block. */
  balanceAt(address: Address, blockNumber: bigint): Promise<bigint>;
  /** The head now, afresh (not a cached one): confirmations are counted from it. */
  headNow(): Promise<bigint>;
  /** The receipt and the transaction of `hash` (each undefined when the node does not have it). */
  transaction(hash: Hex): Promise<DepositTransactionOnChain>;
}

/** The chain's settings the watcher follows. */
export interface DepositChainSettings {
  chainId: number;
  /** Confirmations a deposit needs before it is credited. */
  depositConfirmations: number;
  /** A development chain is scanned from block 1, a production chain from the head at its first start. */
  development: boolean;
  /** How often a pass runs. */
  pollMs: number;
  /** How often deposit-address balances are reconciled with the records. */
  reconcileIntervalMs: number;
}
