/**
 * The architecture's import rules (issue 25, decision 033), checked by `npm run lint:deps`
 * (part of `npm run lint`, so of `npm test`). dependency-cruiser sees static imports,
 * `import()` and type-only imports alike; `tsPreCompilationDeps` keeps the type-only ones,
 * so a cycle made of `import type` counts too. `apps/server/test/architecture.test.ts`
 * writes a forbidden import of each kind into the tree and checks that this fails.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycle, type imports and import() included: a cycle is two modules that are one.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-modules-not-transport',
      severity: 'error',
      comment:
        'Modules never import the transports or the composition: declare the interface the module needs in modules/ and implement it in realtime/ or http/.',
      from: { path: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/(http|realtime|compose)/|^apps/server/src/(main|composition|app)\\.ts$' },
    },
    {
      name: 'server-shared-and-infra-not-upward',
      severity: 'error',
      comment:
        'infra/ (adapters) and shared/ (helpers) know nothing of config, modules or transports: they are handed what they need.',
      // Test helpers (`*-testing.ts`, tests) may build a config the way the app does.
      from: { path: '^apps/server/src/(infra|shared)/', pathNot: '(\\.test\\.ts|-testing\\.ts)$' },
      // infra/ may import a module's types: adapters implement the ports the modules declare.
      to: { path: '^apps/server/src/(config|main|composition|app)\\.ts$|^apps/server/src/(http|realtime|compose)/' },
    },
    {
      name: 'packages-not-apps',
      severity: 'error',
      comment: 'A package never imports an app.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'engine-pure',
      severity: 'error',
      comment: 'The pure engine takes only the constants of the protocol, not its schemas (zod, viem).',
      from: { path: '^packages/game/src/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/(protocol|money|fairness)/src/(?!constants\\.ts$)|^node_modules/' },
    },
    {
      name: 'web-features-isolated',
      severity: 'error',
      comment:
        'A web feature never imports another feature (static or import()): compose them in app/, or move what both need to lib/ or components/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-not-upward',
      severity: 'error',
      comment: 'lib/ and components/ are shared: they never import a feature or app/.',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-not-app',
      severity: 'error',
      comment: 'Features never import app/ (app composes the features, not the other way round).',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|build-report|\\.out|\\.data|\\.tmp|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default', 'node'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
