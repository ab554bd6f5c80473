/**
 * `npm run start:cluster` as a person runs it (minus the web build): one
 * anvil, two nodes and the balancer, on PostgreSQL and Redis; requests and a
 * WebSocket through the balancer reach both nodes; Ctrl-C stops everything.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLIC_SOCKET_PATH, SOCKET_PATH, type SessionResponse } from '@shifumi/protocol';
import { createScratchDatabase } from '../src/infra/db/scratch-database';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { freePorts, portIsFree } from '../src/shared/free-port';
import { connectRedis } from '../src/infra/redis/redis';
import { deleteKeysOf, randomKeyPrefix, silentLogger, TEST_REDIS_URL } from '../src/infra/redis/redis-testing';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDatabaseUrl = loadConfig({ DATABASE_URL: process.env.DATABASE_URL }).databaseUrl;
/** Two nodes transpile, migrate and start next to an anvil on a loaded 2-core machine. */
const CLUSTER_TIMEOUT_MS = 240_000;

function runCluster(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/start-cluster.ts'], {
    cwd: SERVER_DIR,
    // Only what the test sets (plus PATH): the developer's own variables must not leak in.
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a failed test can stop the nodes and anvil with it.
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('npm run start:cluster', () => {
  it('refuses to start without DATABASE_URL and REDIS_URL, saying what to set', async () => {
    const run = runCluster({ REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain('start:cluster: DATABASE_URL (PostgreSQL) and REDIS_URL are required');
  }, 60_000);

  it.skipIf(!serverDatabaseUrl || !TEST_REDIS_URL)(
    'runs two nodes behind the balancer on one chain, and stops everything on Ctrl-C',
    async () => {
      const scratch = await createScratchDatabase(serverDatabaseUrl!);
      const keyPrefix = randomKeyPrefix();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-cluster-'));
      const port = await freePorts(3);
      const anvilPort = await freePorts(1);
      const run = runCluster({
        DATABASE_URL: scratch.url,
        REDIS_URL: TEST_REDIS_URL!,
        REDIS_KEY_PREFIX: keyPrefix,
        PORT: String(port),
        ANVIL_PORT: String(anvilPort),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        ETH_USD_PRICE: '2000',
        LOG_LEVEL: 'warn',
      });
      const sockets: Array<{ disconnect(): void }> = [];
      try {
        const deadline = Date.now() + CLUSTER_TIMEOUT_MS - 30_000;
        while (!run.output().stdout.includes('Shifumi is running on')) {
          if (run.child.exitCode !== null)
            throw new Error(`start:cluster exited ${run.child.exitCode}: ${JSON.stringify(run.output())}`);
          if (Date.now() > deadline) throw new Error(`start:cluster not ready: ${JSON.stringify(run.output()).slice(-4000)}`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(run.output().stdout).toContain('JWT_SECRET is unset: a secret was generated for this run');
        const url = `http://127.0.0.1:${port}`;

        // Round robin: /metrics names the node that answered.
        const answeredBy = new Set<string>();
        for (let index = 0; index < 4; index += 1) {
          const body = await (await fetch(`${url}/metrics`)).text();
          answeredBy.add(/shifumi_online_users\{node="([^"]+)"\}/.exec(body)?.[1] ?? 'none');
        }
        expect([...answeredBy].sort()).toEqual(['node-1', 'node-2']);

        // Signed up and in through whichever nodes the balancer picks: one database, one JWT secret.
        const credentials = {
          name: 'Cluster',
          email: `cluster-${randomBytes(4).toString('hex')}@example.com`,
          password: 'correct horse battery',
        };
        const registered = await fetch(`${url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...credentials, ageConfirmed: true, termsAccepted: true }),
        });
        expect(registered.status).toBe(201);
        const login = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: credentials.email, password: credentials.password }),
        });
        const session = (await login.json()) as SessionResponse;

        // WebSockets through the balancer: the public socket on one node hears a user connecting on the other.
        const watcher = connect(url, {
          path: PUBLIC_SOCKET_PATH,
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
        });
        sockets.push(watcher);
        const counts: number[] = [];
        watcher.on('online_users', (count: number) => counts.push(count));
        await expect.poll(() => counts, { timeout: 10_000 }).toEqual([0]);
        const player = connect(url, {
          path: SOCKET_PATH,
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token: session.accessToken },
        });
        sockets.push(player);
        await expect.poll(() => counts, { timeout: 10_000 }).toEqual([0, 1]);

        // Ctrl-C.
        run.child.kill('SIGINT');
        expect(await run.exited).toBe(0);
        for (const closed of [port, port + 1, port + 2, anvilPort]) expect(await portIsFree(closed)).toBe(true);
      } finally {
        for (const socket of sockets) socket.disconnect();
        if (run.child.exitCode === null && run.child.pid !== undefined) {
          process.kill(-run.child.pid, 'SIGKILL');
          await run.exited;
        }
        const redis = await connectRedis(TEST_REDIS_URL!, silentLogger, { keyPrefix });
        await deleteKeysOf(redis);
        await redis.close();
        await scratch.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    CLUSTER_TIMEOUT_MS,
  );
});
