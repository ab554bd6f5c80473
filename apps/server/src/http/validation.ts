import { firstIssueMessage } from '@shifumi/protocol';
import type { z } from 'zod';
import { RefusalError } from '../shared/result';

/** Parses a request part with a protocol schema; a failure is a 400 with the first issue's message. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new RefusalError({ code: 'invalid_input', message: firstIssueMessage(result.error) });
  return result.data;
}
