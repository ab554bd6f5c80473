/**
 * Issue 29: readiness with Redis unreachable. A node on a Redis of this
 * test's own (`redis-server --port <free port> --save ''`, never the
 * machine's): `GET /api/ready` answers 200 while Redis answers, 503
 * `{status: 'not_ready', redis: 'error', message}` within the probe's bound
 * once the test kills it — liveness (`GET /api/health`) stays 200, so an
 * orchestrator does not restart a node for a Redis blip — and 200 again, by
 * itself, once a Redis listens on the port again.
 */
import { spawnSync } from 'node:child_process';
import { SERVER_TEXTS, type ReadinessResponse } from '@shifumi/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/infra/logger';
import { connectRedis, type RedisContext } from '../src/infra/redis/redis';
import { READINESS_PROBE_TIMEOUT_MS } from '../src/http/health.routes';
import { startRedisServer, type RedisServerProcess } from '../src/scripts/local-processes';
import { waitUntil } from './support/fault-players';
import { createTestApp, type TestApp } from './support/test-app';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer)
  console.warn('fault-redis-readiness.test.ts skipped: it needs a redis-server binary to run (and kill) a Redis of its own');

describe.skipIf(!hasRedisServer)("readiness while Redis is unreachable (a Redis of the test's own)", () => {
  let server: RedisServerProcess;
  let redis: RedisContext;
  let t: TestApp;

  beforeAll(async () => {
    server = await startRedisServer();
    redis = await connectRedis(server.url, createLogger({ level: 'silent' }), {
      nodeId: 'ready-test',
      keyPrefix: 'shifumi-ready-test:',
    });
    t = await createTestApp({ redis });
  }, 180_000); // a fresh database and its migrations: 45 s seen on a loaded 2-core machine

  afterAll(async () => {
    await t?.close();
    await redis?.close();
    await server?.stop();
  });

  async function ready(): Promise<{ status: number; body: ReadinessResponse; ms: number }> {
    const began = Date.now();
    const response = await t.app.fastify.inject({ method: 'GET', url: '/api/ready' });
    return { status: response.statusCode, body: response.json() as ReadinessResponse, ms: Date.now() - began };
  }

  it('answers 503 while Redis is away and 200 again once it is back, liveness staying 200', async () => {
    expect((await ready()).body).toEqual({ status: 'ready', database: 'ok', redis: 'ok', draining: false });

    await server.stop();
    await waitUntil(async () => (await ready()).status === 503, 10_000, 'readiness 503 with Redis away');
    const away = await ready();
    expect(away.body).toEqual({
      status: 'not_ready',
      database: 'ok',
      redis: 'error',
      draining: false,
      code: 'service_unavailable',
      message: SERVER_TEXTS.serviceUnavailable,
    });
    // A balancer's probe does not hang: bounded by the probe's own timeout.
    expect(away.ms).toBeLessThan(READINESS_PROBE_TIMEOUT_MS + 1_000);
    expect((await t.app.fastify.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // restart() after stop(): a new redis-server on the same port.
    await server.restart();
    await waitUntil(async () => (await ready()).status === 200, 20_000, 'readiness 200 with Redis back');
    expect((await ready()).body).toEqual({ status: 'ready', database: 'ok', redis: 'ok', draining: false });
  }, 60_000);
});
