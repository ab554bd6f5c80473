import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEI_PER_ETH } from './eth-amount';
import type { Rounding } from './rounding';
import { formatUsd, parseUsdPrice, usdPriceToNumber, usdToWei, weiToUsdCents } from './usd-price';

const rounding = fc.constantFrom<Rounding>('down', 'up', 'nearest');
/** From one micro-dollar to a billion dollars per ETH. */
const price = fc.oneof(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.bigInt({ min: 100_000_000n, max: 100_000_000_000n }));
const dollars = fc.oneof(fc.constantFrom(1, 5, 10, 15, 20, 50, 100), fc.integer({ min: 0, max: 1_000_000 }));
const wei = fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.bigInt({ min: 0n, max: 10n ** 30n }));
/** Exact value of usd in wei×micro-USD units: usd × 10^6 × 10^18. */
const scaledUsd = (usd: number) => BigInt(usd) * 10n ** 24n;

describe('parseUsdPrice', () => {
  it.each<[string | number, bigint]>([
    [3456.78, 3_456_780_000n],
    ['3456.78', 3_456_780_000n],
    [' 2000 ', 2_000_000_000n],
    ['1e3', 1_000_000_000n],
    ['0.000001', 1n],
    ['0.0000005', 1n],
    ['1234.5678904', 1_234_567_890n],
    ['1234.5678905', 1_234_567_891n],
  ])('reads %j as %s micro-USD per ETH', (input, microUsdPerEth) => {
    expect(parseUsdPrice(input)).toEqual({ ok: true, microUsdPerEth });
  });

  it.each<[unknown, 'invalid' | 'not-positive']>([
    ['', 'invalid'],
    ['abc', 'invalid'],
    ['$3000', 'invalid'],
    ['3,000', 'invalid'],
    [Number.NaN, 'invalid'],
    [Number.POSITIVE_INFINITY, 'invalid'],
    ['1e999', 'invalid'],
    [null, 'invalid'],
    [0, 'not-positive'],
    ['0.0000004', 'not-positive'],
    ['1e-999', 'not-positive'],
    [-3000, 'not-positive'],
  ])('refuses %j as %s', (input, reason) => {
    expect(parseUsdPrice(input as string)).toEqual({ ok: false, reason });
  });

  it('keeps every micro-dollar of a price given with 6 decimals', () => {
    fc.assert(
      fc.property(price, (micro) => {
        const text = `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, '0')}`;
        expect(parseUsdPrice(text)).toEqual({ ok: true, microUsdPerEth: micro });
      }),
    );
  });
});

describe('usdToWei', () => {
  it.each<[number | bigint, bigint, Rounding, bigint]>([
    [1, 2_000_000_000n, 'up', 5n * 10n ** 14n],
    [100, 2_000_000_000n, 'down', 5n * 10n ** 16n],
    [1, 3_000_000_000n, 'up', 333_333_333_333_334n],
    [1, 3_000_000_000n, 'down', 333_333_333_333_333n],
    [1, 3_000_000_000n, 'nearest', 333_333_333_333_333n],
    [2n, 3_000_000_000n, 'nearest', 666_666_666_666_667n],
    [0, 3_000_000_000n, 'up', 0n],
  ])('$%s at %s micro-USD/ETH rounded %s is %s wei', (usd, micro, mode, expected) => {
    expect(usdToWei(usd, micro, mode)).toBe(expected);
  });

  it('rounds once, in the asked direction, from the exact quotient', () => {
    fc.assert(
      fc.property(dollars, price, (usd, micro) => {
        const up = usdToWei(usd, micro, 'up');
        const down = usdToWei(usd, micro, 'down');
        expect(up * micro >= scaledUsd(usd) && (up - 1n) * micro < scaledUsd(usd)).toBe(true);
        expect(down * micro <= scaledUsd(usd) && (down + 1n) * micro > scaledUsd(usd)).toBe(true);
      }),
    );
  });

  it('is never negative, grows with the amount and shrinks as the price grows', () => {
    fc.assert(
      fc.property(dollars, dollars, price, price, rounding, (a, b, p, q, mode) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const [cheap, dear] = p <= q ? [p, q] : [q, p];
        expect(usdToWei(low, cheap, mode) >= 0n).toBe(true);
        expect(usdToWei(low, cheap, mode) <= usdToWei(high, cheap, mode)).toBe(true);
        expect(usdToWei(low, cheap, mode) >= usdToWei(low, dear, mode)).toBe(true);
      }),
    );
  });

  it('a stake rounded up is always shown as at least the bet in dollars', () => {
    fc.assert(
      fc.property(dollars, price, (usd, micro) => {
        expect(weiToUsdCents(usdToWei(usd, micro, 'up'), micro, 'down') >= BigInt(usd) * 100n).toBe(true);
      }),
    );
  });

  it('refuses cents-like fractions, negative amounts and non-positive prices', () => {
    expect(() => usdToWei(1.5, 2_000_000_000n, 'up')).toThrow(RangeError);
    expect(() => usdToWei(-1, 2_000_000_000n, 'up')).toThrow(RangeError);
    expect(() => usdToWei(-1n, 2_000_000_000n, 'up')).toThrow(RangeError);
    expect(() => usdToWei(Number.NaN, 2_000_000_000n, 'up')).toThrow(RangeError);
    expect(() => usdToWei(1, 0n, 'up')).toThrow(RangeError);
    expect(() => usdToWei(1, -5n, 'up')).toThrow(RangeError);
    expect(() => usdToWei(1, 2_000_000_000n, 'round' as never)).toThrow(RangeError);
  });
});

