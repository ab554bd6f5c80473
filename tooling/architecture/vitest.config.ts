import { defineProject } from 'vitest/config';

/** The architecture's rules (dependency-cruiser, ESLint) fed forbidden code: each must fail (issue 25). */
export default defineProject({
  test: { name: 'architecture', environment: 'node', include: ['**/*.test.ts'], testTimeout: 180_000, hookTimeout: 180_000 },
});
