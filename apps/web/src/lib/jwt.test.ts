import { describe, expect, it } from 'vitest';
import { makeToken } from '../test/fetch-mock';
import { isTokenExpired, readTokenExpiry } from './jwt';

describe('token expiry', () => {
  it('reads exp in seconds', () => {
    expect(readTokenExpiry(makeToken(1_700_000_000))).toBe(1_700_000_000);
  });

  it('compares exp (seconds) with the clock (milliseconds)', () => {
    const token = makeToken(1_700_000_000);
    expect(isTokenExpired(token, 1_699_999_999_000)).toBe(false);
    expect(isTokenExpired(token, 1_700_000_000_000)).toBe(true);
  });

  it('considers unreadable tokens expired', () => {
    expect(readTokenExpiry('abc')).toBeNull();
    expect(readTokenExpiry('a.!!!.c')).toBeNull();
    expect(isTokenExpired('abc')).toBe(true);
  });
});
