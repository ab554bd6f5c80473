/**
 * The budget of home's first load (decision 011), and of the routes in
 * ROUTE_BUDGETS (decision 067: /account), checked by `npm test` on the build
 * it makes anyway:
 *
 *   npm run check:bundle        (node --import tsx apps/web/tooling/bundle-budget.ts)
 *
 * The first load is what index.html makes the browser fetch before home can
 * render: the entry script, its static imports and the modulepreloads. Each
 * file is measured gzip -9, and the sum must stay within FIRST_LOAD_BUDGET_BYTES.
 * No module of the wallet stack (RainbowKit, wagmi, viem and every package
 * only they bring) nor zod may be in it. It prints the figure, each file, the
 * largest parts (from the source maps the build keeps aside), and for a
 * forbidden package the chain of imports that pulled it in; it exits 1 when
 * the budget is broken, 2 when there is no build to check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';
import type { BundleReport } from './build-report';

/** 120 kB of JavaScript, gzip -9 (1 kB = 1,000 bytes, as Vite reports sizes). */
export const FIRST_LOAD_BUDGET_BYTES = 120_000;

/**
 * A route's first load: home's, plus the route's lazy chunk and every chunk it
 * imports statically (what a player who opens the route from home waits for).
 * No wallet package may be in it either; zod may (its forms and answers).
 */
export interface RouteBudget {
  path: string;
  /** The module the route's lazy chunk stands for (routes.tsx imports it). */
  module: string;
  budgetBytes: number;
}

/**
 * Decision 067: /account was 151.5 kB on 24 November and 245.2 kB on 28
 * November (a dynamic import of the whole protocol kept all of it in one
 * chunk, viem with it) before anything checked it; 187.2 kB once fixed, with
 * the sections added in between (limits, security, address book…).
 */
export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  { path: '/account', module: 'apps/web/src/app/account-route.tsx', budgetBytes: 190_000 },
];

/** What the wallet stack starts from; every package only these bring is the stack's. */
export const WALLET_ROOTS = ['@rainbow-me/rainbowkit', 'wagmi', 'viem'];

/** Not the wallet stack, yet not for the first load either: it comes with the forms and the response checks. */
export const ALSO_FORBIDDEN = ['zod'];

export interface MeasuredFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** The scripts index.html loads at once: the module entry and every modulepreload, in order. */
export function scriptsOfIndexHtml(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isEntry = /^<script/i.test(tag) && /\btype=["']?module/i.test(tag);
    const isPreload = /^<link/i.test(tag) && /\brel=["']?modulepreload/i.test(tag);
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if ((isEntry || isPreload) && url && !files.includes(url)) files.push(url);
  }
  return files.map((url) => url.replace(/^\//, ''));
}

/** `files` and every chunk they import statically, through the build report. */
export function withStaticImports(report: BundleReport, files: readonly string[]): string[] {
  const byFile = new Map(report.chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const pending = [...files];
  while (pending.length > 0) {
    const file = pending.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...(byFile.get(file)?.imports ?? []));
  }
  return [...seen];
}

/** The package a module comes from (`node_modules/@scope/name/…` → `@scope/name`), or null for our own code. */
export function packageOf(moduleId: string): string | null {
  const segments = moduleId.split('/');
  const at = segments.lastIndexOf('node_modules');
  if (at === -1) return null;
  const first = segments[at + 1];
  if (!first) return null;
  const second = segments[at + 2];
  return first.startsWith('@') && second ? `${first}/${second}` : first;
}

interface PackageJson {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The directory of package `name` as Node would find it from `fromDir`, or null when it is not installed. */
function findPackageDir(name: string, fromDir: string): string | null {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * Every package `roots` bring in (themselves included), following dependencies
 * and optional ones as installed, but not through the packages of `stopAt`.
 */
export function dependencyClosure(
  roots: readonly string[],
  fromDir: string,
  stopAt: ReadonlySet<string> = new Set(),
): Set<string> {
  const found = new Set<string>();
  const pending = roots.map((name) => ({ name, from: fromDir }));
  while (pending.length > 0) {
    const { name, from } = pending.shift() as { name: string; from: string };
    if (found.has(name) || stopAt.has(name)) continue;
    const dir = findPackageDir(name, from);
    if (!dir) continue;
    found.add(name);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      pending.push({ name: dependency, from: dir });
    }
  }
  return found;
}

/**
 * The wallet stack's packages: those the wallet roots bring and none of the
 * app's other runtime libraries does (React, the router, TanStack Query, our
 * workspace packages…) other than through a wallet root: @noble/hashes, which
 * the protocol checks addresses with, is not the wallet's (decision 067).
 */
export function walletPackages(webDir: string): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, 'package.json'), 'utf8')) as PackageJson;
  const others = Object.keys(manifest.dependencies ?? {}).filter((name) => !WALLET_ROOTS.includes(name));
  const shared = dependencyClosure(others, webDir, new Set(WALLET_ROOTS));
  return new Set([...dependencyClosure(WALLET_ROOTS, webDir)].filter((name) => !shared.has(name)));
}

