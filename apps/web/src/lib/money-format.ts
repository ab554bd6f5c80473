/**
 * Display of money, always from exact wei (bigint): ETH with up to 6 decimals
 * rounded down, dollars with 2 decimals rounded down (we never show more than
 * is held; a fee is rounded up: never less than is charged). Nothing here is used to compute what is sent to the server.
 */
import { formatEth, formatUsd, parseEthAmount, weiToUsdCents } from '@shifumi/money';

export function formatEthAmount(wei: bigint): string {
  return `${formatEth(wei, { decimals: 6, rounding: 'down' })} ETH`;
}

/** An ETH decimal text from the server (e.g. a stake of "0.003333333333333334") as shown: at most 6 decimals. */
export function formatEthText(eth: string): string {
  const parsed = parseEthAmount(eth, { allowZero: true });
  return parsed.ok ? formatEthAmount(parsed.wei) : `${eth} ETH`;
}

/** An ETH text of what a player pays (a fee) as shown: at most 6 decimals, rounded up so it never shows less than is charged. */
export function formatEthCharged(eth: string): string {
  const parsed = parseEthAmount(eth, { allowZero: true });
  return parsed.ok ? `${formatEth(parsed.wei, { decimals: 6, rounding: 'up' })} ETH` : `${eth} ETH`;
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
