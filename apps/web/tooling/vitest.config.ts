import { defineProject } from 'vitest/config';

/** The web app's build tooling (precompression, the bundle budget): plain Node, no browser. */
export default defineProject({
  test: { name: 'web-tooling', environment: 'node', include: ['**/*.test.ts'] },
});