/** The shortest chain of static imports from an entry module to `target`, or null. */
export function importChain(report: BundleReport, entries: readonly string[], target: string): string[] | null {
  const previous = new Map<string, string | null>(entries.map((entry) => [entry, null]));
  const pending = [...entries];
  while (pending.length > 0) {
    const module = pending.shift() as string;
    if (module === target) {
      const chain: string[] = [];
      for (let step: string | null = module; step !== null; step = previous.get(step) ?? null) chain.unshift(step);
      return chain;
    }
    for (const imported of report.staticImports[module] ?? []) {
      if (previous.has(imported)) continue;
      previous.set(imported, module);
      pending.push(imported);
    }
  }
  return null;
}

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** The bytes of `code` each source of its map produced (minified, as served). */
export function bytesPerSource(code: string, map: SourceMap): Map<string, number> {
  const sizes = new Map<string, number>();
  const lines = code.split('\n');
  decode(map.mappings).forEach((segments, lineIndex) => {
    const lineLength = lines[lineIndex]?.length ?? 0;
    segments.forEach((segment, index) => {
      const source = segment.length > 1 ? map.sources[segment[1] as number] : undefined;
      if (source === undefined) return;
      const end = segments[index + 1]?.[0] ?? lineLength;
      sizes.set(source, (sizes.get(source) ?? 0) + end - segment[0]);
    });
  });
  return sizes;
}

/** A part of the bundle, named for a reader: the package for a library, the repository path for our code. */
export function partName(repositoryPath: string): string {
  return packageOf(repositoryPath) ?? repositoryPath;
}

export interface BudgetResult {
  ok: boolean;
  gzipBytes: number;
  files: MeasuredFile[];
  /** Forbidden packages found in the first load, each with the import chain that brought it. */
  forbidden: { package: string; chain: string[] | null }[];
  /** The largest parts of the first load by minified bytes. */
  parts: { name: string; bytes: number }[];
  /** Issue 26: React's development build in the first load (a build made under NODE_ENV=development). */
  developmentBuild: boolean;
  /** Each route of ROUTE_BUDGETS (or of the input's `routes`). */
  routes: RouteResult[];
}

export interface RouteResult {
  path: string;
  budgetBytes: number;
  /** Null when the build has no chunk for the route's module (renamed or no longer lazy): a failure. */
  gzipBytes: number | null;
  /** Wallet packages in the route's first load, each with the import chain from the route's module. */
  forbidden: { package: string; chain: string[] | null }[];
  ok: boolean;
}

/** Only React's development build says this; `npm run build` forces a production build whatever NODE_ENV is. */
export const REACT_DEVELOPMENT_MARKER = 'Download the React DevTools';

export interface BudgetInput {
  distDir: string;
  reportDir: string;
  webDir: string;
  /** Where the map sources are named from (the repository). */
  repositoryRoot: string;
  budgetBytes?: number;
  routes?: readonly RouteBudget[];
}

/** The gzip -9 size of each file of the build, once. */
function gzipSizer(distDir: string): (file: string) => number {
  const sizes = new Map<string, number>();
  return (file) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
}

/** The forbidden packages among the modules of `fileNames`, each with its import chain from `entries`. */
function forbiddenIn(
  report: BundleReport,
  fileNames: readonly string[],
  entries: readonly string[],
  forbiddenPackages: ReadonlySet<string>,
): { package: string; chain: string[] | null }[] {
  const byPackage = new Map<string, string[]>();
  for (const module of report.chunks.filter((chunk) => fileNames.includes(chunk.fileName)).flatMap((chunk) => chunk.modules)) {
    const name = packageOf(module);
    if (name !== null && forbiddenPackages.has(name)) byPackage.set(name, [...(byPackage.get(name) ?? []), module]);
  }
  // The chain of the package's first module the import graph reaches (a module only re-exported may have none).
  return [...byPackage].map(([name, modules]) => ({
    package: name,
    chain: modules.reduce<string[] | null>((chain, module) => chain ?? importChain(report, entries, module), null),
  }));
}

/** A route's first load on top of home's (`homeFiles`), against its budget. */
function checkRoute(
  report: BundleReport,
  homeFiles: readonly string[],
  route: RouteBudget,
  sizeOf: (file: string) => number,
  walletOnly: ReadonlySet<string>,
): RouteResult {
  const chunk = report.chunks.find((candidate) => candidate.isDynamicEntry && candidate.facadeModule === route.module);
  if (!chunk) return { path: route.path, budgetBytes: route.budgetBytes, gzipBytes: null, forbidden: [], ok: false };
  const fileNames = withStaticImports(report, [...homeFiles, chunk.fileName]);
  const gzipBytes = fileNames.reduce((sum, file) => sum + sizeOf(file), 0);
  const own = withStaticImports(report, [chunk.fileName]);
  const forbidden = forbiddenIn(report, own, [route.module], walletOnly);
  return {
    path: route.path,
    budgetBytes: route.budgetBytes,
    gzipBytes,
    forbidden,
    ok: gzipBytes <= route.budgetBytes && forbidden.length === 0,
  };
}

