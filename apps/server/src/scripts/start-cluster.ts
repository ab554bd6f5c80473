/**
 * `npm run start:cluster`: Shifumi as several nodes on this machine, the way
 * it runs in production (README, "Several nodes"):
 * - one chain: ETH_RPC_URL, or one anvil started here (state in DATA_DIR/cluster-anvil);
 * - CLUSTER_NODES (default 2) server nodes (`src/main.ts`) on PORT+1, PORT+2, …
 *   named node-1, node-2, … sharing DATABASE_URL, REDIS_URL, JWT_SECRET,
 *   APP_URL and the chain;
 * - a TCP balancer on PORT (default 3000) in front of them.
 * DATABASE_URL and REDIS_URL are required; JWT_SECRET is generated for the
 * run when unset (sessions then end with it). Ctrl-C stops everything. The
 * web app is built by the npm script before this runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../config';
import { startAnvil, type AnvilInstance } from '../infra/chain/anvil-launcher';
import { createLogger } from '../infra/logger';
import { startTcpBalancer, type TcpBalancer } from './tcp-balancer';

/** apps/server, whatever the working directory. */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

interface ClusterNode {
  name: string;
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
  /** The last lines it printed, for a failure message. */
  tail: string[];
}

function fail(message: string): never {
  process.stderr.write(`start:cluster: ${message}\n`);
  process.exit(1);
}

function readSettings(): { config: Config; jwtSecret: string; generatedSecret: boolean; nodeCount: number } {
  const generatedSecret = !process.env.JWT_SECRET;
  const jwtSecret = process.env.JWT_SECRET || randomBytes(48).toString('base64url');
  let config: Config;
  try {
    config = loadConfig({ ...process.env, JWT_SECRET: jwtSecret });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (!config.databaseUrl || !config.redisUrl) {
    fail(
      'DATABASE_URL (PostgreSQL) and REDIS_URL are required: every node shares them, e.g.\n' +
        '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/shifumi REDIS_URL=redis://127.0.0.1:6379 npm run start:cluster',
    );
  }
  const nodes = process.env.CLUSTER_NODES ?? '2';
  if (!/^\d+$/.test(nodes) || Number(nodes) < 1 || Number(nodes) > 16) fail('CLUSTER_NODES must be an integer between 1 and 16');
  const nodeCount = Number(nodes);
  if (config.port + nodeCount > 65535) fail(`PORT must leave room for ${nodeCount} node ports above it`);
  return { config, jwtSecret, generatedSecret, nodeCount };
}

function startNode(name: string, port: number, env: NodeJS.ProcessEnv): ClusterNode {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ID: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const relay = (stream: NodeJS.WritableStream) => {
    let partial = '';
    return (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        stream.write(`[${name}] ${line}\n`);
        tail.push(line);
        if (tail.length > 30) tail.shift();
      }
    };
  };
  child.stdout?.on('data', relay(process.stdout));
  child.stderr?.on('data', relay(process.stderr));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { name, port, child, exited, tail };
}

async function waitUntilReady(node: ClusterNode): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (node.child.exitCode !== null || node.child.signalCode !== null) {
      throw new Error(`${node.name} stopped before it was ready:\n${node.tail.join('\n')}`);
    }
    const healthy = await fetch(`http://127.0.0.1:${node.port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`${node.name} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main(): Promise<void> {
  const { config, jwtSecret, generatedSecret, nodeCount } = readSettings();
  const logger = createLogger({ level: config.logLevel });
  let anvil: AnvilInstance | undefined;
  let balancer: TcpBalancer | undefined;
  const nodes: ClusterNode[] = [];
  let stopping: Promise<void> | undefined;

  function stop(code: number): Promise<void> {
    stopping ??= (async () => {
      process.stdout.write('start:cluster: stopping\n');
      await balancer?.close();
      for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGTERM');
      const forced = setTimeout(() => {
        for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
      }, STOP_TIMEOUT_MS);
      await Promise.all(nodes.map((node) => node.exited));
      clearTimeout(forced);
      await anvil?.stop();
      process.exit(code);
    })();
    return stopping;
  }
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  try {
    let rpcUrl = config.ethRpcUrl;
    if (!rpcUrl) {
      // One chain for every node: started here, not by each node.
      anvil = await startAnvil({ port: config.anvilPort, dataDir: path.join(config.dataDir, 'cluster-anvil'), logger });
      rpcUrl = anvil.rpcUrl;
    }
    if (generatedSecret) {
      process.stdout.write(
        'start:cluster: JWT_SECRET is unset: a secret was generated for this run (sessions end when the cluster stops)\n',
      );
    }
    const env: NodeJS.ProcessEnv = { ...process.env, JWT_SECRET: jwtSecret, APP_URL: config.appUrl, ETH_RPC_URL: rpcUrl };
    for (let index = 1; index <= nodeCount; index += 1) nodes.push(startNode(`node-${index}`, config.port + index, env));
    for (const node of nodes) {
      void node.exited.then(() => {
        if (stopping) return;
        process.stderr.write(`start:cluster: ${node.name} stopped; the balancer sends its clients to the others\n`);
        if (nodes.every((each) => each.child.exitCode !== null || each.child.signalCode !== null)) void stop(1);
      });
    }
    await Promise.all(nodes.map(waitUntilReady));
    balancer = await startTcpBalancer({
      backends: nodes.map((node) => ({ host: '127.0.0.1', port: node.port })),
      port: config.port,
      host: config.host,
      onBackendChange: (backend, up) =>
        process.stderr.write(`start:cluster: node on port ${backend.port} is ${up ? 'back' : 'unreachable'}\n`),
    });
    process.stdout.write(
      `start:cluster: Shifumi is running on ${config.appUrl} — balancer on ${config.host}:${config.port} → ` +
        `${nodes.map((node) => `${node.name} :${node.port}`).join(', ')}; chain ${anvil ? `anvil ${rpcUrl}` : 'ETH_RPC_URL'}. Ctrl-C stops everything.\n`,
    );
  } catch (error) {
    process.stderr.write(`start:cluster: ${error instanceof Error ? error.message : String(error)}\n`);
    await stop(1);
  }
}

void main();
