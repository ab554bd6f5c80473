import type { z } from 'zod';
import { refusal, RefusalError } from '../shared/result';

/**
 * Parses a request part with a protocol schema; a failure is a 400 with the
 * first issue's message. The protocol's messages are written for fields; when
 * the whole input is wrong (no body, an array, a string) a generic sentence
 * replaces zod's technical one.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new RefusalError(
    issue && issue.path.length === 0 ? refusal('invalid_request') : refusal('invalid_input', { error: result.error }),
  );
}
