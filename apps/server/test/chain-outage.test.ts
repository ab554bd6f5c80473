/**
 * Issue 29: the chain's RPC node goes away. The app reaches anvil through a
 * proxy of this test's own (the project's TCP balancer with one backend),
 * which is closed — the RPC's port refused — and opened again on the same
 * port, while anvil itself goes on: a deposit is made meanwhile and a
 * withdrawal waits. During the outage the deposit is not credited, the
 * withdrawal not sent, players are told deposits and withdrawals are delayed
 * (`GET /api/chain/status`), and the console overview and `/metrics` show
 * it; once the RPC is back the deposit is credited once, the withdrawal goes
 * once (nonces intact), the notice goes, and the ledger check passes with the
 * chain's holdings.
 */
import type { AdminOverview, ChainStatusResponse } from '@shifumi/protocol';
import { eq, sql } from 'drizzle-orm';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainPublicClient } from '../src/infra/chain/chain-client';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { deposits, users, withdrawals } from '../src/infra/db/schema/index';
import { CLI_ACTOR } from '../src/modules/admin/audit-log';
import { grantRole } from '../src/modules/admin/staff.repo';
import { startTcpBalancer, type TcpBalancer } from '../src/scripts/tcp-balancer';
import { queueWithdrawal } from './support/queued-withdrawal';
import { signIn, signUp } from './support/api';
import { fundUser } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, expectLedgerConsistent, sendEth, startTestAnvil, type TestAnvil } from './support/test-chain';

let anvil: TestAnvil;
let proxy: TcpBalancer | undefined;
let proxyPort: number;
let anvilPort: number;
let t: TestApp;

async function openProxy(port: number): Promise<void> {
  proxy = await startTcpBalancer({ backends: [{ host: '127.0.0.1', port: anvilPort }], port, downForMs: 100 });
}

beforeAll(async () => {
  anvil = await startTestAnvil();
  anvilPort = Number(new URL(anvil.rpcUrl).port);
  await openProxy(0);
  proxyPort = proxy!.port;
  const rpcUrl = `http://127.0.0.1:${proxyPort}`;
  t = await createTestApp({
    chain: chainFor({ ...anvil, rpcUrl }, { DEPOSIT_CONFIRMATIONS: '1', WITHDRAWAL_CONFIRMATIONS: '1' }),
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await anvil?.dispose();
});

async function chainStatus(): Promise<ChainStatusResponse> {
  return (await t.app.fastify.inject({ method: 'GET', url: '/api/chain/status' })).json() as ChainStatusResponse;
}

async function overview(token: string): Promise<AdminOverview> {
  const response = await t.app.fastify.inject({ method: 'GET', url: '/api/admin/overview', headers: { authorization: token } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOverview;
}

async function chainWorkersPass(): Promise<void> {
  await t.app.depositWatcher!.tick().catch(() => undefined);
  await t.app.withdrawalSender!.tick().catch(() => undefined);
}

describe('the chain RPC goes away', () => {
  it('delays deposits and withdrawals, says so to players, the console and /metrics, then credits and pays each once', async () => {
    const credentials = await signUp(t);
    const session = await signIn(t, credentials);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
    expect((await grantRole(t.db, credentials.email, 'admin', { actor: CLI_ACTOR, role: null, now: new Date() })).ok).toBe(true);
    await fundUser(t.db, session.user.id, '1');
    const depositAddress = (await t.app.depositAddresses.ensureFor(session.user.id)) as Address;
    await chainWorkersPass();
    expect((await t.app.chainHealth!.check()).delayed).toBe(false);
    expect(await chainStatus()).toEqual({ delayed: false, since: null });

    // The RPC's port is refused; the chain itself goes on.
    await proxy!.close();
    proxy = undefined;
    const depositHash = await sendEth(anvil, depositAddress, '0.01');
    const withdrawal = await queueWithdrawal(t.db, session.user.id, parseEther('0.001'));
    await chainWorkersPass();
    await chainWorkersPass();
    expect(await t.db.select().from(deposits).where(eq(deposits.txHash, depositHash.toLowerCase()))).toEqual([]);
    const [waiting] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(waiting?.status).toBe('queued');

    expect((await t.app.chainHealth!.check()).delayed).toBe(true);
    const delayed = await chainStatus();
    expect(delayed.delayed).toBe(true);
    expect(delayed.since).not.toBeNull();
    expect((await overview(session.accessToken)).chainDelayedSince).not.toBeNull();
    const metrics = await t.app.fastify.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/shifumi_chain_rpc_up\{[^}]*\} 0/);

    // Back on the same address.
    await openProxy(proxyPort);
    for (let pass = 0; pass < 30; pass += 1) {
      await chainWorkersPass();
      const [credited] = await t.db.select().from(deposits).where(eq(deposits.txHash, depositHash.toLowerCase()));
      const [paid] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
      if (credited?.status === 'credited' && paid?.status === 'confirmed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // More passes change nothing: once each.
    await chainWorkersPass();
    const credits = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from ledger_transfers where kind = 'deposit' and idempotency_key like ${`%${depositHash.toLowerCase()}%`}`,
    );
    expect(Number(credits.rows[0]?.count)).toBe(1);
    const [paid] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(paid?.status).toBe('confirmed');
    const client = createChainPublicClient({ rpcUrl: anvil.rpcUrl, chainId: DEV_CHAIN_ID });
    expect(await client.getBalance({ address: withdrawal.recipient })).toBe(parseEther('0.001'));

    expect((await t.app.chainHealth!.check()).delayed).toBe(false);
    expect(await chainStatus()).toEqual({ delayed: false, since: null });
    expect((await overview(session.accessToken)).chainDelayedSince).toBeNull();
    await expectLedgerConsistent(t.db, t.chain);
  }, 120_000);
});
