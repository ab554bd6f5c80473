import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import houseRules from './tooling/eslint/sql-in-repositories.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build-report/**',
      'scripts/bench-web/.out/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/drizzle/meta/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Issue 25: type-aware rules for the bugs a realtime server cannot afford (a promise nobody awaits or
    // catches, an async handler where a plain one is expected, a switch that forgets a case).
    // The build tooling and config files belong to no tsconfig project; they stay on the plain rules.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.config.ts', 'apps/web/tooling/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Issue 12: anything the server draws that must be unguessable comes from node:crypto. Math.random
    // (and library helpers built on it, like viem's generateSiweNonce) is refused in the whole server.
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use node:crypto (randomBytes, randomInt, randomUUID).' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'viem/siwe',
              importNames: ['generateSiweNonce'],
              message: 'It draws from Math.random: use newSiweNonce (node:crypto).',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 25, decision 039: SQL only in *.repo.ts (and the infra/db adapter). The rule knows a query by the
    // TYPE of what it is called on (a Drizzle database/transaction, a pg or PGlite client) and drizzle's `sql`.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.repo.ts',
      '**/*.test.ts',
      'apps/server/src/infra/db/**',
      // Justified exceptions, each for a reason a repository would not serve:
      // benchmark and developer scripts seed and measure the database the way an operator would (not production paths).
      'apps/server/src/scripts/bench-*.ts',
      'apps/server/src/scripts/dev-deposit.ts',
    ],
    plugins: { house: houseRules },
    rules: { 'house/sql-in-repositories': 'error' },
  },
);
