/**
 * Rounding directions used by every conversion in this package.
 *
 * - `'down'`: toward negative infinity (floor). The result never exceeds the exact value.
 * - `'up'`: toward positive infinity (ceiling). The result is never below the exact value.
 * - `'nearest'`: to the nearest representable value, ties away from zero.
 *
 * Money code must always say which one it wants: there is no default in conversions.
 */
export type Rounding = 'down' | 'up' | 'nearest';

/** The rounding directions, for validation and property tests. */
export const ROUNDINGS: readonly Rounding[] = ['down', 'up', 'nearest'];

/**
 * Divides two bigints and rounds the exact quotient in the given direction.
 *
 * Unlike the `/` operator (which truncates toward zero), `'down'` and `'up'` are floor and
 * ceiling for negative numerators as well.
 *
 * @param numerator - any integer
 * @param denominator - a positive integer
 * @throws RangeError when `denominator` is not positive (a programming error)
 */
export function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator <= 0n) throw new RangeError('divideRounded: the denominator must be positive');
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  switch (rounding) {
    case 'down':
      return numerator < 0n ? quotient - 1n : quotient;
    case 'up':
      return numerator > 0n ? quotient + 1n : quotient;
    case 'nearest': {
      const twiceRemainder = 2n * (remainder < 0n ? -remainder : remainder);
      if (twiceRemainder < denominator) return quotient;
      return numerator < 0n ? quotient - 1n : quotient + 1n;
    }
    default:
      return assertNever(rounding);
  }
}

/** @internal Throws for a rounding mode that is not one of {@link ROUNDINGS} (untyped callers). */
export function assertRounding(rounding: unknown): asserts rounding is Rounding {
  if (!ROUNDINGS.includes(rounding as Rounding)) {
    throw new RangeError(`unknown rounding mode: ${String(rounding)}`);
  }
}

function assertNever(value: never): never {
  throw new RangeError(`unknown rounding mode: ${String(value)}`);
}
