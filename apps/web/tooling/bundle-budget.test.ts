import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { encode } from '@jridgewell/sourcemap-codec';
import { afterEach, describe, expect, it } from 'vitest';
import type { BundleReport } from './build-report';
import {
  REACT_DEVELOPMENT_MARKER,
  bytesPerSource,
  checkBundleBudget,
  formatBudgetResult,
  packageOf,
  scriptsOfIndexHtml,
  walletPackages,
} from './bundle-budget';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** A web package whose node_modules hold a tiny wallet stack and a tiny React, sharing `tslib`. */
function fakeWorkspace() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-budget-'));
  made.push(root);
  const web = path.join(root, 'apps', 'web');
  const pkg = (name: string, dependencies: Record<string, string> = {}) =>
    write(path.join(root, 'node_modules', name, 'package.json'), JSON.stringify({ name, dependencies }));
  write(
    path.join(web, 'package.json'),
    JSON.stringify({
      dependencies: { react: '*', wagmi: '*', viem: '*', '@rainbow-me/rainbowkit': '*', '@shifumi/protocol': '*' },
    }),
  );
  pkg('react', { tslib: '*' });
  pkg('wagmi', { '@wagmi/core': '*', tslib: '*' });
  pkg('@wagmi/core', { 'not-installed-optional': '*' });
  pkg('viem', { '@noble/hashes': '*' });
  pkg('@noble/hashes');
  pkg('@rainbow-me/rainbowkit', { 'ua-parser-js': '*' });
  pkg('ua-parser-js');
  pkg('tslib');
  // A workspace package depending on viem does not make viem one of the app's other libraries.
  pkg('@shifumi/protocol', { viem: '*', zod: '*' });
  return { root, web };
}

/** A build: index.html loading `entry` (+ a modulepreload), the report, and the entry's source map. */
function fakeBuild(web: string, root: string, entryModules: string[], entryCode = 'console.log(1);') {
  const dist = path.join(web, 'dist');
  const reportDir = path.join(web, 'build-report');
  write(
    path.join(dist, 'index.html'),
    '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-1.js"><link rel="stylesheet" href="/assets/index-1.css"></head></html>',
  );
  write(path.join(dist, 'assets', 'index-1.js'), entryCode);
  write(path.join(dist, 'assets', 'react-1.js'), 'export const react = 1;');
  write(path.join(dist, 'assets', 'shared-1.js'), 'export const shared = 1;');
  write(path.join(dist, 'assets', 'lazy-1.js'), 'import("viem");');
  const report: BundleReport = {
    chunks: [
      {
        fileName: 'assets/index-1.js',
        name: 'index',
        isEntry: true,
        isDynamicEntry: false,
        facadeModule: 'apps/web/src/main.tsx',
        imports: ['assets/react-1.js', 'assets/shared-1.js'],
        dynamicImports: ['assets/lazy-1.js'],
        modules: entryModules,
      },
      {
        fileName: 'assets/react-1.js',
        name: 'react',
        isEntry: false,
        isDynamicEntry: false,
        facadeModule: null,
        imports: [],
        dynamicImports: [],
        modules: ['node_modules/react/index.js', 'node_modules/tslib/tslib.es6.js'],
      },
      {
        fileName: 'assets/shared-1.js',
        name: 'shared',
        isEntry: false,
        isDynamicEntry: false,
        facadeModule: null,
        imports: [],
        dynamicImports: [],
        modules: ['apps/web/src/lib/shared.ts'],
      },
      {
        fileName: 'assets/lazy-1.js',
        name: 'lazy',
        isEntry: false,
        isDynamicEntry: true,
        facadeModule: 'apps/web/src/lazy.ts',
        imports: [],
        dynamicImports: [],
        modules: ['node_modules/viem/index.js', 'node_modules/zod/index.js'],
      },
    ],
    staticImports: {
      'apps/web/src/main.tsx': ['apps/web/src/app.tsx', 'node_modules/react/index.js'],
      'apps/web/src/app.tsx': ['apps/web/src/wallet.ts'],
      'apps/web/src/wallet.ts': ['node_modules/@wagmi/core/index.js'],
    },
  };
  write(path.join(reportDir, 'bundle.json'), JSON.stringify(report));
  // Two sources in the entry: 12 bytes from main.tsx, the rest from a library.
  const map = {
    version: 3,
    sources: ['../../src/main.tsx', '../../../../node_modules/tslib/tslib.es6.js'],
    names: [],
    mappings: encode([
      [
        [0, 0, 0, 0],
        [12, 1, 0, 0],
      ],
    ]),
  };
  write(path.join(reportDir, 'sourcemaps', 'assets', 'index-1.js.map'), JSON.stringify(map));
  // No route to check unless a test adds one (withAccountRoute).
  return { distDir: dist, reportDir, webDir: web, repositoryRoot: root, routes: [] };
}

