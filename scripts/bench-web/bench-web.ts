/**
 * `npm run bench:web [-- --runs 3] [--skip-build]`: the web app and a bare
 * RainbowKit starter of the same versions (./starter, built here with Vite's
 * defaults), side by side in one run:
 *
 * - first-load JavaScript (the entry, its static imports and modulepreloads,
 *   each file gzip -9) of our `/` and `/account`, and of the starter;
 * - Lighthouse mobile (the npm `lighthouse` package, its default mobile
 *   emulation and simulated throttling, Debian's Chromium), N runs of each
 *   page alternated, median of each figure: performance score, LCP, TBT, CLS,
 *   bytes transferred (and those of scripts).
 *
 * Ours is the built app served by the real server (src/main.ts: production
 * mode, its own PGlite and anvil in a temporary directory), compressed as in
 * production; the starter is served with the same static-file options
 * (apps/server/src/http/web-assets.ts) and precompressed the same way
 * (apps/web/tooling/precompress.ts), so that both are compared on equal terms.
 * Output (build, reports) goes to scripts/bench-web/.out, never committed.
 *
 * A benchmark, not a test: record its figures in docs/benchmarks.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { build } from 'vite';
import { webAssetOptions } from '../../apps/server/src/http/web-assets';
import { freePort } from '../../apps/server/src/shared/free-port';
import type { BundleReport } from '../../apps/web/tooling/build-report';
import { ROUTE_BUDGETS, scriptsOfIndexHtml, withStaticImports } from '../../apps/web/tooling/bundle-budget';
import { precompressDirectory } from '../../apps/web/tooling/precompress';

const HERE = import.meta.dirname;
const REPO = path.resolve(HERE, '../..');
const WEB = path.join(REPO, 'apps/web');
const OUT = path.join(HERE, '.out');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The packages whose versions must be the same on both sides. */
const COMPARED_PACKAGES = [
  'react',
  'react-dom',
  '@rainbow-me/rainbowkit',
  'wagmi',
  'viem',
  '@tanstack/react-query',
  'vite',
  '@vitejs/plugin-react',
];
/** The /account route's own chunk (routes.tsx loads it lazily), as check:bundle budgets it. */
const ACCOUNT_PAGE_MODULE = ROUTE_BUDGETS.find((route) => route.path === '/account')!.module;

interface Options {
  runs: number;
  skipBuild: boolean;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { runs: 3, skipBuild: false };
  for (let index = 0; index < argv.length; index += 1) {
    if (argv[index] === '--runs') options.runs = Number(argv[++index]);
    else if (argv[index] === '--skip-build') options.skipBuild = true;
    else throw new Error(`Unknown option ${argv[index]}: use --runs N and --skip-build`);
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs must be a positive integer');
  return options;
}

/** The installed version of `name` as a module of `fromDir` would load it. */
function versionFrom(fromDir: string, name: string): string {
  const require = createRequire(path.join(fromDir, 'noop.js'));
  let dir = path.dirname(require.resolve(name));
  while (
    !fs.existsSync(path.join(dir, 'package.json')) ||
    (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name !== name
  ) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json found for ${name}`);
    dir = parent;
  }
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

function sameVersions(): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const name of COMPARED_PACKAGES) {
    const ours = versionFrom(WEB, name);
    const starter = versionFrom(path.join(HERE, 'starter'), name);
    if (ours !== starter)
      throw new Error(`${name}: the web app has ${ours}, the starter ${starter}; the comparison needs the same versions`);
    versions[name] = ours;
  }
  return versions;
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** The gzip -9 size of what index.html loads at once, and of `extra` chunks with their static imports. */
function firstLoadBytes(distDir: string, files: string[]): number {
  return files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length, 0);
}

function ourFirstLoads(): { home: number; account: number } {
  const distDir = path.join(WEB, 'dist');
  const report = JSON.parse(fs.readFileSync(path.join(WEB, 'build-report/bundle.json'), 'utf8')) as BundleReport;
  const home = withStaticImports(report, scriptsOfIndexHtml(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')));
  const accountChunk = report.chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModule === ACCOUNT_PAGE_MODULE);
  if (!accountChunk) throw new Error(`No chunk for ${ACCOUNT_PAGE_MODULE} in the build report`);
  const account = withStaticImports(report, [...home, accountChunk.fileName]);
  return { home: firstLoadBytes(distDir, home), account: firstLoadBytes(distDir, account) };
}

/** Builds the starter with Vite's defaults (and its source maps off, as the template has them), then compresses it like ours. */
async function buildStarter(): Promise<{ distDir: string; firstLoad: number }> {
  const distDir = path.join(OUT, 'starter-dist');
  await build({
    root: path.join(HERE, 'starter'),
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: distDir, emptyOutDir: true },
  });
  await precompressDirectory(distDir);
  const manifestless = scriptsOfIndexHtml(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  return { distDir, firstLoad: firstLoadBytes(distDir, manifestless) };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error('The server stopped while starting');
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** Our app, served by the real server in production mode on a fresh embedded database and chain. */
async function startOurServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-bench-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(REPO, 'apps/server'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TWO_FACTOR_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      FAIRNESS_SIGNING_KEY: randomBytes(32).toString('base64'),
      DATA_DIR: dataDir,
      ANVIL_PORT: String(await freePort()),
      ETH_USD_PRICE: '3000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  await waitForHealth(`${url}/api/health`, child);
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The starter's files, served with the same options as ours (compressed twins, cache headers). */
async function startStarterServer(distDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const app = Fastify();
  await app.register(fastifyStatic, webAssetOptions(distDir));
  app.get('/', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html'),
  );
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://localhost:${port}/`, stop: () => app.close() };
}

interface LighthouseFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  transferBytes: number;
  scriptTransferBytes: number;
}

