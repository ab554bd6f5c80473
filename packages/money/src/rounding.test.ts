import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideRounded } from './rounding';

const numerator = fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n });
const denominator = fc.bigInt({ min: 1n, max: 10n ** 30n });

describe('divideRounded', () => {
  it.each([
    [7n, 2n, 3n, 4n, 4n],
    [-7n, 2n, -4n, -3n, -4n],
    [5n, 10n, 0n, 1n, 1n],
    [4n, 10n, 0n, 1n, 0n],
    [-4n, 10n, -1n, 0n, 0n],
    [6n, 3n, 2n, 2n, 2n],
    [0n, 3n, 0n, 0n, 0n],
  ])('%s / %s → down %s, up %s, nearest %s', (n, d, down, up, nearest) => {
    expect(divideRounded(n, d, 'down')).toBe(down);
    expect(divideRounded(n, d, 'up')).toBe(up);
    expect(divideRounded(n, d, 'nearest')).toBe(nearest);
  });

  it('down is the floor and up the ceiling of the exact quotient', () => {
    fc.assert(
      fc.property(numerator, denominator, (n, d) => {
        const down = divideRounded(n, d, 'down');
        const up = divideRounded(n, d, 'up');
        expect(down * d <= n).toBe(true);
        expect(n < (down + 1n) * d).toBe(true);
        expect(up * d >= n).toBe(true);
        expect(n > (up - 1n) * d).toBe(true);
        expect(up - down).toBe(n % d === 0n ? 0n : 1n);
      }),
    );
  });

  it('nearest is within half a unit, and is either the floor or the ceiling', () => {
    fc.assert(
      fc.property(numerator, denominator, (n, d) => {
        const nearest = divideRounded(n, d, 'nearest');
        const distance = nearest * d - n;
        expect(2n * (distance < 0n ? -distance : distance) <= d).toBe(true);
        expect([divideRounded(n, d, 'down'), divideRounded(n, d, 'up')]).toContain(nearest);
      }),
    );
  });

  it('refuses a non-positive denominator and an unknown rounding mode', () => {
    expect(() => divideRounded(1n, 0n, 'down')).toThrow(RangeError);
    expect(() => divideRounded(1n, -1n, 'down')).toThrow(RangeError);
    expect(() => divideRounded(1n, 3n, 'sideways' as never)).toThrow(RangeError);
  });
});
