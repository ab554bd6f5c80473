/**
 * Issue 29: readiness for balancers, draining, and PostgreSQL going away.
 * - `GET /api/ready` answers 200 while the node can serve and 503 once it
 *   drains; a draining node takes no new live connection and no search.
 * - Every connection to this test's own database is terminated and new ones
 *   refused (the machine's cluster itself is never restarted): readiness and
 *   requests answer 503 `{message}` within the request deadline, never 500;
 *   once connections are allowed again the same process serves again.
 */
import { SERVER_TEXTS, SOCKET_TEXTS, type ReadinessResponse } from '@shifumi/protocol';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { getAccount, postJson, signIn, signUp, uniqueEmail } from './support/api';
import { connected, createSockets, fundUser, nextEvent, waitUntil } from './support/sockets';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createChainPublicClient } from '../src/infra/chain/chain-client';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { withdrawalAttempts, withdrawals } from '../src/infra/db/schema/index';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { transfer } from '../src/modules/ledger/ledger.service';
import { chainFor, expectLedgerConsistent, sendEth, startTestAnvil, type TestAnvil } from './support/test-chain';
import { createTestApp, type TestApp } from './support/test-app';

const PASSWORD = 'correct horse battery staple';
const serverDatabaseUrl = loadConfig({ DATABASE_URL: process.env.DATABASE_URL }).databaseUrl;
if (!serverDatabaseUrl)
  console.warn(
    'readiness-and-outages.test.ts: the PostgreSQL outage is skipped: it needs DATABASE_URL (a database of its own whose connections it can cut)',
  );
const sockets = createSockets();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
afterEach(() => sockets.closeAll());

async function ready(t: TestApp) {
  const response = await t.app.fastify.inject({ method: 'GET', url: '/api/ready' });
  return { status: response.statusCode, body: response.json() as ReadinessResponse };
}

describe('readiness and draining', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.listen();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is ready while the node can serve, and not once it drains: no new connection, no search', async () => {
    expect(await ready(t)).toEqual({ status: 200, body: { status: 'ready', database: 'ok', redis: 'none', draining: false } });
    const credentials = await signUp(t);
    const session = await signIn(t, credentials);
    const socket = sockets.open(baseUrl, session.accessToken);
    await connected(socket);

    t.app.startDraining();
    expect(await ready(t)).toEqual({
      status: 503,
      body: {
        status: 'not_ready',
        database: 'ok',
        redis: 'none',
        draining: true,
        code: 'draining',
        message: SERVER_TEXTS.draining,
      },
    });
    // Liveness stays.
    expect((await t.app.fastify.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    const refused = nextEvent(socket, 'error');
    socket.emit('search_game', { character: 'Character1', amount: 1 });
    expect(await refused).toEqual({ code: 'search_while_restarting', message: SOCKET_TEXTS.searchWhileRestarting });
    expect(Object.values(await t.app.matchQueue.lengths()).every((length) => length === 0)).toBe(true);

    const late = sockets.open(baseUrl, session.accessToken);
    await expect(connected(late)).rejects.toThrow();
  });
});

