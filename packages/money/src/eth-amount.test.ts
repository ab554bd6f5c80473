import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_UINT256 } from './decimal';
import { WEI_PER_ETH, formatEth, formatEthFixed, parseEthAmount, weiToEthNumber } from './eth-amount';
import type { Rounding } from './rounding';

const anyWei = fc.oneof(
  fc.bigInt({ min: 0n, max: 10n ** 21n }),
  fc.bigInt({ min: 0n, max: MAX_UINT256 }),
  fc.constantFrom(0n, 1n, WEI_PER_ETH, MAX_UINT256),
);
const positiveWei = anyWei.filter((wei) => wei > 0n);
/** Amounts that stay within 2^256 - 1 wei after rounding up to a whole ether. */
const roundableWei = anyWei.filter((wei) => wei <= MAX_UINT256 - WEI_PER_ETH);
const rounding = fc.constantFrom<Rounding>('down', 'up', 'nearest');
const decimals = fc.integer({ min: 0, max: 18 });

function weiOf(text: string): bigint {
  const result = parseEthAmount(text, { allowZero: true });
  if (!result.ok) throw new Error(`expected ${text} to parse, got ${result.reason}`);
  return result.wei;
}

describe('parseEthAmount', () => {
  it.each<[string | number, bigint]>([
    ['1', WEI_PER_ETH],
    ['0.1', 10n ** 17n],
    [0.1, 10n ** 17n],
    [' 2.5 \n', 25n * 10n ** 17n],
    ['.5', 5n * 10n ** 17n],
    ['1.', WEI_PER_ETH],
    ['007.50', 75n * 10n ** 17n],
    ['0.000000000000000001', 1n],
    ['1.0000000000000000000000', WEI_PER_ETH],
    ['1e-7', 10n ** 11n],
    [1e-7, 10n ** 11n],
    ['1.5E3', 1500n * WEI_PER_ETH],
    [1e21, 10n ** 39n],
    [123456.789, 123456789n * 10n ** 15n],
    [0.1 + 0.2, 300000000000000040n],
  ])('reads %j as %s wei', (input, wei) => {
    expect(parseEthAmount(input)).toEqual({ ok: true, wei });
  });

  it.each<[unknown, 'invalid' | 'too-precise' | 'not-positive']>([
    ['', 'invalid'],
    ['   ', 'invalid'],
    ['.', 'invalid'],
    ['-', 'invalid'],
    ['abc', 'invalid'],
    ['1.2.3', 'invalid'],
    ['1,5', 'invalid'],
    ['1 000', 'invalid'],
    ['+1', 'invalid'],
    ['0x10', 'invalid'],
    ['1ETH', 'invalid'],
    ['$1', 'invalid'],
    ['e5', 'invalid'],
    ['1e', 'invalid'],
    ['NaN', 'invalid'],
    ['Infinity', 'invalid'],
    [Number.NaN, 'invalid'],
    [Number.POSITIVE_INFINITY, 'invalid'],
    [Number.NEGATIVE_INFINITY, 'invalid'],
    ['1e999999999', 'invalid'],
    [`${'9'.repeat(61)}`, 'invalid'],
    ['1'.repeat(201), 'invalid'],
    [null, 'invalid'],
    [undefined, 'invalid'],
    [{}, 'invalid'],
    ['0.0000000000000000001', 'too-precise'],
    ['1.0000000000000000001', 'too-precise'],
    [1e-19, 'too-precise'],
    ['1e-999999999', 'too-precise'],
    [1.5e-20, 'too-precise'],
    ['0', 'not-positive'],
    ['0.000', 'not-positive'],
    ['-0', 'not-positive'],
    [0, 'not-positive'],
    [-0, 'not-positive'],
    ['-1', 'not-positive'],
    [-0.5, 'not-positive'],
    ['-1e-30', 'not-positive'],
  ])('refuses %j as %s', (input, reason) => {
    expect(parseEthAmount(input as string)).toEqual({ ok: false, reason });
  });

  it('accepts zero only when asked', () => {
    expect(parseEthAmount('0', { allowZero: true })).toEqual({ ok: true, wei: 0n });
    expect(parseEthAmount(-0, { allowZero: true })).toEqual({ ok: true, wei: 0n });
    expect(parseEthAmount('-1', { allowZero: true })).toEqual({ ok: false, reason: 'not-positive' });
  });

  it('accepts up to 2^256 - 1 wei and no more', () => {
    expect(parseEthAmount(formatEth(MAX_UINT256))).toEqual({ ok: true, wei: MAX_UINT256 });
    expect(parseEthAmount(formatEth(MAX_UINT256 + 1n))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('round-trips every wei value through formatEth and formatEthFixed(…, 18)', () => {
    fc.assert(
      fc.property(positiveWei, rounding, (wei, mode) => {
        expect(parseEthAmount(formatEth(wei))).toEqual({ ok: true, wei });
        expect(parseEthAmount(formatEthFixed(wei, 18, mode))).toEqual({ ok: true, wei });
      }),
    );
    expect(parseEthAmount(formatEth(0n), { allowZero: true })).toEqual({ ok: true, wei: 0n });
  });

  it('reads any decimal text with at most 18 decimals exactly, and formats it back canonically', () => {
    const digits = (max: number) => fc.array(fc.constantFrom(...'0123456789'), { maxLength: max }).map((d) => d.join(''));
    fc.assert(
      fc.property(digits(30), digits(18), fc.boolean(), (integerPart, fraction, withPoint) => {
        fc.pre(integerPart.length + fraction.length > 0);
        const text = withPoint || fraction.length > 0 ? `${integerPart}.${fraction}` : integerPart;
        const expected = BigInt(integerPart || '0') * WEI_PER_ETH + BigInt(fraction.padEnd(18, '0') || '0');
        expect(weiOf(text)).toBe(expected);
        const canonicalInteger = integerPart.replace(/^0+(?=.)/, '') || '0';
        const canonicalFraction = fraction.replace(/0+$/, '');
        expect(formatEth(expected)).toBe(canonicalFraction ? `${canonicalInteger}.${canonicalFraction}` : canonicalInteger);
      }),
    );
  });

  it('reads a JS number as its shortest decimal text: the result converts back to the same number', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e50, noNaN: true, noDefaultInfinity: true }), (value) => {
        fc.pre(value > 0);
        const result = parseEthAmount(value);
        if (result.ok) expect(weiToEthNumber(result.wei)).toBe(value);
        else expect(result.reason).toBe('too-precise');
      }),
    );
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[-+ .eE0-9]{0,30}$/)), (text) => {
        const result = parseEthAmount(text);
        if (result.ok) expect(result.wei > 0n).toBe(true);
      }),
    );
  });
});