interface LighthouseReport {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }>;
}

/** One Lighthouse mobile run of `url` (a fresh profile, so a cold cache), read from its JSON report. */
async function lighthouse(url: string, index: number, label: string): Promise<LighthouseFigures> {
  const output = path.join(OUT, `lighthouse-${label}-${index}.json`);
  const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')), 'cli/index.js');
  await run(
    process.execPath,
    [
      bin,
      url,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      `--chrome-path=${CHROMIUM}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ],
    HERE,
  );
  const report = JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseReport;
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const resources = report.audits['resource-summary']?.details?.items ?? [];
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcpMs: audit('first-contentful-paint'),
    transferBytes: audit('total-byte-weight'),
    scriptTransferBytes: resources.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  const pick = (key: keyof LighthouseFigures) => median(runs.map((figures) => figures[key]));
  return {
    score: pick('score'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    fcpMs: pick('fcpMs'),
    transferBytes: pick('transferBytes'),
    scriptTransferBytes: pick('scriptTransferBytes'),
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  fs.mkdirSync(OUT, { recursive: true });
  const versions = sameVersions();
  console.log(
    `Same versions on both sides: ${Object.entries(versions)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}`,
  );

  if (!options.skipBuild) await run('npm', ['run', 'build', '--silent', '-w', '@shifumi/web'], REPO);
  const ours = ourFirstLoads();
  const starter = await buildStarter();

  const ourServer = await startOurServer();
  const starterServer = await startStarterServer(starter.distDir);
  const ourRuns: LighthouseFigures[] = [];
  const starterRuns: LighthouseFigures[] = [];
  try {
    for (let index = 1; index <= options.runs; index += 1) {
      // Alternated, so that a busy moment of the machine weighs on both.
      ourRuns.push(await lighthouse(`${ourServer.url}/`, index, 'ours'));
      starterRuns.push(await lighthouse(starterServer.url, index, 'starter'));
      console.log(`run ${index}: ours ${ourRuns.at(-1)?.score}, starter ${starterRuns.at(-1)?.score}`);
    }
  } finally {
    await ourServer.stop();
    await starterServer.stop();
  }

  const o = medianFigures(ourRuns);
  const s = medianFigures(starterRuns);
  const rows = [
    `First-load JavaScript (gzip -9) | ${kB(ours.home)} (\`/\`), ${kB(ours.account)} (\`/account\`) | ${kB(starter.firstLoad)} | ${(ours.home / starter.firstLoad).toFixed(2)} (\`/\`), ${(ours.account / starter.firstLoad).toFixed(2)} (\`/account\`)`,
    `Lighthouse mobile performance | ${o.score} | ${s.score} | ${o.score - s.score >= 0 ? '+' : ''}${o.score - s.score}`,
    `Largest contentful paint | ${seconds(o.lcpMs)} | ${seconds(s.lcpMs)} | ${(o.lcpMs / s.lcpMs).toFixed(2)}`,
    `First contentful paint | ${seconds(o.fcpMs)} | ${seconds(s.fcpMs)} | ${(o.fcpMs / s.fcpMs).toFixed(2)}`,
    `Total blocking time | ${Math.round(o.tbtMs)} ms | ${Math.round(s.tbtMs)} ms | ${(o.tbtMs / Math.max(s.tbtMs, 1)).toFixed(2)}`,
    `Cumulative layout shift | ${o.cls.toFixed(3)} | ${s.cls.toFixed(3)} |`,
    `Bytes transferred (all) | ${kB(o.transferBytes)} | ${kB(s.transferBytes)} | ${(o.transferBytes / s.transferBytes).toFixed(2)}`,
    `Bytes transferred (scripts) | ${kB(o.scriptTransferBytes)} | ${kB(s.scriptTransferBytes)} | ${(o.scriptTransferBytes / s.scriptTransferBytes).toFixed(2)}`,
  ];
  console.log(`\nMedian of ${options.runs} Lighthouse runs each (mobile), ${new Date().toISOString().slice(0, 10)}:\n`);
  console.log('| | Shifumi | RainbowKit starter | ours / starter |');
  console.log('|---|---|---|---|');
  for (const row of rows) console.log(`| ${row} |`);
  console.log(
    `\nPer run (score, LCP): ours ${ourRuns.map((r) => `${r.score} ${seconds(r.lcpMs)}`).join(' · ')}; starter ${starterRuns.map((r) => `${r.score} ${seconds(r.lcpMs)}`).join(' · ')}`,
  );
  fs.writeFileSync(
    path.join(OUT, 'results.json'),
    `${JSON.stringify({ versions, firstLoad: { ours, starter: starter.firstLoad }, ours: { median: o, runs: ourRuns }, starter: { median: s, runs: starterRuns } }, null, 2)}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
