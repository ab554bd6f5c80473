import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './json-depth';

/** The true depth of a parsed value (recursive: only for small test values). */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (typeof value === 'object' && value !== null) return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe('jsonNestsDeeperThan', () => {
  it('agrees with the depth of the parsed value, whatever the strings hold', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 8 }), (value, max) => {
        expect(jsonNestsDeeperThan(JSON.stringify(value), max)).toBe(depthOf(value) > max);
      }),
      { numRuns: 300 },
    );
  });

  it('finds 40,000 nested arrays without recursion', () => {
    const deep = `${'['.repeat(40_000)}${']'.repeat(40_000)}`;
    expect(jsonNestsDeeperThan(deep, 32)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":"[[[[[[[[[[\\"[[[[[["}', 1)).toBe(false);
  });
});
