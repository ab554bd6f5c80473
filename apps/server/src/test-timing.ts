/**
 * `SHIFUMI_TEST_TIMING`: shorter game and lease timing for tests that run
 * the real entry point as child processes (the two-node cluster test), where
 * composeApp's options cannot be passed in. JSON, validated; refused with
 * NODE_ENV=production. Read next to the config by main.ts and nowhere else.
 *
 *   SHIFUMI_TEST_TIMING='{"match":{"roundMs":1000,"graceMs":100,"revealMs":100,"reconnectGraceMs":1500},"gameLeaseTtlMs":2000}'
 */
import { z } from 'zod';
import { ConfigError } from './config';

const duration = z.number().int().min(0).max(600_000);
const positive = z.number().int().min(50).max(600_000);

const testTimingSchema = z
  .object({
    match: z
      .object({
        roundMs: positive,
        graceMs: duration,
        revealMs: duration,
        reconnectGraceMs: duration,
        maxRounds: z.number().int().min(1).max(100),
      })
      .partial()
      .strict()
      .optional(),
    gameLeaseTtlMs: positive.optional(),
    takeoverScanMs: positive.optional(),
    leaderLeaseTtlMs: positive.optional(),
  })
  .strict();

export type TestTiming = z.infer<typeof testTimingSchema>;

/** The timing overrides, or undefined when the variable is unset. Throws ConfigError (one line) when it is invalid or in production. */
export function loadTestTiming(env: Record<string, string | undefined>): TestTiming | undefined {
  const text = env.SHIFUMI_TEST_TIMING;
  if (text === undefined || text === '') return undefined;
  if (env.NODE_ENV === 'production')
    throw new ConfigError('Invalid environment: SHIFUMI_TEST_TIMING is for tests and is refused when NODE_ENV=production');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError('Invalid environment: SHIFUMI_TEST_TIMING must be JSON');
  }
  const parsed = testTimingSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment: SHIFUMI_TEST_TIMING ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}