describe('the first load of a build', () => {
  it("fails on React's development build (issue 26: npm start always serves a production build)", () => {
    const { root, web } = fakeWorkspace();
    const result = checkBundleBudget(
      fakeBuild(
        web,
        root,
        ['apps/web/src/main.tsx'],
        `console.info("${REACT_DEVELOPMENT_MARKER} for a better development experience");`,
      ),
    );
    expect(result.developmentBuild).toBe(true);
    expect(result.ok).toBe(false);
    expect(formatBudgetResult(result)).toContain('DEVELOPMENT BUILD');
    expect(checkBundleBudget(fakeBuild(web, root, ['apps/web/src/main.tsx'])).developmentBuild).toBe(false);
  });

  it('is the module entry and the modulepreloads of index.html, not its stylesheet', () => {
    expect(
      scriptsOfIndexHtml(
        '<script type="module" src="/assets/a.js"></script><link rel="modulepreload" href="/assets/b.js"><link rel="stylesheet" href="/assets/c.css"><script src="/legacy.js"></script>',
      ),
    ).toEqual(['assets/a.js', 'assets/b.js']);
  });

  it('sums each file gzip -9 with the static imports index.html does not preload, and passes within the budget', () => {
    const { root, web } = fakeWorkspace();
    const result = checkBundleBudget(fakeBuild(web, root, ['apps/web/src/main.tsx', 'apps/web/src/app.tsx']));
    expect(result.files.map((file) => file.file)).toEqual(['assets/index-1.js', 'assets/react-1.js', 'assets/shared-1.js']);
    expect(result.gzipBytes).toBe(result.files.reduce((sum, file) => sum + file.gzipBytes, 0));
    expect(result.forbidden).toEqual([]);
    expect(result.ok).toBe(true);
    // The breakdown comes from the source maps: the entry's 15 bytes split 12 / 3.
    expect(result.parts).toEqual([
      { name: 'apps/web/src/main.tsx', bytes: 12 },
      { name: 'tslib', bytes: 3 },
    ]);
    expect(formatBudgetResult(result)).toContain('within');
  });

  it('fails over the budget, and says by how much it is over', () => {
    const { root, web } = fakeWorkspace();
    const result = checkBundleBudget({ ...fakeBuild(web, root, ['apps/web/src/main.tsx']), budgetBytes: 10 });
    expect(result.ok).toBe(false);
    expect(formatBudgetResult(result, 10)).toMatch(
      /^Home's first load: \d+\.\d kB of JavaScript \(gzip -9\), budget 0\.0 kB — OVER BUDGET/,
    );
  });

  it('fails when a wallet package is in it, and shows the imports that pulled it in', () => {
    const { root, web } = fakeWorkspace();
    const result = checkBundleBudget(
      fakeBuild(web, root, [
        'apps/web/src/main.tsx',
        'apps/web/src/app.tsx',
        'apps/web/src/wallet.ts',
        'node_modules/@wagmi/core/index.js',
      ]),
    );
    expect(result.ok).toBe(false);
    expect(result.forbidden).toEqual([
      {
        package: '@wagmi/core',
        chain: ['apps/web/src/main.tsx', 'apps/web/src/app.tsx', 'apps/web/src/wallet.ts', 'node_modules/@wagmi/core/index.js'],
      },
    ]);
    expect(formatBudgetResult(result)).toContain('FORBIDDEN in the first load: @wagmi/core');
  });

  it('fails when zod is in it, though the same modules later (a lazy chunk) are fine', () => {
    const { root, web } = fakeWorkspace();
    expect(
      checkBundleBudget(fakeBuild(web, root, ['apps/web/src/main.tsx', 'node_modules/zod/v4/classic/schemas.js'])).forbidden.map(
        (found) => found.package,
      ),
    ).toEqual(['zod']);
  });
});