describe('formatEth', () => {
  it.each<[bigint, string]>([
    [0n, '0'],
    [1n, '0.000000000000000001'],
    [WEI_PER_ETH, '1'],
    [15n * 10n ** 17n, '1.5'],
    [1234567890123456789n, '1.234567890123456789'],
    [-15n * 10n ** 17n, '-1.5'],
  ])('formats %s wei exactly as %s', (wei, text) => {
    expect(formatEth(wei)).toBe(text);
  });

  it.each<[bigint, number, Rounding, string]>([
    [1234567890123456789n, 6, 'down', '1.234567'],
    [1234567890123456789n, 6, 'up', '1.234568'],
    [1234567890123456789n, 6, 'nearest', '1.234568'],
    [1234560000000000000n, 6, 'up', '1.23456'],
    [1n, 6, 'down', '0'],
    [1n, 6, 'up', '0.000001'],
    [999999999999999999n, 2, 'nearest', '1'],
    [5n * 10n ** 17n, 0, 'nearest', '1'],
    [-1n, 6, 'down', '-0.000001'],
    [-1n, 6, 'up', '0'],
  ])('formats %s wei with at most %s decimals rounded %s as %s', (wei, places, mode, text) => {
    expect(formatEth(wei, { decimals: places, rounding: mode })).toBe(text);
  });

  it('down never exceeds the exact value, up is never below it, nearest is within half a unit', () => {
    fc.assert(
      fc.property(roundableWei, decimals, (wei, places) => {
        const unit = 10n ** BigInt(18 - places);
        const down = weiOf(formatEth(wei, { decimals: places, rounding: 'down' }));
        const up = weiOf(formatEth(wei, { decimals: places, rounding: 'up' }));
        const nearest = weiOf(formatEth(wei, { decimals: places, rounding: 'nearest' }));
        expect(down <= wei && wei - down < unit).toBe(true);
        expect(up >= wei && up - wei < unit).toBe(true);
        const distance = nearest > wei ? nearest - wei : wei - nearest;
        expect(2n * distance <= unit).toBe(true);
      }),
    );
  });

  it('is symmetric for negative amounts: -x rounded down is -(x rounded up)', () => {
    fc.assert(
      fc.property(positiveWei, decimals, (wei, places) => {
        const up = formatEth(wei, { decimals: places, rounding: 'up' });
        expect(formatEth(-wei, { decimals: places, rounding: 'down' })).toBe(`-${up}`);
      }),
    );
  });

  it('refuses a number of decimals outside 0..18', () => {
    expect(() => formatEth(1n, { decimals: 19, rounding: 'down' })).toThrow(RangeError);
    expect(() => formatEth(1n, { decimals: -1, rounding: 'down' })).toThrow(RangeError);
    expect(() => formatEthFixed(1n, 2.5, 'down')).toThrow(RangeError);
  });
});

describe('formatEthFixed', () => {
  it.each<[bigint, number, Rounding, string]>([
    [10n ** 14n, 6, 'up', '0.000100'],
    [0n, 6, 'up', '0.000000'],
    [1n, 6, 'up', '0.000001'],
    [WEI_PER_ETH, 6, 'down', '1.000000'],
    [123456789n * 10n ** 10n, 6, 'up', '1.234568'],
    [WEI_PER_ETH, 0, 'down', '1'],
    [-1n, 2, 'down', '-0.01'],
  ])('formats %s wei with exactly %s decimals rounded %s as %s', (wei, places, mode, text) => {
    expect(formatEthFixed(wei, places, mode)).toBe(text);
  });

  it('always shows exactly the requested decimals, with the same value as formatEth', () => {
    fc.assert(
      fc.property(roundableWei, decimals, rounding, (wei, places, mode) => {
        const text = formatEthFixed(wei, places, mode);
        expect(text.split('.')[1]?.length ?? 0).toBe(places);
        expect(weiOf(text)).toBe(weiOf(formatEth(wei, { decimals: places, rounding: mode })));
      }),
    );
  });
});

describe('weiToEthNumber', () => {
  it('gives the nearest double of the exact amount', () => {
    expect(weiToEthNumber(15n * 10n ** 17n)).toBe(1.5);
    expect(weiToEthNumber(10n ** 17n)).toBe(0.1);
    expect(weiToEthNumber(0n)).toBe(0);
    expect(weiToEthNumber(1n)).toBe(1e-18);
    expect(weiToEthNumber(1234567890123456789n)).toBe(Number('1.234567890123456789'));
  });
});
