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
      // Issue 29: the 200-game rolling restart (two node processes, 400 players) runs last and alone: it passes in
      // about 30 s on a quiet machine, and a machine busy with other test files starves its nodes' pools (decision 056).
      {
        test: {
          name: 'server-roll',
          root: './apps/server',
          environment: 'node',
          include: ['test/fault-rolling-restart-200.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
