import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The 200-game rolling restart runs last and alone: the root config's `server-roll` project.
    exclude: [...configDefaults.exclude, 'test/fault-rolling-restart-200.test.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
