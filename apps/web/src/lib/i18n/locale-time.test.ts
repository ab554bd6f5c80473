import { describe, expect, it } from 'vitest';
import { INTL_LOCALES } from './i18n';
import { formatClockTime } from './locale-time';

describe('formatClockTime', () => {
  const evening = '2030-01-01T21:05:00.000Z';

  it('writes a time the English way: 12-hour with AM/PM', () => {
    expect(formatClockTime(evening, INTL_LOCALES.en, 'UTC').replace(/\s/g, ' ')).toBe('9:05 PM');
    expect(formatClockTime('2030-01-01T08:30:00.000Z', INTL_LOCALES.en, 'UTC').replace(/\s/g, ' ')).toBe('8:30 AM');
  });

  it('writes a time the French way: 24-hour, two-digit hours', () => {
    expect(formatClockTime(evening, INTL_LOCALES.fr, 'UTC')).toBe('21:05');
    expect(formatClockTime('2030-01-01T08:30:00.000Z', INTL_LOCALES.fr, 'UTC')).toBe('08:30');
  });

  it('follows the time zone it is given', () => {
    expect(formatClockTime(evening, INTL_LOCALES.fr, 'Europe/Paris')).toBe('22:05');
  });
});
