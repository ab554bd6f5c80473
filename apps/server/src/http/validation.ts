import { SERVER_TEXTS, firstIssueMessage } from '@shifumi/protocol';
import type { z } from 'zod';
import { RefusalError } from '../shared/result';

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
  const message = issue && issue.path.length === 0 ? SERVER_TEXTS.invalidRequest : firstIssueMessage(result.error);
  throw new RefusalError({ code: 'invalid_input', message });
}
