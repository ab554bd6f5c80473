/**
 * Issue 18: the stuck list's "credit now" for a deposit seen on chain and not
 * credited past its confirmations — checked on the chain, credited once by
 * the deposit watcher's own path however often (and however many staff at
 * once) it is clicked, audited; refused for what the chain does not show. A
 * failed sweep has no action and leaves the list once its address was swept
 * again.
 */
import { type StuckResponse } from '@shifumi/protocol';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parseEther, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '../src/infra/chain/anvil-testing';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { deposits, sweeps, users } from '../src/infra/db/schema/index';
import { CLI_ACTOR } from '../src/modules/admin/audit-log';
import { grantRole } from '../src/modules/admin/staff.repo';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, sendEth, startTestAnvil, type TestAnvil } from './support/test-chain';

let anvil: TestAnvil;
let t: TestApp;

beforeAll(async () => {
  anvil = await startTestAnvil();
  t = await createTestApp({ chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '2', WITHDRAWAL_CONFIRMATIONS: '1' }) });
});

afterAll(async () => {
  await t?.close();
  await anvil?.dispose();
});

async function player() {
  const credentials = await signUp(t);
  const session = await signIn(t, credentials);
  const [user] = await t.db.select().from(users).where(eq(users.id, session.user.id));
  return {
    id: session.user.id,
    token: session.accessToken,
    email: credentials.email,
    address: user!.walletAddress!.toLowerCase() as Address,
  };
}

async function staff(role: 'admin' | 'finance' | 'support') {
  const p = await player();
  await grantRole(t.db, p.email, role, { actor: CLI_ACTOR, role: null, now: new Date() });
  return p;
}

function call(method: 'GET' | 'POST', url: string, token: string) {
  return t.app.fastify.inject({ method, url, headers: { authorization: token } });
}

/** A deposit as the scanner records it (pending), from a real transaction; the watcher is not run here. */
async function seenDeposit(to: Address, eth: string, overrides: Partial<typeof deposits.$inferInsert> = {}): Promise<string> {
  const hash = await sendEth(anvil, to, eth);
  const receipt = await t.chain!.publicClient.waitForTransactionReceipt({ hash });
  const [user] = await t.db
    .select()
    .from(users)
    .where(sql`lower(${users.walletAddress}) = ${to}`);
  const [row] = await t.db
    .insert(deposits)
    .values({
      chainId: DEV_CHAIN_ID,
      kind: 'transfer',
      txHash: hash.toLowerCase(),
      address: to,
      userId: user!.id,
      amount: parseEther(eth),
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      ...overrides,
    })
    .returning({ id: deposits.id });
  return row!.id;
}

const mine = (blocks: number) => rpc(anvil.rpcUrl, 'anvil_mine', [`0x${blocks.toString(16)}`]);
const auditCount = async (action: string, target: string) =>
  (
    await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND target = ${target}`,
    )
  ).rows[0]!.n;

describe('stuck deposits: credit now', () => {
  it('waits for the confirmations, then credits once under 10 simultaneous clicks, audited; a second click changes nothing', async () => {
    const p = await player();
    const finance = await staff('finance');
    const id = await seenDeposit(p.address, '0.3');
    // One confirmation of two: not due yet (and not listed).
    const early = await call('POST', `/api/admin/stuck/deposits/${id}/credit`, finance.token);
    expect(early.json()).toMatchObject({ changed: false, message: expect.stringContaining('confirmations') });
    await mine(3);
    const listed = (await call('GET', '/api/admin/stuck', finance.token)).json() as StuckResponse;
    expect(listed.items.find((item) => item.id === id)).toMatchObject({ kind: 'deposit_uncredited', actions: ['credit_now'] });

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', `/api/admin/stuck/deposits/${id}/credit`, finance.token)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => (answer.json() as { changed: boolean }).changed)).toHaveLength(1);
    expect(await balanceOf(t.db, LedgerAccounts.user(p.id))).toBe(parseEther('0.3'));
    expect((await t.db.select().from(deposits).where(eq(deposits.id, id)))[0]).toMatchObject({ status: 'credited' });
    expect(await auditCount('stuck.credit_deposit', `deposit:${id}`)).toBe(1);
    expect((await call('POST', `/api/admin/stuck/deposits/${id}/credit`, finance.token)).json()).toEqual({ changed: false });
    expect(await balanceOf(t.db, LedgerAccounts.user(p.id))).toBe(parseEther('0.3'));
    const after = (await call('GET', '/api/admin/stuck', finance.token)).json() as StuckResponse;
    expect(after.items.find((item) => item.id === id)).toBeUndefined();
  });

  it('refuses what the chain does not show (another amount, another block hash, an unknown transaction), audited; support may not click', async () => {
    const p = await player();
    const finance = await staff('finance');
    const support = await staff('support');
    const wrongAmount = await seenDeposit(p.address, '0.1', { amount: parseEther('1') });
    const wrongBlock = await seenDeposit(p.address, '0.1', { blockHash: `0x${'12'.repeat(32)}` });
    const [unknown] = await t.db
      .insert(deposits)
      .values({
        chainId: DEV_CHAIN_ID,
        kind: 'transfer',
        txHash: `0x${randomUUID().replaceAll('-', '').padEnd(64, '0')}` as Hex,
        address: p.address,
        userId: p.id,
        amount: 1n,
        blockNumber: 1n,
      })
      .returning({ id: deposits.id });
    await mine(3);
    for (const id of [wrongAmount, wrongBlock, unknown!.id]) {
      const answer = await call('POST', `/api/admin/stuck/deposits/${id}/credit`, finance.token);
      expect(answer.json()).toMatchObject({ changed: false, message: expect.stringContaining('chain does not show') });
      expect((await t.db.select().from(deposits).where(eq(deposits.id, id)))[0]).toMatchObject({ status: 'pending' });
      expect(await auditCount('stuck.credit_deposit.refused', `deposit:${id}`)).toBe(1);
    }
    expect(await balanceOf(t.db, LedgerAccounts.user(p.id))).toBe(0n);
    expect((await call('POST', `/api/admin/stuck/deposits/${wrongAmount}/credit`, support.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/stuck/deposits/${randomUUID()}/credit`, finance.token)).statusCode).toBe(404);
  });
});

describe('stuck sweeps', () => {
  it("a failed sweep has no action and is listed only while it is its address's latest sweep", async () => {
    const p = await player();
    const support = await staff('support');
    const failed = randomUUID();
    const at = new Date(Date.now() - 60_000);
    await t.db.insert(sweeps).values({
      id: failed,
      chainId: DEV_CHAIN_ID,
      address: p.address,
      txHash: `0x${'a1'.repeat(32)}`,
      nonce: 0,
      value: 1n,
      maxFee: 1n,
      status: 'failed',
      createdAt: at,
    });
    const listed = (await call('GET', '/api/admin/stuck', support.token)).json() as StuckResponse;
    expect(listed.items.find((item) => item.id === failed)).toMatchObject({ kind: 'sweep_failed', actions: [] });
    await t.db.insert(sweeps).values({
      chainId: DEV_CHAIN_ID,
      address: p.address,
      txHash: `0x${'a2'.repeat(32)}`,
      nonce: 1,
      value: 1n,
      maxFee: 1n,
      status: 'confirmed',
      createdAt: new Date(),
    });
    const after = (await call('GET', '/api/admin/stuck', support.token)).json() as StuckResponse;
    expect(after.items.find((item) => item.id === failed)).toBeUndefined();
  });
});
