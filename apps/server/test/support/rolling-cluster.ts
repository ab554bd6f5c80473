/**
 * Issue 29: the rolling restarts' cluster — two real server processes
 * (node-process.ts) behind the project's TCP balancer, on a fresh PostgreSQL
 * database, a Redis of its own and one anvil — and the roll of one node:
 * SIGTERM, its exit awaited and measured, and a new process started on the
 * same port until it is ready again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { expect } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/infra/db/database';
import { ledgerTransfers } from '../../src/infra/db/schema/index';
import { createScratchDatabase, type ScratchDatabase } from '../../src/infra/db/scratch-database';
import { freePort, startRedisServer, type RedisServerProcess } from '../../src/scripts/local-processes';
import { startTcpBalancer, type TcpBalancer } from '../../src/scripts/tcp-balancer';
import { waitUntil } from './fault-players';
import { readinessOf, startNodeProcess, stopNodeProcess, type NodeProcess } from './node-process';
import { startTestAnvil, type TestAnvil } from './test-chain';

export interface RollingClusterOptions {
  serverUrl: string;
  jwtSecret: string;
  /** SHIFUMI_TEST_TIMING. */
  timing: object;
  shutdownGraceMs: number;
  /** How long a node may take to start (a loaded machine compiles the server for a minute or more). */
  startTimeoutMs: number;
}

export interface RolledNode {
  code: number | null;
  tookMs: number;
  /** What the stopped process wrote. */
  output: string;
}

export interface RollingCluster {
  database: DatabaseHandle;
  anvil: TestAnvil;
  /** The balancer's URL (what players connect to). */
  url: string;
  node(index: number): NodeProcess;
  /** SIGTERM to node `index`, its exit awaited; then started again on its port and ready (200 on /api/ready). */
  roll(index: number): Promise<RolledNode>;
  close(): Promise<void>;
}

export async function startRollingCluster(options: RollingClusterOptions): Promise<RollingCluster> {
  const scratch: ScratchDatabase = await createScratchDatabase(options.serverUrl, 'shifumi_rolling');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-rolling-'));
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  await database.migrate();
  const [redis, anvil]: [RedisServerProcess, TestAnvil] = await Promise.all([startRedisServer(), startTestAnvil()]);
  const ports = [await freePort(), await freePort()];
  const balancer: TcpBalancer = await startTcpBalancer({
    backends: ports.map((port) => ({ host: '127.0.0.1', port })),
    port: 0,
    downForMs: 500,
  });
  const nodes = new Map<number, NodeProcess>();
  const everyNode: NodeProcess[] = [];

  function start(index: number): NodeProcess {
    const node = startNodeProcess(`n${index + 1}`, ports[index]!, {
      databaseUrl: scratch.url,
      redisUrl: redis.url,
      jwtSecret: options.jwtSecret,
      rpcUrl: anvil.rpcUrl,
      dataDir,
      timing: options.timing,
      logLevel: 'info',
      shutdownGraceMs: options.shutdownGraceMs,
    });
    nodes.set(index, node);
    everyNode.push(node);
    return node;
  }

  async function close(): Promise<void> {
    await balancer.close();
    await Promise.all(everyNode.map((node) => node.kill('SIGKILL')));
    await redis.stop();
    await anvil.dispose();
    await database.close();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  try {
    await Promise.all([start(0), start(1)].map((node) => node.ready(options.startTimeoutMs)));
  } catch (error) {
    await close();
    throw error;
  }

  return {
    database,
    anvil,
    url: `http://127.0.0.1:${balancer.port}`,
    node: (index) => nodes.get(index)!,
    async roll(index) {
      const stopping = nodes.get(index)!;
      const { code, tookMs } = await stopNodeProcess(stopping, 'SIGTERM');
      const restarted = start(index);
      await restarted.ready(options.startTimeoutMs);
      await waitUntil(async () => (await readinessOf(restarted)) === 200, 30_000, `node ${index + 1} ready again`);
      return { code, tookMs, output: stopping.output() };
    },
    close,
  };
}

/** Rolls node `index` and checks the drain: exit 0 within the grace, having drained. Returns how long it took. */
export async function rollDrained(cluster: RollingCluster, index: number, shutdownGraceMs: number): Promise<number> {
  const { code, tookMs, output } = await cluster.roll(index);
  expect(code, output.slice(-3_000)).toBe(0);
  expect(tookMs).toBeLessThan(shutdownGraceMs);
  expect(output).toContain('Draining, then shutting down');
  return tookMs;
}

/** A game row as the rolling tests read it back. */
interface EndedGame {
  id: string;
  status: string;
  endReason: string | null;
  winnerId: string | null;
}

/**
 * Every game ended by play — won, or drawn at the last round (both stakes back, by the rules) — never forfeited
 * or refunded by the restart; and each settled exactly once in the ledger.
 */
export async function expectEndedByPlayAndSettledOnce(db: DatabaseHandle['db'], rows: readonly EndedGame[]): Promise<void> {
  for (const row of rows) {
    expect(['wins', 'max-rounds'], `game ${row.id} ended by ${row.endReason}`).toContain(row.endReason);
    if (row.status === 'refunded') expect([row.endReason, row.winnerId], `game ${row.id}`).toEqual(['max-rounds', null]);
    else expect(row.status, `game ${row.id}`).toBe('finished');
  }
  const settled = await db
    .select({ key: ledgerTransfers.idempotencyKey })
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, 'game-settle:%'));
  const counts = new Map<string, number>();
  for (const { key } of settled) counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const row of rows) expect(counts.get(`game-settle:${row.id}`), `settlements of ${row.id}`).toBe(1);
}
