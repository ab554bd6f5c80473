/**
 * Exact decimal text ⇄ scaled bigint, shared by the ETH and USD modules. Internal: the public
 * API is the typed functions of `eth-amount.ts` and `usd-price.ts`.
 */
import { type Rounding, assertRounding, divideRounded } from './rounding';

/** Largest unsigned 256-bit integer: no on-chain amount can exceed it. */
export const MAX_UINT256 = 2n ** 256n - 1n;

/** Longer inputs are refused before any work, so huge strings cannot cost CPU. */
const MAX_INPUT_LENGTH = 200;
/** An optional minus, digits with an optional fraction, an optional exponent. */
const DECIMAL_PATTERN = /^(-)?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const MAX_UINT256_DIGITS = MAX_UINT256.toString().length;

/**
 * A parsed decimal number: `(negative ? -1 : 1) × digits × 10^exponent`, where `digits` has
 * neither leading nor trailing zeros (empty for zero).
 */
export interface DecimalParts {
  negative: boolean;
  digits: string;
  exponent: number;
}

/**
 * Reads a decimal number from a string (whitespace trimmed) or a JS number (through its
 * shortest round-trip decimal text, `String(n)`). Accepts `1`, `1.5`, `.5`, `1.`, `-2`, and
 * exponent notation such as `1e-7` or `1.5E+3` (which `String(n)` produces for very small or
 * large numbers). Returns `null` for anything else: NaN, ±Infinity, empty text, `+1`, `0x10`,
 * `1,5`, `1 000`, junk around the number.
 */
export function parseDecimalParts(input: unknown): DecimalParts | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  if (text.length > MAX_INPUT_LENGTH) return null;
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const integerDigits = match[2] ?? '';
  const fractionDigits = match[3] ?? '';
  if (integerDigits.length + fractionDigits.length === 0) return null;
  // The exponent text is at most 200 characters, so Number() stays finite; it is only compared.
  let exponent = (match[4] === undefined ? 0 : Number(match[4])) - fractionDigits.length;
  const withoutLeadingZeros = (integerDigits + fractionDigits).replace(/^0+/, '');
  const digits = withoutLeadingZeros.replace(/0+$/, '');
  exponent += withoutLeadingZeros.length - digits.length;
  if (digits === '') return { negative: false, digits: '', exponent: 0 };
  return { negative: match[1] === '-', digits, exponent };
}

/** Result of {@link scaleDecimal}. */
export type ScaledDecimal = { ok: true; value: bigint } | { ok: false; reason: 'too-precise' | 'too-large' };

/**
 * Turns parsed decimal parts into an integer count of `10^-scale` units.
 *
 * With `'exact'`, a value that is not a whole number of units is `too-precise`; with a
 * {@link Rounding} it is rounded. Values whose magnitude exceeds {@link MAX_UINT256} are
 * `too-large` (checked before any big power of ten is built).
 */
export function scaleDecimal(parts: DecimalParts, scale: number, rounding: Rounding | 'exact'): ScaledDecimal {
  if (parts.digits === '') return { ok: true, value: 0n };
  const coefficient = BigInt(parts.digits);
  const signed = parts.negative ? -coefficient : coefficient;
  const shift = parts.exponent + scale;
  if (shift >= 0) {
    if (parts.digits.length + shift > MAX_UINT256_DIGITS) return { ok: false, reason: 'too-large' };
    const value = coefficient * 10n ** BigInt(shift);
    if (value > MAX_UINT256) return { ok: false, reason: 'too-large' };
    return { ok: true, value: parts.negative ? -value : value };
  }
  if (rounding === 'exact') return { ok: false, reason: 'too-precise' };
  assertRounding(rounding);
  // Below a tenth of a unit, only the sign matters for rounding: ±1/100 rounds the same way
  // and avoids building 10^|shift| for inputs such as 1e-999999.
  if (-shift > parts.digits.length + 1) {
    return { ok: true, value: divideRounded(parts.negative ? -1n : 1n, 100n, rounding) };
  }
  return { ok: true, value: divideRounded(signed, 10n ** BigInt(-shift), rounding) };
}

/**
 * Formats `value × 10^-scale` with `decimals` fraction digits, rounding in the given
 * direction. With `padFractionDigits` the fraction always has exactly `decimals` digits;
 * otherwise trailing zeros (and a bare point) are removed.
 *
 * @throws RangeError when `decimals` is not an integer between 0 and `scale`
 */
export function formatScaled(
  value: bigint,
  scale: number,
  decimals: number,
  rounding: Rounding,
  padFractionDigits: boolean,
): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > scale) {
    throw new RangeError(`decimals must be an integer from 0 to ${scale}`);
  }
  assertRounding(rounding);
  const rounded = divideRounded(value, 10n ** BigInt(scale - decimals), rounding);
  const magnitude = rounded < 0n ? -rounded : rounded;
  const unit = 10n ** BigInt(decimals);
  const integerPart = (magnitude / unit).toString();
  let fraction = decimals === 0 ? '' : (magnitude % unit).toString().padStart(decimals, '0');
  if (!padFractionDigits) fraction = fraction.replace(/0+$/, '');
  return `${rounded < 0n ? '-' : ''}${integerPart}${fraction === '' ? '' : `.${fraction}`}`;
}
