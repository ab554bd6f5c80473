/**
 * The ETH/USD price as fixed point, and the conversions between US dollars and wei that use
 * it. The price is held in micro-USD per ETH (6 decimals) as a bigint, so that every
 * conversion is integer arithmetic with one explicit rounding step.
 */
import { formatScaled, parseDecimalParts, scaleDecimal } from './decimal';
import { WEI_PER_ETH } from './eth-amount';
import { type Rounding, assertRounding, divideRounded } from './rounding';

/** Decimal places of a price: prices are stored in micro-USD (10^-6 USD) per ETH. */
export const USD_PRICE_DECIMALS = 6;
/** Micro-USD in one US dollar. */
export const MICRO_USD_PER_USD = 1_000_000n;
/** Cents in one US dollar. */
export const CENTS_PER_USD = 100n;

/** Why a price was refused. */
export type ParseUsdPriceFailure =
  /** Not a decimal number (garbage, NaN, Infinity, empty), or absurdly large. */
  | 'invalid'
  /** Negative, zero, or below half a micro-USD (which rounds to zero). */
  | 'not-positive';

/** Result of {@link parseUsdPrice}. */
export type ParseUsdPriceResult = { ok: true; microUsdPerEth: bigint } | { ok: false; reason: ParseUsdPriceFailure };

/**
 * Parses an ETH price in US dollars (as a price API returns it, e.g. `3456.78` or
 * `"3456.78"`) into micro-USD per ETH.
 *
 * Numbers are read through their shortest round-trip decimal text, like
 * {@link parseEthAmount}. Digits beyond the 6th decimal are rounded to the nearest micro-USD
 * (ties away from zero): a price API may send more precision than matters, and refusing the
 * price for it would stop all betting. A price that is negative, zero, or rounds to zero is
 * refused as `'not-positive'`; garbage as `'invalid'`.
 *
 * @example parseUsdPrice(3456.78) // { ok: true, microUsdPerEth: 3456780000n }
 */
export function parseUsdPrice(input: string | number): ParseUsdPriceResult {
  const parts = parseDecimalParts(input);
  if (parts === null) return { ok: false, reason: 'invalid' };
  if (parts.negative || parts.digits === '') return { ok: false, reason: 'not-positive' };
  const scaled = scaleDecimal(parts, USD_PRICE_DECIMALS, 'nearest');
  if (!scaled.ok) return { ok: false, reason: 'invalid' };
  if (scaled.value <= 0n) return { ok: false, reason: 'not-positive' };
  return { ok: true, microUsdPerEth: scaled.value };
}

/**
 * Converts a whole number of US dollars into wei at the given price:
 * `wei = wholeUsd × 10^18 × 10^6 / microUsdPerEth`, rounded once, as asked.
 *
 * The amount is in **whole dollars** (bets are whole USDT from 1 to 100), not cents: a
 * fractional number throws instead of being silently truncated.
 *
 * Rounding rule for stakes: use `'up'`. The wei a player must hold and put in escrow for a
 * $N bet is then worth at least $N at the current price, both players of a game escrow the
 * same wei for the same bet and price, and the "you need at least X ETH" check never lets a
 * balance through that is short by a fraction of a wei. The cost is below one wei per bet.
 *
 * @param wholeUsd - a non-negative integer number of dollars (number or bigint)
 * @param microUsdPerEth - the price, from {@link parseUsdPrice}; must be positive
 * @throws RangeError on a negative or fractional amount, or a non-positive price
 */
export function usdToWei(wholeUsd: number | bigint, microUsdPerEth: bigint, rounding: Rounding): bigint {
  const dollars = toNonNegativeBigInt(wholeUsd, 'usdToWei: the amount must be a non-negative whole number of dollars');
  assertPositivePrice(microUsdPerEth);
  assertRounding(rounding);
  return divideRounded(dollars * MICRO_USD_PER_USD * WEI_PER_ETH, microUsdPerEth, rounding);
}

/**
 * Converts wei into US cents at the given price:
 * `cents = wei × microUsdPerEth × 100 / (10^18 × 10^6)`, rounded once, as asked.
 *
 * For showing a balance in dollars, use `'down'`: the figure shown is then never more than
 * the money held. Pair with {@link formatUsd} for the "12.34" text.
 *
 * @param wei - a non-negative amount
 * @param microUsdPerEth - the price, from {@link parseUsdPrice}; must be positive
 * @throws RangeError on a negative amount or a non-positive price
 */
export function weiToUsdCents(wei: bigint, microUsdPerEth: bigint, rounding: Rounding): bigint {
  if (wei < 0n) throw new RangeError('weiToUsdCents: the amount must not be negative');
  assertPositivePrice(microUsdPerEth);
  assertRounding(rounding);
  return divideRounded(wei * microUsdPerEth * CENTS_PER_USD, WEI_PER_ETH * MICRO_USD_PER_USD, rounding);
}

/**
 * Formats US cents as dollars with exactly 2 decimals and no currency sign or separators:
 * `1234n` → `"12.34"`, `5n` → `"0.05"`, `-250n` → `"-2.50"`.
 *
 * @param cents - an integer number of cents (bigint, or a safe-integer number)
 * @throws RangeError when a number is not a safe integer
 */
export function formatUsd(cents: bigint | number): string {
  if (typeof cents === 'number' && !Number.isSafeInteger(cents)) {
    throw new RangeError('formatUsd: cents must be an integer');
  }
  return formatScaled(BigInt(cents), 2, 2, 'down', true);
}

/**
 * Converts a price in micro-USD per ETH into a JS number of dollars, for display and for
 * the `ethUsd` field of the price answer. Lossy for prices with more than about 15
 * significant digits; never compute money with it.
 */
export function usdPriceToNumber(microUsdPerEth: bigint): number {
  return Number(formatScaled(microUsdPerEth, USD_PRICE_DECIMALS, USD_PRICE_DECIMALS, 'down', false));
}

function assertPositivePrice(microUsdPerEth: bigint): void {
  if (typeof microUsdPerEth !== 'bigint' || microUsdPerEth <= 0n) {
    throw new RangeError('the price must be a positive bigint of micro-USD per ETH');
  }
}

function toNonNegativeBigInt(value: number | bigint, message: string): bigint {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new RangeError(message);
    return value;
  }
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(message);
  return BigInt(value);
}