/** Adds /account's lazy chunk to a fake build: it imports `imports` statically (files written with `code`). */
function withAccountRoute(
  build: ReturnType<typeof fakeBuild>,
  imports: Record<string, string[]>,
  code = 'export const page = 1;',
) {
  const reportFile = path.join(build.reportDir, 'bundle.json');
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as BundleReport;
  write(path.join(build.distDir, 'assets', 'account-route-1.js'), code);
  report.chunks.push({
    fileName: 'assets/account-route-1.js',
    name: 'account-route',
    isEntry: false,
    isDynamicEntry: true,
    facadeModule: 'apps/web/src/app/account-route.tsx',
    imports: ['assets/react-1.js', ...Object.keys(imports)],
    dynamicImports: ['assets/lazy-1.js'],
    modules: ['apps/web/src/app/account-route.tsx'],
  });
  for (const [file, modules] of Object.entries(imports)) {
    write(path.join(build.distDir, file), `export const x = ${JSON.stringify(file)};`);
    report.chunks.push({
      fileName: file,
      name: 'part',
      isEntry: false,
      isDynamicEntry: false,
      facadeModule: null,
      imports: [],
      dynamicImports: [],
      modules,
    });
    report.staticImports['apps/web/src/app/account-route.tsx'] = [
      ...(report.staticImports['apps/web/src/app/account-route.tsx'] ?? []),
      ...modules,
    ];
  }
  fs.writeFileSync(reportFile, JSON.stringify(report));
  return build;
}

describe("a route's first load (/account)", () => {
  const account = (budgetBytes: number) => [{ path: '/account', module: 'apps/web/src/app/account-route.tsx', budgetBytes }];

  it("is home's first load, the route's chunk and its static imports (not its lazy ones, not home's lazy ones); zod may be in it", () => {
    const { root, web } = fakeWorkspace();
    const build = withAccountRoute(fakeBuild(web, root, ['apps/web/src/main.tsx']), {
      'assets/schemas-1.js': ['node_modules/zod/v4/classic/schemas.js'],
    });
    const result = checkBundleBudget({ ...build, routes: account(100_000) });
    const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(build.distDir, file)), { level: 9 }).length;
    const expected = [
      'assets/index-1.js',
      'assets/react-1.js',
      'assets/shared-1.js',
      'assets/account-route-1.js',
      'assets/schemas-1.js',
    ]
      .map(gzip)
      .reduce((sum, size) => sum + size, 0);
    expect(result.routes).toEqual([{ path: '/account', budgetBytes: 100_000, gzipBytes: expected, forbidden: [], ok: true }]);
    expect(result.ok).toBe(true);
    expect(formatBudgetResult(result)).toContain("/account's first load (home's, its chunk and their static imports):");
  });

  it('fails over its budget', () => {
    const { root, web } = fakeWorkspace();
    const build = withAccountRoute(fakeBuild(web, root, ['apps/web/src/main.tsx']), {});
    const result = checkBundleBudget({ ...build, routes: account(100) });
    expect(result.routes[0]?.ok).toBe(false);
    expect(result.ok).toBe(false);
    expect(formatBudgetResult(result)).toMatch(/\/account's first load .*budget 0\.1 kB — OVER BUDGET/);
  });

  it('fails with a wallet package in a chunk it imports statically, and shows the imports that pulled it in', () => {
    const { root, web } = fakeWorkspace();
    const build = withAccountRoute(fakeBuild(web, root, ['apps/web/src/main.tsx']), {
      'assets/esm-1.js': ['node_modules/viem/index.js'],
    });
    const result = checkBundleBudget({ ...build, routes: account(100_000) });
    expect(result.routes[0]?.forbidden).toEqual([
      { package: 'viem', chain: ['apps/web/src/app/account-route.tsx', 'node_modules/viem/index.js'] },
    ]);
    expect(result.ok).toBe(false);
    expect(formatBudgetResult(result)).toContain("FORBIDDEN in /account's first load: viem");
  });

  it('fails when the build has no chunk for the route, and says to update the list', () => {
    const { root, web } = fakeWorkspace();
    const result = checkBundleBudget({ ...fakeBuild(web, root, ['apps/web/src/main.tsx']), routes: account(100_000) });
    expect(result.routes[0]).toMatchObject({ gzipBytes: null, ok: false });
    expect(result.ok).toBe(false);
    expect(formatBudgetResult(result)).toContain('/account: NO CHUNK in the build for its module');
  });
});

