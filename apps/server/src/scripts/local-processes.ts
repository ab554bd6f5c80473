/**
 * Child processes for the cluster test and the benches: a throw-away
 * redis-server of their own (never the machine's, which others share), real
 * server nodes (`src/main.ts`), the benches' bare referee and free ports. Not
 * used by the server itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../shared/free-port';

export { freePort };

/** apps/server, whatever the working directory. */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  failed?: () => string | undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    const failure = failed?.();
    if (failure) throw new Error(`${what}: ${failure}`);
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

export interface RedisServerProcess {
  port: number;
  url: string;
  /** Kills it (its data goes with it: no persistence) and starts a new one on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** `redis-server` on a free port, without persistence. Throws when redis-server is not installed. */
export async function startRedisServer(): Promise<RedisServerProcess> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let stderr = '';
  const launch = async () => {
    stderr = '';
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let spawnError: Error | undefined;
    started.once('error', (error) => (spawnError = error));
    child = started;
    await waitFor(
      () => ping(port),
      10_000,
      'redis-server did not start',
      () => (spawnError ? spawnError.message : started.exitCode !== null ? `exited ${started.exitCode}: ${stderr}` : undefined),
    );
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async restart() {
      await kill();
      await launch();
    },
    stop: kill,
  };
}

export interface NodeProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** What the node wrote (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves once GET /api/health answers 200. */
  ready(timeoutMs?: number): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts `src/main.ts` with exactly `env` (plus PATH) on `port`. */
export function spawnNode(name: string, port: number, env: Record<string, string>): NodeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), NODE_ID: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  return {
    name,
    port,
    url,
    child,
    exited,
    output: () => output,
    ready: (timeoutMs = 90_000) =>
      waitFor(
        () =>
          fetch(`${url}/api/health`).then(
            (response) => response.ok,
            () => false,
          ),
        timeoutMs,
        `node ${name} did not start`,
        () => (child.exitCode !== null ? `exited ${child.exitCode}:\n${output.slice(-4_000)}` : undefined),
      ),
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** Waits until a child server answers `path_` on `port` (about a minute at most), or fails if it exited. */
export async function waitUntilUp(port: number, child: ChildProcess, path_: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const ok = await fetch(`http://127.0.0.1:${port}${path_}`, { signal: AbortSignal.timeout(2_000) }).then(
      () => true,
      () => false,
    );
    if (ok) return;
    if (attempt > 300 || child.exitCode !== null) throw new Error('a server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function stopChildren(children: ChildProcess[]): () => Promise<void> {
  return async () => {
    for (const child of children) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
}

/** The benches' bare Socket.IO referee (bench-referee.ts) on a free port: its port, its pid and how to stop it. */
export async function startBenchReferee(
  instant: boolean,
): Promise<{ ports: number[]; pids: number[]; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/scripts/bench-referee.ts', String(port), ...(instant ? ['--instant'] : [])],
    { cwd: SERVER_DIR, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const stop = stopChildren([child]);
  try {
    await waitUntilUp(port, child, '/');
  } catch (error) {
    await stop();
    throw error;
  }
  return { ports: [port], pids: [child.pid!], stop };
}