describe.skipIf(!serverDatabaseUrl)('PostgreSQL goes away (every connection to this test database terminated)', () => {
  let t: TestApp;
  let admin: pg.Client;
  let databaseName: string;

  async function allowConnections(allow: boolean): Promise<void> {
    await admin.query(`alter database "${databaseName}" with allow_connections ${allow ? 'true' : 'false'}`);
    if (!allow)
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
        databaseName,
      ]);
  }

  let anvil: TestAnvil;

  beforeAll(async () => {
    anvil = await startTestAnvil();
    t = await createTestApp({
      env: { ETH_USD_PRICE: '2000' },
      matchOptions: { roundMs: 1_000, graceMs: 100, revealMs: 100, reconnectGraceMs: 3_000 },
      chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '1', WITHDRAWAL_CONFIRMATIONS: '1' }),
    });
    databaseName = new URL(t.databaseUrl!).pathname.slice(1);
    admin = new pg.Client({ connectionString: serverDatabaseUrl });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    const started = Date.now();
    // Each step bounded and timed: twice (of four whole runs under load) this teardown outlived its hook's limit, and
    // it is not known yet which step waited; its log line says it next time, and the suite goes on meanwhile.
    const step = async (name: string, work: () => Promise<unknown> | undefined) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), 25_000);
      });
      const outcome = await Promise.race([Promise.resolve(work()).then(() => 'done' as const), late]);
      clearTimeout(timer);
      console.info(`teardown: ${name} ${outcome === 'done' ? 'done' : 'STILL WAITING after 25 s'} at ${Date.now() - started} ms`);
    };
    await step('allow connections', () => allowConnections(true).catch(() => undefined));
    await step('admin client', () => admin?.end());
    await step('app', () => t?.close());
    await step('anvil', () => anvil?.dispose());
  }, 120_000);

  it('answers 503 {message} during the outage, never 500 nor a hang, and serves again by itself', async () => {
    const credentials = await signUp(t);
    const session = await signIn(t, credentials);
    expect((await getAccount(t, session.accessToken)).statusCode).toBe(200);

    await allowConnections(false);
    try {
      const started = Date.now();
      const probe = await ready(t);
      expect(probe.status).toBe(503);
      expect(probe.body).toMatchObject({
        status: 'not_ready',
        database: 'error',
        code: 'service_unavailable',
        message: SERVER_TEXTS.serviceUnavailable,
      });
      for (const response of [
        await getAccount(t, session.accessToken),
        await postJson(t, '/api/auth/register', {
          name: 'Ola',
          email: uniqueEmail('outage'),
          password: PASSWORD,
          ageConfirmed: true,
          termsAccepted: true,
        }),
        await postJson(t, '/api/auth/login', credentials),
      ]) {
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json()).toEqual({ code: 'service_unavailable', message: SERVER_TEXTS.serviceUnavailable });
      }
      // Each answer within the pool's connection timeout (5 s), well inside the request deadline.
      expect(Date.now() - started).toBeLessThan(4 * 6_000);
      expect((await t.app.fastify.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await allowConnections(true);
    }

    // Back: the same process serves again, with no restart.
    await waitUntil(async () => (await ready(t)).status === 200, 15_000, 'ready again');
    expect((await getAccount(t, session.accessToken)).statusCode).toBe(200);
    expect((await postJson(t, '/api/auth/login', credentials)).statusCode).toBe(200);
    expect(t.logs.filter((line) => line.msg === 'Unhandled error')).toEqual([]);
  }, 90_000);

  it('a game running through the outage resumes or ends by the rules, settled once; the ledger check passes after', async () => {
    const baseUrl = await t.listen();
    const players = await Promise.all(
      (['paper', 'rock'] as const).map(async (choice) => {
        const session = await signIn(t, await signUp(t));
        await fundUser(t.db, session.user.id, '1');
        const socket = sockets.open(baseUrl, session.accessToken);
        await connected(socket);
        let room: string | undefined;
        const choose = () => setTimeout(() => room && socket.emit('make_choice', { room, choice }), 200);
        socket.on('game_found', (event) => {
          room = event.room;
        });
        socket.on('new_round', choose);
        socket.on('game_state', (state) => {
          room = state.room;
          if (!state.choiceLocked) choose();
        });
        socket.on('error', () => room && choose());
        return { id: session.user.id, socket, room: () => room };
      }),
    );
    const [a, b] = players as [(typeof players)[0], (typeof players)[0]];
    a.socket.emit('search_game', { character: 'Character1', amount: 1 });
    await waitUntil(() => t.app.matchQueue.has(a.id));
    b.socket.emit('search_game', { character: 'Character2', amount: 1 });
    await waitUntil(() => a.room() !== undefined && a.room() === b.room(), 10_000, 'matched');
    const gameId = a.room()!;

    await allowConnections(false);
    await sleep(3_000);
    await allowConnections(true);

    await waitUntil(
      async () => {
        const result = await t.db
          .execute<{ status: string }>(sql`select status from games where id = ${gameId}`)
          .catch(() => undefined);
        return result !== undefined && result.rows[0]?.status !== 'playing';
      },
      45_000,
      'game over after the outage',
    );
    const [game] = (
      await t.db.execute<{ status: string; end_reason: string }>(sql`select status, end_reason from games where id = ${gameId}`)
    ).rows;
    expect(['finished', 'refunded']).toContain(game?.status);
    const settlements = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from ledger_transfers where idempotency_key = ${`game-settle:${gameId}`}`,
    );
    expect(Number(settlements.rows[0]?.count)).toBe(1);
    const report = await checkLedger(t.db);
    expect(report.problems).toEqual([]);
  }, 90_000);

  it('deposits and a withdrawal through the outage: each deposit credited once, the withdrawal sent once, the ledger check passes with the chain', async () => {
    const session = await signIn(t, await signUp(t));
    await fundUser(t.db, session.user.id, '1');
    const depositAddress = (await t.app.depositAddresses.ensureFor(session.user.id)) as Address;
    const recipient = privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as Address;
    const withdrawalId = randomUUID();
    await t.db.transaction(async (tx) => {
      const moved = await transfer(tx, {
        idempotencyKey: `withdrawal:${withdrawalId}`,
        kind: 'withdrawal',
        legs: [
          { from: LedgerAccounts.user(session.user.id), to: LedgerAccounts.withdrawalsInFlight, amount: parseEther('0.001') },
        ],
        memo: { withdrawalId, recipient },
      });
      await tx.insert(withdrawals).values({
        id: withdrawalId,
        userId: session.user.id,
        chainId: DEV_CHAIN_ID,
        amount: parseEther('0.001'),
        recipientAddress: recipient,
        balanceAfter: moved.balances.get(LedgerAccounts.user(session.user.id).code)!,
      });
    });
    const before = await sendEth(anvil, depositAddress, '0.01');
    const pass = async () => {
      await t.app.depositWatcher!.tick().catch(() => undefined);
      await t.app.withdrawalSender!.tick().catch(() => undefined);
    };

    await allowConnections(false);
    try {
      const during = await sendEth(anvil, depositAddress, '0.02');
      await pass();
      await pass();
      await allowConnections(true);
      for (let round = 0; round < 40; round += 1) {
        await pass();
        const credited = await t.db.execute<{ count: number }>(
          sql`select count(*)::int as count from deposits where tx_hash in (${before.toLowerCase()}, ${during.toLowerCase()}) and status = 'credited'`,
        );
        const [paid] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
        if (Number(credited.rows[0]?.count) === 2 && paid?.status === 'confirmed') break;
        await sleep(200);
      }
      await pass();
      for (const hash of [before, during]) {
        const credits = await t.db.execute<{ count: number }>(
          sql`select count(*)::int as count from ledger_transfers where kind = 'deposit' and idempotency_key like ${`%${hash.toLowerCase()}%`}`,
        );
        expect(Number(credits.rows[0]?.count), hash).toBe(1);
      }
    } finally {
      await allowConnections(true);
    }
    const [paid] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
    expect(paid?.status).toBe('confirmed');
    const attempts = await t.db.select().from(withdrawalAttempts).where(eq(withdrawalAttempts.withdrawalId, withdrawalId));
    expect(attempts.filter((attempt) => attempt.status === 'mined')).toHaveLength(1);
    const client = createChainPublicClient({ rpcUrl: anvil.rpcUrl, chainId: DEV_CHAIN_ID });
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.001'));
    await expectLedgerConsistent(t.db, t.chain);
  }, 90_000);
});
