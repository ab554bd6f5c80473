import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time on CI's 2 cores (Vitest's default there is one): the server's integration files
    // spend most of their time waiting on PostgreSQL, anvil, timers and child processes, not on the CPU, and each
    // has a database and a Redis key prefix of its own. Decision 062.
    maxWorkers: 2,
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'apps/web/tooling/vitest.config.ts',
      'tooling/*/vitest.config.ts',
    ],
  },
});