describe('weiToUsdCents', () => {
  it.each<[bigint, bigint, Rounding, bigint]>([
    [WEI_PER_ETH, 3_456_780_000n, 'down', 345_678n],
    [WEI_PER_ETH / 3n, 3_000_000_000n, 'down', 99_999n],
    [WEI_PER_ETH / 3n, 3_000_000_000n, 'up', 100_000n],
    [WEI_PER_ETH / 3n, 3_000_000_000n, 'nearest', 100_000n],
    [1n, 3_000_000_000n, 'down', 0n],
    [0n, 3_000_000_000n, 'up', 0n],
  ])('%s wei at %s micro-USD/ETH rounded %s is %s cents', (amount, micro, mode, cents) => {
    expect(weiToUsdCents(amount, micro, mode)).toBe(cents);
  });

  it('is never negative; down never exceeds the exact value and up is never below it', () => {
    fc.assert(
      fc.property(wei, price, (amount, micro) => {
        const exact = amount * micro * 100n;
        const down = weiToUsdCents(amount, micro, 'down');
        const up = weiToUsdCents(amount, micro, 'up');
        expect(down >= 0n).toBe(true);
        expect(down * 10n ** 24n <= exact && up * 10n ** 24n >= exact).toBe(true);
        expect(up - down <= 1n).toBe(true);
      }),
    );
  });

  it('grows with the amount and with the price', () => {
    fc.assert(
      fc.property(wei, wei, price, price, rounding, (a, b, p, q, mode) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const [cheap, dear] = p <= q ? [p, q] : [q, p];
        expect(weiToUsdCents(low, cheap, mode) <= weiToUsdCents(high, cheap, mode)).toBe(true);
        expect(weiToUsdCents(low, cheap, mode) <= weiToUsdCents(low, dear, mode)).toBe(true);
      }),
    );
  });

  it('refuses negative amounts and non-positive prices', () => {
    expect(() => weiToUsdCents(-1n, 1n, 'down')).toThrow(RangeError);
    expect(() => weiToUsdCents(1n, 0n, 'down')).toThrow(RangeError);
  });
});

describe('formatUsd', () => {
  it.each<[bigint | number, string]>([
    [1234n, '12.34'],
    [5n, '0.05'],
    [0n, '0.00'],
    [100n, '1.00'],
    [-250n, '-2.50'],
    [123456789012345678901234n, '1234567890123456789012.34'],
    [1234, '12.34'],
  ])('formats %s cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it('always shows two decimals and reads back as the same cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (cents) => {
        const text = formatUsd(cents);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(BigInt(text.replace('.', ''))).toBe(cents);
      }),
    );
  });

  it('refuses fractional cents', () => {
    expect(() => formatUsd(12.5)).toThrow(RangeError);
  });
});

describe('usdPriceToNumber', () => {
  it('gives the price in dollars as a number', () => {
    expect(usdPriceToNumber(3_456_780_000n)).toBe(3456.78);
    expect(usdPriceToNumber(1n)).toBe(0.000001);
    expect(usdPriceToNumber(2_000_000_000n)).toBe(2000);
  });
});
