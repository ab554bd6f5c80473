import { describe, expect, it } from 'vitest';
import { formatDecimalText } from '../money-format';
import { INTL_LOCALES } from './i18n';
import { parseLocaleDecimal } from './locale-number';

describe('parseLocaleDecimal (issue 27)', () => {
  it('reads French: decimal comma, grouping spaces (also the ones Intl writes), a point for whoever types one', () => {
    expect(parseLocaleDecimal('0,05', 'fr')).toBe('0.05');
    expect(parseLocaleDecimal('1 234,5', 'fr')).toBe('1234.5');
    expect(parseLocaleDecimal('1\u202f234,5', 'fr')).toBe('1234.5');
    expect(parseLocaleDecimal('1\u00a0234', 'fr')).toBe('1234');
    expect(parseLocaleDecimal('0.05', 'fr')).toBe('0.05');
    expect(parseLocaleDecimal(',5', 'fr')).toBe('0.5');
    expect(parseLocaleDecimal(' 12 ', 'fr')).toBe('12');
  });

  it('refuses what French does not write', () => {
    for (const text of ['', 'abc', '1,2,3', '1 23,4', '1,234.5', '-1', '1e3', '12 34'])
      expect(parseLocaleDecimal(text, 'fr'), text).toBeNull();
  });

  it('reads English: decimal point, commas grouping by threes', () => {
    expect(parseLocaleDecimal('0.05', 'en')).toBe('0.05');
    expect(parseLocaleDecimal('1,234.5', 'en')).toBe('1234.5');
    expect(parseLocaleDecimal('1,234,567', 'en')).toBe('1234567');
    expect(parseLocaleDecimal('.5', 'en')).toBe('0.5');
  });

  it('refuses what English does not write (a decimal comma is not English)', () => {
    for (const text of ['', '0,05', '1,23', '1 234.5', '1.2.3', '-1', 'abc'])
      expect(parseLocaleDecimal(text, 'en'), text).toBeNull();
  });

  it('reads back what the app writes in each language', () => {
    for (const language of ['en', 'fr'] as const) {
      const written = formatDecimalText('1234567.123456', INTL_LOCALES[language]);
      expect(parseLocaleDecimal(written, language), `${language}: ${written}`).toBe('1234567.123456');
    }
    expect(formatDecimalText('1234.5', INTL_LOCALES.fr)).toMatch(/^1\s234,5$/u);
  });
});
