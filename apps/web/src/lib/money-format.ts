/**
 * Display of money, always from exact wei (bigint): ETH with up to 6 decimals
 * rounded down, dollars with 2 decimals rounded down (we never show more than
 * is held). Nothing here is used to compute what is sent to the server.
 */
import { formatEth, formatUsd, weiToUsdCents } from '@shifumi/money';

export function formatEthAmount(wei: bigint): string {
  return `${formatEth(wei, { decimals: 6, rounding: 'down' })} ETH`;
}

export function formatUsdAmount(wei: bigint, microUsdPerEth: bigint): string {
  return `$${formatUsd(weiToUsdCents(wei, microUsdPerEth, 'down'))}`;
}

/** A bet shown in the currency it was made in (the spec's € is a defect of the original: $). */
export function formatBetUsd(amount: number): string {
  return `$${amount}`;
}

/** `0x1234…abcd`. */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash;
}