describe('the wallet packages', () => {
  it('are what RainbowKit, wagmi and viem bring, installed, and that no other library of the app needs', () => {
    const { web } = fakeWorkspace();
    expect([...walletPackages(web)].sort()).toEqual([
      '@noble/hashes',
      '@rainbow-me/rainbowkit',
      '@wagmi/core',
      'ua-parser-js',
      'viem',
      'wagmi',
    ]);
  });

  it('leave out what one of our workspace packages needs itself, though a wallet root brings it too', () => {
    const { root, web } = fakeWorkspace();
    write(
      path.join(root, 'node_modules', '@shifumi/protocol', 'package.json'),
      JSON.stringify({ name: '@shifumi/protocol', dependencies: { '@noble/hashes': '*', zod: '*' } }),
    );
    const packages = walletPackages(web);
    expect(packages.has('@noble/hashes')).toBe(false);
    expect(packages.has('viem')).toBe(true);
  });

  it('include the real stack’s user-agent parser and ENS normaliser, and not React', () => {
    const packages = walletPackages(path.resolve(import.meta.dirname, '..'));
    expect(packages.has('ua-parser-js')).toBe(true);
    expect(packages.has('@adraffy/ens-normalize')).toBe(true);
    expect(packages.has('@wagmi/connectors')).toBe(true);
    expect(packages.has('react')).toBe(false);
    expect(packages.has('@tanstack/query-core')).toBe(false);
    // The protocol checks withdrawal addresses with it (decision 067).
    expect(packages.has('@noble/hashes')).toBe(false);
  });
});

describe('module names', () => {
  it('tell the package of a library module, the last node_modules counting', () => {
    expect(packageOf('node_modules/viem/_esm/index.js')).toBe('viem');
    expect(packageOf('node_modules/@wagmi/core/dist/index.js')).toBe('@wagmi/core');
    expect(packageOf('node_modules/a/node_modules/@scope/b/x.js')).toBe('@scope/b');
    expect(packageOf('apps/web/src/main.tsx')).toBeNull();
  });

  it('split the served bytes of a line between the sources of its segments', () => {
    const code = 'abcdefghij\nxyz';
    const map = {
      sources: ['a.ts', 'b.ts'],
      mappings: encode([
        [
          [0, 0, 0, 0],
          [4, 1, 0, 0],
        ],
        [[0, 0, 1, 0]],
      ]),
    };
    expect(Object.fromEntries(bytesPerSource(code, map))).toEqual({ 'a.ts': 4 + 3, 'b.ts': 6 });
  });
});
