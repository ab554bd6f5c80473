import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { loadTestTiming } from './test-timing';

describe('SHIFUMI_TEST_TIMING', () => {
  it('is optional', () => {
    expect(loadTestTiming({})).toBeUndefined();
    expect(loadTestTiming({ SHIFUMI_TEST_TIMING: '' })).toBeUndefined();
  });

  it('reads shorter game and lease timing', () => {
    expect(
      loadTestTiming({ SHIFUMI_TEST_TIMING: '{"match":{"roundMs":1000,"reconnectGraceMs":1500},"gameLeaseTtlMs":2000}' }),
    ).toEqual({
      match: { roundMs: 1000, reconnectGraceMs: 1500 },
      gameLeaseTtlMs: 2000,
    });
  });

  it('refuses, in one line naming it, bad JSON, unknown or out-of-range fields, and production', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ SHIFUMI_TEST_TIMING: '{' }, 'Invalid environment: SHIFUMI_TEST_TIMING must be JSON'],
      [
        { SHIFUMI_TEST_TIMING: '{"leaseTtl":5}' },
        'Invalid environment: SHIFUMI_TEST_TIMING (root): Unrecognized key: "leaseTtl"',
      ],
      [
        { SHIFUMI_TEST_TIMING: '{"gameLeaseTtlMs":10}' },
        'Invalid environment: SHIFUMI_TEST_TIMING gameLeaseTtlMs: Too small: expected number to be >=50',
      ],
      [
        { SHIFUMI_TEST_TIMING: '{"match":{"roundMs":"1s"}}' },
        'Invalid environment: SHIFUMI_TEST_TIMING match.roundMs: Invalid input: expected number, received string',
      ],
      [
        { SHIFUMI_TEST_TIMING: '{}', NODE_ENV: 'production' },
        'Invalid environment: SHIFUMI_TEST_TIMING is for tests and is refused when NODE_ENV=production',
      ],
    ];
    for (const [env, message] of cases) {
      expect(() => loadTestTiming(env)).toThrow(ConfigError);
      expect(() => loadTestTiming(env)).toThrow(message);
    }
  });
});
