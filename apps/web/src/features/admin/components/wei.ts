import { INTL_LOCALES, currentLanguage } from '../../../lib/i18n/i18n';
import { formatBetUsd, formatEthAmount, formatEthCharged, formatEthExact } from '../../../lib/money-format';

/** Issue 27: the console writes numbers and dates the way its language does (its components re-render on a switch). */
function locale(): string {
  return INTL_LOCALES[currentLanguage()];
}

/** A wei decimal string from the console's API, as ETH for people (rounded down, as the player sees a balance). */
export function ethOf(wei: string | null): string {
  return wei === null ? '—' : formatEthAmount(BigInt(wei), locale());
}

/** A fee a player paid, rounded up as the player was shown it (decision 041). */
export function feeOf(wei: string): string {
  return formatEthCharged(BigInt(wei), locale());
}

/** Every wei, for a title on hover. */
export function exactEthOf(wei: string): string {
  return formatEthExact(BigInt(wei), locale());
}

/** A bet in its unit, as the player saw it ("10 USDT"). */
export function betOf(betUsd: number): string {
  return formatBetUsd(betUsd, locale());
}

export function dateOf(iso: string | null): string {
  return iso === null ? '—' : new Date(iso).toLocaleString(locale());
}
