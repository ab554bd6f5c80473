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
    // Decision 065: the files of a worker share one module graph (the app, its drivers and libraries loaded once per
    // worker, not once per file: 165 s of imports in a run became 17 s). Each file already builds its own app, database
    // and Redis prefix and closes them; nothing of ours keeps state at module level (audited; the decision lists it).
    isolate: false,
  },
});
