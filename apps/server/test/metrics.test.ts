/**
 * GET /metrics through the real app: who may read it, and the figures the
 * app's own sources give (the cluster test checks them across two nodes).
 */
import { SOCKET_PATH } from '@shifumi/protocol';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { chainBlocks, withdrawals } from '../src/infra/db/schema/index';
import { cursorLag, pendingWithdrawalCount, scannerCursor } from '../src/modules/metrics/metrics.repo';
import { signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';

const TOKEN = 'metrics-token-0123456789abcdef';
const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ env: { NODE_ID: 'metrics-node', ...env } });
  apps.push(t);
  return t;
}

const scrape = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.fastify.inject({ method: 'GET', url: '/metrics', headers });

describe('GET /metrics', () => {
  it('answers the Prometheus text format outside production without a token', async () => {
    const t = await app();
    const response = await scrape(t);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    for (const line of [
      'shifumi_socket_connections{server="signed_in",node="metrics-node"} 0',
      'shifumi_socket_connections{server="public",node="metrics-node"} 0',
      'shifumi_online_users{node="metrics-node"} 0',
      'shifumi_games_running{node="metrics-node"} 0',
      'shifumi_withdrawals_pending{node="metrics-node"} 0',
      'shifumi_game_settle_seconds_count{node="metrics-node"} 0',
    ]) {
      expect(body).toContain(line);
    }
    expect(body).toContain('process_resident_memory_bytes{node="metrics-node"}');
    // No chain in this app: no cursor lag series rather than a made-up 0.
    expect(body).not.toContain('shifumi_chain_cursor_lag_blocks{');
  });

  it('counts this node’s signed-in sockets and online users at scrape time', async () => {
    const t = await app();
    const url = await t.listen();
    const session = await signIn(t, await signUp(t));
    const socket = connect(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: session.accessToken },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      await expect.poll(async () => (await scrape(t)).body).toContain('shifumi_online_users{node="metrics-node"} 1');
      expect((await scrape(t)).body).toContain('shifumi_socket_connections{server="signed_in",node="metrics-node"} 1');
    } finally {
      socket.disconnect();
    }
  });

  it('requires the bearer token when METRICS_TOKEN is set', async () => {
    const t = await app({ METRICS_TOKEN: TOKEN });
    const refusedHeaders: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
      { authorization: 'Bearer ' },
    ];
    for (const headers of refusedHeaders) {
      const refused = await scrape(t, headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.body).not.toContain('shifumi_');
    }
    const answered = await scrape(t, { authorization: `Bearer ${TOKEN}` });
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain('shifumi_online_users');
  });

  it('is not served in production without a token, and served with one', async () => {
    const closed = await app({ NODE_ENV: 'production' });
    const refused = await scrape(closed);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('shifumi_');
    expect(closed.logs.some((line) => String(line.msg).includes('set METRICS_TOKEN'))).toBe(true);

    const open = await app({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN });
    expect((await scrape(open)).statusCode).toBe(401);
    expect((await scrape(open, { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
  });
});

describe('metrics figures from the database', () => {
  it('reads the scanner cursor and the withdrawals still pending, per chain', async () => {
    const t = await app();
    expect(await scannerCursor(t.db, 31337)).toBeUndefined();
    await t.db.insert(chainBlocks).values([
      { chainId: 31337, number: 41n, hash: `0x${'a'.repeat(64)}` },
      { chainId: 31337, number: 42n, hash: `0x${'b'.repeat(64)}` },
      { chainId: 1, number: 900n, hash: `0x${'c'.repeat(64)}` },
    ]);
    expect(await scannerCursor(t.db, 31337)).toBe(42n);

    const { user } = await signIn(t, await signUp(t));
    const withdrawal = { userId: user.id, amount: 1n, recipientAddress: `0x${'1'.repeat(40)}`, balanceAfter: 0n };
    await t.db.insert(withdrawals).values([
      { ...withdrawal, chainId: 31337, status: 'queued' },
      { ...withdrawal, chainId: 31337, status: 'sent', nonce: 1 },
      { ...withdrawal, chainId: 31337, status: 'confirmed', nonce: 2 },
      { ...withdrawal, chainId: 31337, status: 'failed' },
      { ...withdrawal, chainId: 1, status: 'queued' },
    ]);
    expect(await pendingWithdrawalCount(t.db, 31337)).toBe(2);
    expect((await scrape(t)).body).toContain('shifumi_withdrawals_pending{node="metrics-node"} 2');
  });

  it('measures the lag from the head to the cursor, never below 0', () => {
    expect(cursorLag(50n, 42n)).toBe(8);
    expect(cursorLag(42n, 42n)).toBe(0);
    expect(cursorLag(40n, 42n)).toBe(0);
    expect(cursorLag(50n, undefined)).toBeUndefined();
  });
});
