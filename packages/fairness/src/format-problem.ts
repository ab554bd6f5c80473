/**
 * Issue 27: what is wrong with a transcript's or a proof's format, told by
 * what it is — never by the schema's English words — so that a page says it
 * in its reader's language (`verify.details.problems.*`) and the CLI in
 * English (`englishValue`). From the first issue the schema (zod) found.
 */

export const FORMAT_PROBLEMS = [
  'missing',
  'wrongType',
  'notAllowed',
  'wrongFormat',
  'tooSmall',
  'tooBig',
  'unknownField',
  'samePlayerTwice',
  'invalid',
] as const;
export type FormatProblem = (typeof FORMAT_PROBLEMS)[number];

/** A problem, with the bound it broke (a minimum, a maximum) or the fields it did not expect, where it has one. */
export interface FormatProblemValue {
  readonly problem: FormatProblem;
  readonly bound?: number | string;
}

/** What a schema issue carries that says which problem it is (zod's issue, structurally). */
export interface SchemaIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly keys?: readonly string[];
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const step of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[step];
  }
  return value;
}

function boundOf(value: unknown): number | string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return value.toString();
  return undefined;
}

/** The problem of a schema's first issue with `input` (a value of the wrong type where nothing was given is missing). */
export function formatProblemOf(issue: SchemaIssue | undefined, input: unknown): FormatProblemValue {
  switch (issue?.code) {
    case 'invalid_type':
      return { problem: valueAt(input, issue.path) === undefined ? 'missing' : 'wrongType' };
    case 'invalid_value':
      return { problem: 'notAllowed' };
    case 'invalid_format':
      return { problem: 'wrongFormat' };
    case 'too_small': {
      const bound = boundOf(issue.minimum);
      return bound === undefined ? { problem: 'invalid' } : { problem: 'tooSmall', bound };
    }
    case 'too_big': {
      const bound = boundOf(issue.maximum);
      return bound === undefined ? { problem: 'invalid' } : { problem: 'tooBig', bound };
    }
    case 'unrecognized_keys':
      return { problem: 'unknownField', bound: (issue.keys ?? []).join(', ') };
    default:
      return { problem: 'invalid' };
  }
}
