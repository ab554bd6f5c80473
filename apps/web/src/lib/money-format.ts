/**
 * Display of money (decision 041), always from exact wei (bigint) or exact
 * decimal text: the one place the web app turns amounts into what people read.
 *
 * - Rounding is `@shifumi/money`'s, once, in the direction that never flatters
 *   the player: a balance or what a player receives rounded down (never more
 *   than is held), a fee or what a player pays rounded up (never charged more
 *   than shown). ETH to 6 decimals, dollars to 2.
 * - Digits are then written in a locale (`Intl.NumberFormat`): thousands
 *   separators and the decimal sign ("$1,651.00", "≈ $2,997,000.00"). Only
 *   the writing is the locale's: the exact figure is never turned into a JS
 *   number, so nothing is rounded twice.
 * - Stakes are bets in USDT (the spec's bet options): "10 USDT" in the
 *   picker, the game, the history and the console alike.
 *
 * Every function takes the locale as its last parameter, `DISPLAY_LOCALE` by
 * default (English, as every text of the app today; issue 27 will pass the
 * player's language). Nothing here is used to compute what is sent to the server.
 */
import { formatEth, formatUsd, parseEthAmount, weiToUsdCents } from '@shifumi/money';

/** The locale numbers are written in unless a caller says otherwise: the app's texts are English. */
export const DISPLAY_LOCALE = 'en-US';

/** ETH amounts are shown with at most this many decimals. */
export const ETH_DISPLAY_DECIMALS = 6;

/** The unit word of a bet, everywhere a stake is shown. */
export const BET_UNIT = 'USDT';

interface LocaleDigits {
  /** Whole numbers with the locale's grouping (bigint in, so exact at any size). */
  integer: Intl.NumberFormat;
  /** The locale's decimal sign ("." in en-US, "," in fr-FR). */
  decimalSign: string;
}

const digitsByLocale = new Map<string, LocaleDigits>();

function localeDigits(locale: string): LocaleDigits {
  let digits = digitsByLocale.get(locale);
  if (!digits) {
    const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const decimalSign =
      new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5).find((part) => part.type === 'decimal')
        ?.value ?? '.';
    digits = { integer, decimalSign };
    digitsByLocale.set(locale, digits);
  }
  return digits;
}

/**
 * An exact decimal text ("-1234.5") written in a locale ("-1,234.5"): grouped
 * whole part, the locale's decimal sign, the fraction digits as given. Text
 * that is not a plain decimal comes back unchanged.
 */
export function formatDecimalText(text: string, locale: string = DISPLAY_LOCALE): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const { integer, decimalSign } = localeDigits(locale);
  const whole = integer.format(BigInt(match[2] ?? '0'));
  return `${match[1] ?? ''}${whole}${match[3] ? `${decimalSign}${match[3]}` : ''}`;
}

/** A balance or an amount received: at most 6 decimals, rounded down ("1,234.5 ETH"). */
export function formatEthAmount(wei: bigint, locale: string = DISPLAY_LOCALE): string {
  return `${formatDecimalText(formatEth(wei, { decimals: ETH_DISPLAY_DECIMALS, rounding: 'down' }), locale)} ETH`;
}

/** What a player pays (a fee, a total with its fee): at most 6 decimals, rounded up, so never less than is charged. */
export function formatEthCharged(wei: bigint, locale: string = DISPLAY_LOCALE): string {
  return `${formatDecimalText(formatEth(wei, { decimals: ETH_DISPLAY_DECIMALS, rounding: 'up' }), locale)} ETH`;
}

/** An ETH amount exactly, every wei, for a title on hover ("0.000021334 ETH"). */
export function formatEthExact(wei: bigint, locale: string = DISPLAY_LOCALE): string {
  return `${formatDecimalText(formatEth(wei), locale)} ETH`;
}

/** An ETH decimal text from the server (e.g. a stake of "0.003333333333333334") as shown: at most 6 decimals, rounded down. */
export function formatEthText(eth: string, locale: string = DISPLAY_LOCALE): string {
  const parsed = parseEthAmount(eth, { allowZero: true });
  return parsed.ok ? formatEthAmount(parsed.wei, locale) : `${eth} ETH`;
}

/** An ETH decimal text of what a player pays (a fee) from the server, as shown: rounded up like {@link formatEthCharged}. */
export function formatEthChargedText(eth: string, locale: string = DISPLAY_LOCALE): string {
  const parsed = parseEthAmount(eth, { allowZero: true });
  return parsed.ok ? formatEthCharged(parsed.wei, locale) : `${eth} ETH`;
}

/** Dollars from exact cents ("$1,651.00"). */
export function formatUsdCents(cents: bigint, locale: string = DISPLAY_LOCALE): string {
  const text = formatUsd(cents < 0n ? -cents : cents);
  return `${cents < 0n ? '-' : ''}$${formatDecimalText(text, locale)}`;
}

/** A balance in dollars at a price: rounded down to the cent, never more than is held. */
export function formatUsdAmount(wei: bigint, microUsdPerEth: bigint, locale: string = DISPLAY_LOCALE): string {
  return formatUsdCents(weiToUsdCents(wei, microUsdPerEth, 'down'), locale);
}

/** A bet (a stake) in its unit: "10 USDT" (the spec's bet options; its "€"/"$" in history is a defect of the original). */
export function formatBetUsd(amount: number, locale: string = DISPLAY_LOCALE): string {
  return `${Number.isInteger(amount) ? formatDecimalText(String(amount), locale) : String(amount)} ${BET_UNIT}`;
}

/** `0x1234…abcd`. */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash;
}
