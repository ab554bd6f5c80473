import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens';
import { extractAccessToken } from './auth.service';

const secret = 'unit-test-secret-long-enough-0123456789';

describe('access tokens', () => {
  it('round-trips the subject and expires after 15 minutes', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const tokens = createAccessTokens({ secret, clock: () => now });
    const token = await tokens.issue({ userId: 'user-1', sessionId: 'session-1' });
    expect(await tokens.verify(token)).toEqual({ userId: 'user-1', sessionId: 'session-1' });
    now = new Date(now.getTime() + 14 * 60 * 1000);
    expect(await tokens.verify(token)).toBeDefined();
    now = new Date(now.getTime() + 61 * 1000);
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses tokens signed with another secret, and absurdly long strings', async () => {
    const clock = () => new Date();
    const token = await createAccessTokens({ secret: `${secret}-other`, clock }).issue({ userId: 'u', sessionId: 's' });
    const tokens = createAccessTokens({ secret, clock });
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify('a'.repeat(10_000))).toBeUndefined();
    expect(await tokens.verify('')).toBeUndefined();
  });
});

describe('extractAccessToken', () => {
  it.each([
    ['abc', 'abc'],
    ['Bearer abc', 'abc'],
    ['bearer   abc ', 'abc'],
    ['BEARER abc', 'abc'],
    ['Bearer ', undefined],
    ['', undefined],
    [undefined, undefined],
    [42, undefined],
    [['Bearer abc'], undefined],
  ])('%j → %j', (input, expected) => {
    expect(extractAccessToken(input)).toBe(expected);
  });
});
