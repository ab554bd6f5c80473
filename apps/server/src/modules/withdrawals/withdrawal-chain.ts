/**
 * What the withdrawal sender needs of the chain, declared here and
 * implemented on viem by the composition (compose/chain-workers.ts), so that
 * the sender builds no adapter itself.
 */
import type { Hex, TransactionReceipt } from 'viem';
import type { NonceCounts } from './withdrawals.repo';
import type { Fees } from './withdrawal-pricing';

export interface WithdrawalChain {
  /** The gas a payment from the hot wallet needs; throws a viem `ExecutionRevertedError` (within its causes) when it would revert. */
  estimateGas(to: Hex, value: bigint): Promise<bigint>;
  /** The current EIP-1559 fee estimate. */
  estimateFees(): Promise<Fees>;
  /** The hot wallet's transaction counts, pending and mined. */
  nonceCounts(): Promise<NonceCounts>;
  /** A transaction's receipt, or null while it is not mined. */
  receipt(hash: Hex): Promise<TransactionReceipt | null>;
  /** The head now, afresh. */
  headNow(): Promise<bigint>;
  /** Broadcasts a signed transaction (`eth_sendRawTransaction`; tests inject a crash). */
  broadcast(raw: Hex): Promise<void>;
}

/** The chain's settings the sender follows. */
export interface WithdrawalChainSettings {
  chainId: number;
  /** Confirmations a payment needs before the withdrawal is confirmed (or, reverted, refunded). */
  withdrawalConfirmations: number;
  /** How often a pass runs. */
  pollMs: number;
  /** An attempt not mined after this long is re-priced (or broadcast again). */
  withdrawalStuckMs: number;
  /** The hot wallet's address (its nonces are allocated in the database). */
  hotWalletAddress: string;
}
