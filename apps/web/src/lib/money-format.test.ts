import { describe, expect, it } from 'vitest';
import {
  formatBetUsd,
  formatDecimalText,
  formatEthAmount,
  formatEthCharged,
  formatEthChargedText,
  formatEthExact,
  formatEthText,
  formatUsdAmount,
  formatUsdCents,
} from './money-format';

const WEI_PER_ETH = 10n ** 18n;
const PRICE_3000 = 3000n * 1_000_000n;

describe('money formats (decision 041)', () => {
  it('write thousands separators and the decimal sign of the locale, exactly', () => {
    expect(formatUsdCents(165_100n)).toBe('$1,651.00');
    expect(formatUsdCents(299_700_000n)).toBe('$2,997,000.00');
    expect(formatUsdCents(5n)).toBe('$0.05');
    expect(formatUsdCents(-250n)).toBe('-$2.50');
    expect(formatDecimalText('1234567.891')).toBe('1,234,567.891');
    // Beyond a JS number's precision, every digit stays.
    expect(formatDecimalText('123456789012345678901.000000000000000001')).toBe('123,456,789,012,345,678,901.000000000000000001');
    expect(formatDecimalText('1234.5', 'de-DE')).toBe('1.234,5');
    expect(formatDecimalText('1234.5', 'fr-FR').replace(/\s/g, ' ')).toBe('1 234,5');
    expect(formatDecimalText('not a number')).toBe('not a number');
  });

  it('a balance rounds down (never more than held), in ETH and in dollars', () => {
    expect(formatEthAmount(1234n * WEI_PER_ETH + 999_999_999_999_999_999n / 1n)).toBe('1,234.999999 ETH');
    expect(formatEthAmount(0n)).toBe('0 ETH');
    // 0.333333333333333333 ETH × $3000 = $999.999999…: $999.99, not $1,000.00.
    expect(formatUsdAmount(333_333_333_333_333_333n, PRICE_3000)).toBe('$999.99');
    expect(formatUsdAmount(550_000_000_000_000_000n, PRICE_3000)).toBe('$1,650.00');
    expect(formatEthText('0.003333333333333334')).toBe('0.003333 ETH');
  });

  it('a fee rounds up (never charged more than shown), from wei and from the server’s text alike', () => {
    // 21,000 gas at 1.0159 gwei: 0.0000213339 ETH.
    const fee = 21_000n * 1_015_900_000n;
    expect(formatEthCharged(fee)).toBe('0.000022 ETH');
    expect(formatEthChargedText('0.0000213339')).toBe('0.000022 ETH');
    expect(formatEthExact(fee)).toBe('0.0000213339 ETH');
    // A fee already a whole number of millionths is shown as it is.
    expect(formatEthCharged(21_000n * 1_000_000_000n)).toBe('0.000021 ETH');
    expect(formatEthChargedText('0.000021')).toBe('0.000021 ETH');
  });

  it('a stake is said in USDT, the unit of the bet options', () => {
    expect(formatBetUsd(10)).toBe('10 USDT');
    expect(formatBetUsd(1000)).toBe('1,000 USDT');
  });
});