export function checkBundleBudget({
  distDir,
  reportDir,
  webDir,
  repositoryRoot,
  budgetBytes = FIRST_LOAD_BUDGET_BYTES,
  routes = ROUTE_BUDGETS,
}: BudgetInput): BudgetResult {
  const report = JSON.parse(fs.readFileSync(path.join(reportDir, 'bundle.json'), 'utf8')) as BundleReport;
  const fileNames = withStaticImports(report, scriptsOfIndexHtml(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')));
  const sizeOf = gzipSizer(distDir);
  let developmentBuild = false;
  const files = fileNames.map((file) => {
    const content = fs.readFileSync(path.join(distDir, file));
    if (content.includes(REACT_DEVELOPMENT_MARKER)) developmentBuild = true;
    return { file, bytes: content.length, gzipBytes: sizeOf(file) };
  });
  const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);

  const chunks = report.chunks.filter((chunk) => fileNames.includes(chunk.fileName));
  const entries = chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => (chunk.facadeModule ? [chunk.facadeModule] : []));
  const wallet = walletPackages(webDir);
  const forbidden = forbiddenIn(report, fileNames, entries, new Set([...wallet, ...ALSO_FORBIDDEN]));
  const routeResults = routes.map((route) => checkRoute(report, fileNames, route, sizeOf, wallet));

  const partSizes = new Map<string, number>();
  for (const file of fileNames) {
    const mapFile = path.join(reportDir, 'sourcemaps', `${file}.map`);
    if (!fs.existsSync(mapFile)) continue;
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMap;
    for (const [source, bytes] of bytesPerSource(fs.readFileSync(path.join(distDir, file), 'utf8'), map)) {
      // Sources are named from the served file's folder.
      const name = partName(
        path
          .relative(repositoryRoot, path.resolve(path.dirname(path.join(distDir, file)), source))
          .split(path.sep)
          .join('/'),
      );
      partSizes.set(name, (partSizes.get(name) ?? 0) + bytes);
    }
  }
  const parts = [...partSizes].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);

  return {
    ok: gzipBytes <= budgetBytes && forbidden.length === 0 && !developmentBuild && routeResults.every((route) => route.ok),
    gzipBytes,
    files,
    forbidden,
    parts,
    developmentBuild,
    routes: routeResults,
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function formatBudgetResult(result: BudgetResult, budgetBytes = FIRST_LOAD_BUDGET_BYTES, topParts = 12): string {
  const lines = [
    `Home's first load: ${kB(result.gzipBytes)} of JavaScript (gzip -9), budget ${kB(budgetBytes)} — ${result.gzipBytes <= budgetBytes ? 'within' : 'OVER BUDGET'}`,
  ];
  for (const file of result.files)
    lines.push(`  ${file.file.padEnd(44)} ${kB(file.bytes).padStart(9)} raw ${kB(file.gzipBytes).padStart(9)} gzip`);
  const total = result.parts.reduce((sum, part) => sum + part.bytes, 0);
  if (total > 0) {
    lines.push(`Largest parts (minified bytes, of ${kB(total)}):`);
    for (const part of result.parts.slice(0, topParts)) {
      lines.push(`  ${kB(part.bytes).padStart(9)} ${`${Math.round((100 * part.bytes) / total)} %`.padStart(5)}  ${part.name}`);
    }
  }
  if (result.forbidden.length === 0) lines.push('No wallet package and no zod in it.');
  if (result.developmentBuild)
    lines.push(
      "DEVELOPMENT BUILD: React's development build is in the first load (build with `npm run build`, which forces NODE_ENV=production).",
    );
  for (const found of result.forbidden) {
    lines.push(`FORBIDDEN in the first load: ${found.package}`);
    if (found.chain) lines.push(...found.chain.map((module, index) => `  ${index === 0 ? '  ' : '→ '}${module}`));
  }
  for (const route of result.routes) {
    if (route.gzipBytes === null) {
      lines.push(
        `${route.path}: NO CHUNK in the build for its module (renamed, or no longer loaded lazily?): update ROUTE_BUDGETS`,
      );
      continue;
    }
    lines.push(
      `${route.path}'s first load (home's, its chunk and their static imports): ${kB(route.gzipBytes)}, budget ${kB(route.budgetBytes)} — ${route.gzipBytes <= route.budgetBytes ? 'within' : 'OVER BUDGET'}`,
    );
    for (const found of route.forbidden) {
      lines.push(`FORBIDDEN in ${route.path}'s first load: ${found.package}`);
      if (found.chain) lines.push(...found.chain.map((module, index) => `  ${index === 0 ? '  ' : '→ '}${module}`));
    }
  }
  return lines.join('\n');
}

function main(): void {
  const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const distDir = path.join(webDir, 'dist');
  const reportDir = path.join(webDir, 'build-report');
  if (!fs.existsSync(path.join(distDir, 'index.html')) || !fs.existsSync(path.join(reportDir, 'bundle.json'))) {
    console.error('No build to check: run `npm run build` first.');
    process.exit(2);
  }
  const result = checkBundleBudget({ distDir, reportDir, webDir, repositoryRoot: path.resolve(webDir, '../..') });
  console.log(formatBudgetResult(result));
  if (!result.ok) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
