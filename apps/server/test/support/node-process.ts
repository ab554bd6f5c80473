/**
 * Issue 29: the server processes of the fault and cluster tests, set up one
 * way. A node is the real `src/main.ts` (spawnNode in scripts/local-processes.ts)
 * started with the environment every such test gives it — a test database,
 * optionally Redis, the shared JWT secret, an anvil, a throw-away DATA_DIR
 * and no web build — plus what the test adds (its game timing, its shutdown
 * grace, chain confirmations). Also: readiness, a stop by signal measured,
 * and a server script run to its end (`npm run ledger:check`'s).
 *
 * With SHIFUMI_FAULT_LOG_DIR set, each node's whole output is also written
 * to `<dir>/<name>-<n>.log` (the in-memory copy keeps only its tail): what a
 * failed fault run needs to be diagnosed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_DIR, spawnNode, type NodeProcess } from '../../src/scripts/local-processes';

export type { NodeProcess } from '../../src/scripts/local-processes';

export interface NodeEnvironment {
  databaseUrl: string;
  /** With Redis the node is one of a cluster (queue, presence, leases, relay on it). */
  redisUrl?: string;
  jwtSecret: string;
  rpcUrl: string;
  /** DATA_DIR (the fairness key; WEB_DIST_DIR points into it, at nothing). */
  dataDir: string;
  /** SHIFUMI_TEST_TIMING (game and lease timing). */
  timing?: object;
  /** Default 'warn'. */
  logLevel?: string;
  shutdownGraceMs?: number;
  /** Any other variable (DEPOSIT_CONFIRMATIONS…). */
  extra?: Record<string, string>;
}

/** The environment of a test node: what every fault and cluster test gives it, then `extra`. */
export function nodeEnvironment(options: NodeEnvironment): Record<string, string> {
  return {
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:5999',
    DATABASE_URL: options.databaseUrl,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    JWT_SECRET: options.jwtSecret,
    ETH_RPC_URL: options.rpcUrl,
    ETH_USD_PRICE: '2000',
    CHAIN_POLL_MS: '500',
    DATA_DIR: options.dataDir,
    WEB_DIST_DIR: path.join(options.dataDir, 'no-web'),
    LOG_LEVEL: options.logLevel ?? 'warn',
    ...(options.shutdownGraceMs !== undefined ? { SHUTDOWN_GRACE_MS: String(options.shutdownGraceMs) } : {}),
    ...(options.timing ? { SHIFUMI_TEST_TIMING: JSON.stringify(options.timing) } : {}),
    ...options.extra,
  };
}

let started = 0;

/** Starts `src/main.ts` as node `name` on `port` (its output also to SHIFUMI_FAULT_LOG_DIR when set). */
export function startNodeProcess(name: string, port: number, options: NodeEnvironment): NodeProcess {
  const node = spawnNode(name, port, nodeEnvironment(options));
  const logDir = process.env.SHIFUMI_FAULT_LOG_DIR;
  if (logDir) {
    started += 1;
    fs.mkdirSync(logDir, { recursive: true });
    const file = fs.createWriteStream(path.join(logDir, `${name}-${started}.log`));
    node.child.stdout?.pipe(file, { end: false });
    node.child.stderr?.pipe(file, { end: false });
    node.child.once('exit', () => file.end());
  }
  return node;
}

/** GET /api/ready's status (0 when the node does not answer). */
export function readinessOf(node: Pick<NodeProcess, 'url'>): Promise<number> {
  return fetch(`${node.url}/api/ready`).then(
    (response) => response.status,
    () => 0,
  );
}

/** Sends `signal` and waits for the exit: its code and how long it took. */
export async function stopNodeProcess(
  node: NodeProcess,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; tookMs: number }> {
  const signalled = Date.now();
  node.child.kill(signal);
  const code = await node.exited;
  return { code, tookMs: Date.now() - signalled };
}

/** A server script (`src/scripts/<script>.ts`) run to its end with exactly `env` (plus PATH): its exit code and output. */
export function runServerScript(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/scripts/${script}.ts`], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}
