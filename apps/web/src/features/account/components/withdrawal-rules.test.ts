/** Issue 27: the withdraw form reads the amount as the player's language writes it. */
import { describe, expect, it } from 'vitest';
import { withdrawalFeeFixture } from '../../../test/fetch-mock';
import { normalizeAmount, withdrawalProblem } from './withdrawal-rules';
import '../account-texts';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const TEN_ETH = 10n * 10n ** 18n;

describe('normalizeAmount', () => {
  it('reads French: a decimal comma, grouping spaces (the ones Intl writes too), a point for whoever types one', () => {
    expect(normalizeAmount('0,5', 'fr')).toBe('0.5');
    expect(normalizeAmount('1 234,56', 'fr')).toBe('1234.56');
    expect(normalizeAmount('1\u202f234,56', 'fr')).toBe('1234.56');
    expect(normalizeAmount('0.25', 'fr')).toBe('0.25');
    expect(normalizeAmount(' 2 ', 'fr')).toBe('2');
  });

  it('refuses in French what French does not write', () => {
    for (const text of ['', 'abc', '1,234.5', '1,2,3', '12 34', '-1']) expect(normalizeAmount(text, 'fr'), text).toBeNull();
  });

  it('reads English: a decimal point, commas grouping by threes, and a lone decimal comma (issue 14)', () => {
    expect(normalizeAmount('0.5', 'en')).toBe('0.5');
    expect(normalizeAmount('1,234.5', 'en')).toBe('1234.5');
    expect(normalizeAmount('1,000', 'en')).toBe('1000');
    expect(normalizeAmount('0,5', 'en')).toBe('0.5');
    expect(normalizeAmount('1,25', 'en')).toBe('1.25');
  });

  it('refuses in English what English does not write', () => {
    for (const text of ['', 'abc', '1 234,5', '1,2,3', '1.2.3', '12,34.5', '-1'])
      expect(normalizeAmount(text, 'en'), text).toBeNull();
  });
});

describe('withdrawalProblem in each language', () => {
  const quote = withdrawalFeeFixture;

  it('accepts the same amount written either way', () => {
    expect(withdrawalProblem('1,5', ADDRESS, TEN_ETH, quote, 'fr')).toBeNull();
    expect(withdrawalProblem('1.5', ADDRESS, TEN_ETH, quote, 'en')).toBeNull();
  });

  it('refuses, in the current language, what the language does not write', () => {
    expect(withdrawalProblem('1 234,5', ADDRESS, TEN_ETH, quote, 'en')).toEqual({
      message: 'Please enter a valid amount to withdraw.',
      field: 'amount',
    });
    expect(withdrawalProblem('1,234.5', ADDRESS, TEN_ETH, quote, 'fr')?.field).toBe('amount');
  });
});
