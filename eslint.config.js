import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The web app's features: none imports another (GUIDE: compose them in app/). */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/build-report/**', 'scripts/bench-web/.out/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', '**/drizzle/meta/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    // Issue 16: a use case declares the interfaces it needs from the transport (GameEvents, BalanceEvents,
    // PlayerConnections); realtime/ and http/ implement or call them — never the other way round.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/realtime/*', '**/realtime', '**/http/*', '**/http'],
              message: 'Modules do not import the transport: declare the interface the module needs in modules/ and implement it in realtime/ or http/.',
            },
          ],
        },
      ],
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
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(?!${feature}/)(${WEB_FEATURES.join('|')})/`,
              message: 'A feature does not import another feature: move what both need to lib/ or components/, or compose them in app/.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Issue 12: anything the server draws that must be unguessable comes from node:crypto. Math.random
    // (and library helpers built on it, like viem's generateSiweNonce) is refused in the whole server.
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use node:crypto (randomBytes, randomInt, randomUUID).' }],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'viem/siwe', importNames: ['generateSiweNonce'], message: 'It draws from Math.random: use newSiweNonce (node:crypto).' }] },
      ],
    },
  },
);
