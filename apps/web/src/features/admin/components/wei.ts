import { formatEthAmount } from '../../../lib/money-format';

/** A wei decimal string from the console's API, as ETH for people. */
export function ethOf(wei: string | null): string {
  return wei === null ? '—' : formatEthAmount(BigInt(wei));
}

export function dateOf(iso: string | null): string {
  return iso === null ? '—' : new Date(iso).toLocaleString();
}
