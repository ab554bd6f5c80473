/**
 * ETH amounts: exact parsing of user input into wei and exact formatting of wei for display.
 * Everything here is integer arithmetic on bigint; no float ever touches an amount, except
 * {@link weiToEthNumber}, which exists for display and JSON fields that must be numbers.
 */
import { formatScaled, parseDecimalParts, scaleDecimal } from './decimal';
import type { Rounding } from './rounding';

/** Decimal places of ether: 1 ETH = 10^18 wei. */
export const ETH_DECIMALS = 18;
/** Wei in one ether. */
export const WEI_PER_ETH = 10n ** 18n;

/** Why an ETH amount was refused. */
export type ParseEthAmountFailure =
  /** Not a decimal number (garbage, NaN, Infinity, empty), or above 2^256 - 1 wei. */
  | 'invalid'
  /** A finer fraction than one wei (more than 18 significant decimals). */
  | 'too-precise'
  /** Negative, or zero when zero is not allowed. */
  | 'not-positive';

/** Result of {@link parseEthAmount}. */
export type ParseEthAmountResult = { ok: true; wei: bigint } | { ok: false; reason: ParseEthAmountFailure };

/** Options of {@link parseEthAmount}. */
export interface ParseEthAmountOptions {
  /** Accept `0` (default `false`: amounts must be positive). */
  allowZero?: boolean;
}

/**
 * Parses an amount of ETH typed by a user or sent by a client into wei, exactly.
 *
 * Accepted: a decimal string (surrounding whitespace is trimmed) such as `"1"`, `"0.05"`,
 * `".5"`, `"1."`, or exponent notation such as `"1e-7"`; or a JS number, which is read
 * through its shortest round-trip decimal text (`String(0.1)` is `"0.1"`, so `0.1` gives
 * exactly 10^17 wei, and `1e-7` gives 10^11 wei).
 *
 * Refused, with a reason rather than an exception:
 * - `'invalid'`: NaN, ±Infinity, empty text, a leading `+`, hex, thousands separators,
 *   commas as decimal point, anything around the number, or more than 2^256 - 1 wei;
 * - `'not-positive'`: a negative amount, or zero unless `allowZero` is set;
 * - `'too-precise'`: a fraction of a wei, i.e. more than 18 decimals. Trailing zeros do not
 *   count: `"1.0000000000000000000"` is exactly 1 ETH and accepted.
 *
 * @example parseEthAmount(' 0.25 ') // { ok: true, wei: 250000000000000000n }
 * @example parseEthAmount('0.0000000000000000001') // { ok: false, reason: 'too-precise' }
 */
export function parseEthAmount(input: string | number, options: ParseEthAmountOptions = {}): ParseEthAmountResult {
  const parts = parseDecimalParts(input);
  if (parts === null) return { ok: false, reason: 'invalid' };
  const isZero = parts.digits === '';
  if (parts.negative || (isZero && options.allowZero !== true)) {
    return { ok: false, reason: 'not-positive' };
  }
  const scaled = scaleDecimal(parts, ETH_DECIMALS, 'exact');
  if (!scaled.ok) return { ok: false, reason: scaled.reason === 'too-large' ? 'invalid' : 'too-precise' };
  return { ok: true, wei: scaled.value };
}

/** Rounding of {@link formatEth} when fewer than 18 decimals are wanted. */
export interface FormatEthOptions {
  /** Maximum number of decimals shown, 0 to 18. */
  decimals: number;
  /** How to drop the digits beyond `decimals`; see {@link Rounding}. */
  rounding: Rounding;
}

/**
 * Formats wei as an ETH decimal string, exactly, with trailing zeros removed:
 * `1500000000000000000n` → `"1.5"`, `0n` → `"0"`, `-1n` → `"-0.000000000000000001"`.
 *
 * Without options every significant decimal is kept, so
 * `parseEthAmount(formatEth(wei))` gives back `wei`. With `{ decimals, rounding }` at most
 * `decimals` decimals are kept, rounded as asked (`'down'` never shows more than the exact
 * value, `'up'` never less). For a fixed number of decimals (padded with zeros), use
 * {@link formatEthFixed}.
 *
 * @throws RangeError when `decimals` is not an integer from 0 to 18
 */
export function formatEth(wei: bigint, options?: FormatEthOptions): string {
  if (options === undefined) return formatScaled(wei, ETH_DECIMALS, ETH_DECIMALS, 'down', false);
  return formatScaled(wei, ETH_DECIMALS, options.decimals, options.rounding, false);
}

/**
 * Formats wei as an ETH decimal string with exactly `decimals` decimals, padded with zeros:
 * `formatEthFixed(10n ** 14n, 6, 'up')` → `"0.000100"`.
 *
 * The spec's insufficient-balance text shows the required amount with 6 decimals; use
 * `formatEthFixed(requiredWei, 6, 'up')` there so the figure shown is never below what the
 * player actually needs.
 *
 * @throws RangeError when `decimals` is not an integer from 0 to 18
 */
export function formatEthFixed(wei: bigint, decimals: number, rounding: Rounding): string {
  return formatScaled(wei, ETH_DECIMALS, decimals, rounding, true);
}

/**
 * Converts wei to a JS number of ETH, for display and for JSON fields that the contract
 * defines as numbers (such as `balance`). **Lossy**: a double holds about 15-17 significant
 * digits, so amounts with more are rounded to the nearest double. Never compute with the
 * result or feed it back as an amount; use the wei bigint (or `formatEth`) for that.
 */
export function weiToEthNumber(wei: bigint): number {
  return Number(formatEth(wei));
}
