/**
 * Issue 29: the chain's RPC node goes away — the anvil process the app talks
 * to is stopped (SIGTERM: it dumps its state) and, OUTAGE_MS later, started
 * again on the same port from the same state file. Meanwhile the network goes
 * on without our node: the same state is served from another port for a
 * moment, deposits are mined there, and our node comes back with those blocks
 * (as a real node that restarts catches up with the chain it missed).
 * Withdrawals are queued before and during the outage; the app's chain
 * workers run on their timers throughout.
 *
 * What must hold: while the node is away no deposit is credited and no
 * withdrawal goes; players are told (`GET /api/chain/status` delayed), the
 * console overview and `/metrics` (`shifumi_chain_rpc_up 0`) show it; once it
 * is back every deposit is credited exactly once, every withdrawal is mined
 * exactly once with its own nonce (no gap, no reuse: the hot wallet's nonce
 * on chain is the one the database allocates next), the notice clears, and
 * the ledger check passes with the chain's holdings.
 *
 * The outage lasts OUTAGE_MS (30 s) rather than the issue's 2 minutes: what
 * the code does during an outage does not depend on its length once the
 * retries have backed off to their cap — the chain workers' passes back off
 * to 8 × CHAIN_POLL_MS (4 s here), the health probe to 2 × max(CHAIN_POLL_MS,
 * 1 s) (2 s), both reached within 10 s; the one timer that reads a duration,
 * the stuck-withdrawal repricing (WITHDRAWAL_STUCK_MS, 3 minutes by default),
 * is longer than 2 minutes and keeps the nonce anyway. SHIFUMI_FAULT_CHAIN_OUTAGE_MS=120000
 * runs the issue's full 2 minutes (recorded in decision 034).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminOverview, ChainStatusResponse } from '@shifumi/protocol';
import { eq, inArray, sql } from 'drizzle-orm';
import { parseEther, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainPublicClient } from '../src/infra/chain/chain-client';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { deposits, users, withdrawalAttempts, withdrawals } from '../src/infra/db/schema/index';
import { CLI_ACTOR } from '../src/modules/admin/audit-log';
import { grantRole } from '../src/modules/admin/staff.repo';
import { queueWithdrawal } from './support/queued-withdrawal';
import { signIn, signUp } from './support/api';
import { sleep, waitUntil } from './support/fault-players';
import { fundUser } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, expectLedgerConsistent, sendEth, startTestAnvil, type TestAnvil } from './support/test-chain';

const OUTAGE_MS = Number(process.env.SHIFUMI_FAULT_CHAIN_OUTAGE_MS ?? 30_000);

const anvilDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shifumi-chain-outage-'));
let anvil: TestAnvil | undefined;
let anvilPort: number;
let rpcUrl: string;
let t: TestApp;

beforeAll(async () => {
  anvil = await startTestAnvil({ dataDir: anvilDir });
  anvilPort = anvil.port;
  rpcUrl = anvil.rpcUrl;
  t = await createTestApp({
    chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '1', WITHDRAWAL_CONFIRMATIONS: '1', CHAIN_POLL_MS: '500' }),
    startChainWorkers: true,
  });
}, 90_000);

afterAll(async () => {
  await t?.close();
  await anvil?.stop();
  fs.rmSync(anvilDir, { recursive: true, force: true });
}, 60_000);

async function chainStatus(): Promise<ChainStatusResponse> {
  return (await t.app.fastify.inject({ method: 'GET', url: '/api/chain/status' })).json() as ChainStatusResponse;
}

async function metrics(): Promise<string> {
  return (await t.app.fastify.inject({ method: 'GET', url: '/metrics' })).body;
}

async function overview(token: string): Promise<AdminOverview> {
  const response = await t.app.fastify.inject({ method: 'GET', url: '/api/admin/overview', headers: { authorization: token } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOverview;
}

async function creditedCount(hashes: Hex[]): Promise<number> {
  const rows = await t.db
    .select()
    .from(deposits)
    .where(
      inArray(
        deposits.txHash,
        hashes.map((hash) => hash.toLowerCase()),
      ),
    );
  return rows.filter((row) => row.status === 'credited').length;
}

describe('the chain RPC node stopped and started again with its state', () => {
  it('delays deposits and withdrawals and says so; once back, credits each deposit once and sends each withdrawal once, nonces intact', async () => {
    const started = Date.now();
    const credentials = await signUp(t);
    const session = await signIn(t, credentials);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
    expect((await grantRole(t.db, credentials.email, 'admin', { actor: CLI_ACTOR, role: null, now: new Date() })).ok).toBe(true);
    await fundUser(t.db, session.user.id, '1');
    const depositAddress = (await t.app.depositAddresses.ensureFor(session.user.id)) as Address;

    // Before: a deposit credited and a withdrawal paid by the workers on their timers.
    const hashes: Hex[] = [await sendEth(anvil!, depositAddress, '0.01')];
    const queued = [await queueWithdrawal(t.db, session.user.id, parseEther('0.001'))];
    await waitUntil(async () => (await creditedCount(hashes)) === 1, 30_000, 'the first deposit credited');
    await waitUntil(
      async () => (await t.db.select().from(withdrawals).where(eq(withdrawals.id, queued[0]!.id)))[0]?.status === 'confirmed',
      30_000,
      'the first withdrawal',
    );
    expect(await chainStatus()).toEqual({ delayed: false, since: null });

    // The node stops (its state dumped), with a withdrawal queued just before.
    queued.push(await queueWithdrawal(t.db, session.user.id, parseEther('0.002')));
    const stoppedAt = Date.now();
    await anvil!.stop();
    anvil = undefined;

    // The network goes on without our node: two deposits mined elsewhere on the same chain.
    const elsewhere = await startTestAnvil({ dataDir: anvilDir });
    const duringHashes = [
      await sendEth(elsewhere, depositAddress, '0.02', 2),
      await sendEth(elsewhere, depositAddress, '0.03', 3),
    ];
    // Mined before that node stops and dumps its state: anvil may answer a hash before its block exists, and a
    // transaction still pending at the dump is lost (seen once: two of the three deposits came back).
    const elsewhereClient = createChainPublicClient({ rpcUrl: elsewhere.rpcUrl, chainId: DEV_CHAIN_ID });
    for (const hash of duringHashes) await elsewhereClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await elsewhere.stop();
    hashes.push(...duringHashes);
    queued.push(await queueWithdrawal(t.db, session.user.id, parseEther('0.003')));

    // Players, the console and /metrics are told.
    await waitUntil(async () => (await chainStatus()).delayed, 20_000, 'the delay notice');
    expect((await chainStatus()).since).not.toBeNull();
    expect((await overview(session.accessToken)).chainDelayedSince).not.toBeNull();
    expect(await metrics()).toMatch(/shifumi_chain_rpc_up\{[^}]*\} 0/);

    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
    // Nothing moved while it was away.
    expect(await creditedCount(duringHashes)).toBe(0);
    const waiting = await t.db
      .select()
      .from(withdrawals)
      .where(
        inArray(
          withdrawals.id,
          queued.slice(1).map((entry) => entry.id),
        ),
      );
    expect(waiting.map((row) => row.status)).not.toContain('confirmed');
    expect((await chainStatus()).delayed).toBe(true);

    // Back on the same port, from the same state (and the blocks it missed).
    anvil = await startTestAnvil({ dataDir: anvilDir, port: anvilPort });
    expect(anvil.rpcUrl).toBe(rpcUrl);
    const backAt = Date.now();
    await waitUntil(
      async () => {
        const paid = await t.db
          .select()
          .from(withdrawals)
          .where(
            inArray(
              withdrawals.id,
              queued.map((entry) => entry.id),
            ),
          );
        return (await creditedCount(hashes)) === hashes.length && paid.every((row) => row.status === 'confirmed');
      },
      60_000,
      'deposits credited and withdrawals confirmed after the node returned',
    ).catch(async (error: unknown) => {
      const seen = await t.db
        .select()
        .from(deposits)
        .where(
          inArray(
            deposits.txHash,
            hashes.map((hash) => hash.toLowerCase()),
          ),
        );
      const paid = await t.db
        .select()
        .from(withdrawals)
        .where(
          inArray(
            withdrawals.id,
            queued.map((entry) => entry.id),
          ),
        );
      const logged = t.logs.filter((line) => Number(line.level) >= 40).slice(-15);
      throw new Error(
        `${String(error)}\ndeposits: ${JSON.stringify(seen.map((row) => [row.txHash?.slice(0, 10), row.status]))}\nwithdrawals: ${JSON.stringify(paid.map((row) => [row.status, row.nonce]))}\nlogs: ${JSON.stringify(logged).slice(0, 6_000)}`,
      );
    });
    const caughtUpMs = Date.now() - backAt;
    await waitUntil(async () => !(await chainStatus()).delayed, 15_000, 'the notice gone');
    expect((await overview(session.accessToken)).chainDelayedSince).toBeNull();
    expect(await metrics()).toMatch(/shifumi_chain_rpc_up\{[^}]*\} 1/);
    // A few more passes change nothing.
    await sleep(3_000);

    for (const hash of hashes) {
      const credits = await t.db.execute<{ count: number }>(
        sql`select count(*)::int as count from ledger_transfers where kind = 'deposit' and idempotency_key like ${`%${hash.toLowerCase()}%`}`,
      );
      expect(Number(credits.rows[0]?.count), hash).toBe(1);
    }
    const client = createChainPublicClient({ rpcUrl, chainId: DEV_CHAIN_ID });
    const nonces: number[] = [];
    for (const [index, entry] of queued.entries()) {
      const attempts = await t.db.select().from(withdrawalAttempts).where(eq(withdrawalAttempts.withdrawalId, entry.id));
      expect(
        attempts.filter((attempt) => attempt.status === 'mined'),
        `withdrawal ${index}`,
      ).toHaveLength(1);
      expect(await client.getBalance({ address: entry.recipient })).toBe(parseEther(['0.001', '0.002', '0.003'][index]!));
      const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, entry.id));
      nonces.push(row!.nonce!);
    }
    // Nonces intact: one each, consecutive, and the chain's next nonce is the database's.
    expect([...nonces].sort((a, b) => a - b)).toEqual(nonces.map((_, index) => Math.min(...nonces) + index));
    const next = await t.db.execute<{ next_nonce: number }>(
      sql`select next_nonce from hot_wallet_nonces where chain_id = ${DEV_CHAIN_ID} and address = ${t.chain!.hotWalletAddress}`,
    );
    expect(await client.getTransactionCount({ address: t.chain!.hotWalletAddress, blockTag: 'pending' })).toBe(
      Number(next.rows[0]?.next_nonce),
    );
    await expectLedgerConsistent(t.db, t.chain);
    console.info(
      `chain node restart: outage ${backAt - stoppedAt} ms, ${hashes.length} deposits and ${queued.length} withdrawals settled ${caughtUpMs} ms after it returned; ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }, 300_000);
});
