import { defineProject } from 'vitest/config';

/**
 * The architecture's rules (dependency-cruiser, ESLint) fed forbidden code: each must fail (issue 25).
 * Their probes are files written into the tree for a moment, which every other scan of the tree (the sizes, the
 * inline texts, SQL outside repositories) would see: so these files run one at a time, after every other project
 * (decision 062).
 */
export default defineProject({
  test: {
    name: 'architecture',
    environment: 'node',
    include: ['**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
  },
});
