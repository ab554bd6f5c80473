import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'money', environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});
