/**
 * The network fee a withdrawal is charged (decision 009). The hot wallet pays
 * a plain ETH transfer: WITHDRAWAL_GAS_LIMIT gas. The user is charged that gas
 * at a price the chain will not exceed for a while: twice the latest base fee
 * (EIP-1559 lets it grow at most 12.5 % a block, so 2× holds about six full
 * blocks in a row) plus the current priority fee. The sender never signs,
 * first or when re-pricing, with a max fee per gas above fee / gas limit, so
 * the gas the house pays for a withdrawal is at most what it charged, by
 * construction (and the database checks it on every row, ledger:check on the
 * sums).
 */
import type { ChainPublicClient } from '../../infra/chain/chain-client';
import { PLAIN_TRANSFER_GAS } from '../../infra/chain/gas';
import type { Clock } from '../../shared/clock';

/** All a withdrawal is signed with: a plain transfer's gas (infra/chain/gas.ts, the sweeper's too). */
export const WITHDRAWAL_GAS_LIMIT = PLAIN_TRANSFER_GAS;
/** The base fee is multiplied by this in the charged price per gas. */
export const BASE_FEE_MARGIN = 2n;
/** A quote is reused this long, so that the fee shown and the fee charged a moment later agree. */
export const FEE_QUOTE_TTL_MS = 15_000;

export interface WithdrawalFeeQuote {
  gasLimit: bigint;
  /** The most per gas any transaction of this withdrawal may offer: fee / gasLimit. */
  maxFeePerGas: bigint;
  /** The tip the quote was built with. */
  maxPriorityFeePerGas: bigint;
  /** gasLimit × maxFeePerGas, in wei: what the user pays on top of the amount. */
  fee: bigint;
}

/** The policy, pure: the quote for a base fee and a priority fee (both wei per gas). */
export function quoteWithdrawalFee(baseFeePerGas: bigint, maxPriorityFeePerGas: bigint): WithdrawalFeeQuote {
  const tip = maxPriorityFeePerGas > 0n ? maxPriorityFeePerGas : 1n;
  const maxFeePerGas = BASE_FEE_MARGIN * baseFeePerGas + tip;
  return { gasLimit: WITHDRAWAL_GAS_LIMIT, maxFeePerGas, maxPriorityFeePerGas: tip, fee: WITHDRAWAL_GAS_LIMIT * maxFeePerGas };
}

/** Where quotes come from; undefined when the app runs without a chain. */
export interface WithdrawalFees {
  /** The current quote; throws when the chain cannot be read. */
  quote(): Promise<WithdrawalFeeQuote>;
}

export function createChainWithdrawalFees(
  client: Pick<ChainPublicClient, 'getBlock' | 'estimateMaxPriorityFeePerGas'>,
  clock: Clock,
  ttlMs = FEE_QUOTE_TTL_MS,
): WithdrawalFees {
  let cached: { at: number; quote: WithdrawalFeeQuote } | undefined;
  let inFlight: Promise<WithdrawalFeeQuote> | undefined;
  async function read(): Promise<WithdrawalFeeQuote> {
    const [block, tip] = await Promise.all([client.getBlock({ blockTag: 'latest' }), client.estimateMaxPriorityFeePerGas()]);
    // A chain without EIP-1559 has no base fee: its gas price is the tip estimate alone.
    const quote = quoteWithdrawalFee(block.baseFeePerGas ?? 0n, tip);
    cached = { at: clock().getTime(), quote };
    return quote;
  }
  return {
    async quote() {
      if (cached && clock().getTime() - cached.at < ttlMs) return cached.quote;
      inFlight ??= read().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };
}

/**
 * The fees an attempt of a capped withdrawal is signed with: the estimate (or
 * a re-priced one), never above `cap` per gas, the tip never above the max fee.
 */
export function capFees(wanted: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }, cap: bigint) {
  const maxFeePerGas = wanted.maxFeePerGas < cap ? wanted.maxFeePerGas : cap;
  const maxPriorityFeePerGas = wanted.maxPriorityFeePerGas < maxFeePerGas ? wanted.maxPriorityFeePerGas : maxFeePerGas;
  return { maxFeePerGas, maxPriorityFeePerGas };
}
