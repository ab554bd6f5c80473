/**
 * Issue 23 (decision 029): four eyes on staff actions, tried as an insider
 * would, through the real stack (real anvil, real database). Nobody approves,
 * rejects, refunds, credits, resolves, freezes, unfreezes or signs out their
 * own case; support and finance never act on a staff account; a frozen staff
 * account has no console; above WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH two
 * different people approve (at once, or one person twice at once, included).
 * Every refusal is 403 with its text, changes nothing and is in the audit log.
 */
import {
  ADMIN_TEXTS,
  type AdminWithdrawalDecision,
  type FlagsResponse,
  type RefusalCode,
  type StuckResponse,
} from '@shifumi/protocol';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil, rpc } from '../src/infra/chain/anvil-testing';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { deposits, flags, users, withdrawalApprovals, withdrawals } from '../src/infra/db/schema/index';
import { CLI_ACTOR } from '../src/modules/admin/audit-log';
import { createPlayersAdmin } from '../src/modules/admin/players.service';
import { grantRole } from '../src/modules/admin/staff.repo';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import type { Logger } from '../src/shared/logger';
import { balanceOf, transfer } from '../src/modules/ledger/ledger.service';
import { postJson, signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, payerAccount, sendEth, startTestAnvil, type TestAnvil } from './support/test-chain';

let anvil: TestAnvil;
let t: TestApp;
let recipientIndex = 0;

beforeAll(async () => {
  anvil = await startTestAnvil();
  t = await createTestApp({
    chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '2', WITHDRAWAL_CONFIRMATIONS: '1' }),
    env: {
      WITHDRAWAL_REVIEW_ABOVE_ETH: '1',
      WITHDRAWAL_DAILY_LIMIT_ETH: '1000',
      WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH: '2',
      WITHDRAWALS_PER_HOUR: '1000',
    },
  });
});

afterAll(async () => {
  await t?.close();
  await anvil?.dispose();
});

type Role = 'admin' | 'finance' | 'support';
interface Person {
  id: string;
  token: string;
  email: string;
  password: string;
  address: Address;
}

const silent = {
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  child: () => silent,
  level: 'silent',
} as unknown as Logger;
const balance = (userId: string) => balanceOf(t.db, LedgerAccounts.user(userId));
const rowOf = async (id: string) => (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

async function fund(userId: string, eth: string): Promise<void> {
  await t.db.transaction((tx) =>
    transfer(tx, {
      idempotencyKey: `test-deposit:${randomUUID()}`,
      kind: 'deposit',
      legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(userId), amount: parseEther(eth) }],
    }),
  );
}

/** A signed-in, verified account holding `eth`; with a role, a staff member (granted as the CLI does). */
async function person(role?: Role, eth = '0'): Promise<Person> {
  const credentials = await signUp(t);
  const session = await signIn(t, credentials);
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
  if (eth !== '0') await fund(session.user.id, eth);
  if (role)
    expect((await grantRole(t.db, credentials.email, role, { actor: CLI_ACTOR, role: null, now: new Date() })).ok).toBe(true);
  const [user] = await t.db.select().from(users).where(eq(users.id, session.user.id));
  return {
    id: session.user.id,
    token: session.accessToken,
    email: credentials.email,
    password: credentials.password,
    address: user!.walletAddress!.toLowerCase() as Address,
  };
}

function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  return t.app.fastify.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function freshRecipient(): Address {
  recipientIndex += 1;
  return `0x${(0xfe0000 + recipientIndex).toString(16).padStart(40, '0')}` as Address;
}

async function cashout(token: string, amount: string): Promise<string> {
  const response = await postJson(
    t,
    '/api/wallet/cashout',
    { amount, recipientAddress: freshRecipient() },
    { authorization: token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

/** The audit rows of this action on this target, oldest first. */
async function audited(action: string, target: string) {
  const rows = await t.db.execute<{ actor: string; role: string | null; reason: string | null; after: unknown }>(
    sql`SELECT actor, role, reason, after FROM audit_log WHERE action = ${action} AND target = ${target} ORDER BY id`,
  );
  return rows.rows;
}

/** A refusal: 403 with exactly this code and text. */
function expectRefused(response: { statusCode: number; json: () => unknown }, code: RefusalCode, message: string): void {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ code, message });
}

const liveSessions = async (userId: string) =>
  (
    await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${userId} AND revoked_at IS NULL`,
    )
  ).rows[0]!.n;

async function settleAll(): Promise<void> {
  await pollUntil(
    async () => {
      await t.app.withdrawalSender!.tick();
      const open = await t.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM withdrawals WHERE status IN ('queued', 'sent')`,
      );
      return open.rows[0]!.n === 0 ? true : undefined;
    },
    30_000,
    'every withdrawal settled',
  );
}

describe('own withdrawals', () => {
  it('finance and admin cannot approve or reject their own withdrawal (403, nothing changes, audited); another member can', async () => {
    const finance = await person('finance', '3');
    const id = await cashout(finance.token, '1.5');
    const before = await balance(finance.id);

    expectRefused(
      await call('POST', `/api/admin/withdrawals/${id}/approve`, finance.token),
      'own_case',
      ADMIN_TEXTS.ownCase.approve,
    );
    expectRefused(
      await call('POST', `/api/admin/withdrawals/${id}/reject`, finance.token, { reason: 'Changed my mind' }),
      'own_case',
      ADMIN_TEXTS.ownCase.reject,
    );
    expect(await rowOf(id)).toMatchObject({ status: 'review', reviewedBy: null, rejectReason: null });
    expect(await balance(finance.id)).toBe(before);
    expect(await t.db.select().from(withdrawalApprovals).where(eq(withdrawalApprovals.withdrawalId, id))).toEqual([]);
    expect(await audited('withdrawal.approve.refused', `withdrawal:${id}`)).toEqual([
      expect.objectContaining({ actor: finance.id, role: 'finance', reason: 'own_case' }),
    ]);
    expect(await audited('withdrawal.reject.refused', `withdrawal:${id}`)).toEqual([
      expect.objectContaining({ actor: finance.id, role: 'finance', reason: 'own_case' }),
    ]);
    expect(await audited('withdrawal.approve', `withdrawal:${id}`)).toEqual([]);

    // An admin on their own withdrawal: the same.
    const admin = await person('admin', '3');
    const adminsOwn = await cashout(admin.token, '1.5');
    expectRefused(
      await call('POST', `/api/admin/withdrawals/${adminsOwn}/approve`, admin.token),
      'own_case',
      ADMIN_TEXTS.ownCase.approve,
    );
    expect((await rowOf(adminsOwn)).status).toBe('review');

    // A staff account's withdrawal is an admin's to decide: another finance member is refused, the admin approves it.
    const colleague = await person('finance');
    expectRefused(
      await call('POST', `/api/admin/withdrawals/${id}/approve`, colleague.token),
      'staff_account_admin_only',
      ADMIN_TEXTS.staffAccountAdminOnly,
    );
    expect(await audited('withdrawal.approve.refused', `withdrawal:${id}`)).toHaveLength(2);
    const approved = await call('POST', `/api/admin/withdrawals/${id}/approve`, admin.token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      changed: true,
      approvals: 1,
      withdrawal: { status: 'queued', userRole: 'finance', approvedBy: [{ userId: admin.id }] },
    });
    // The other admin's: rejected by the first admin's colleague admin, not by finance.
    const otherAdmin = await person('admin');
    const rejected = await call('POST', `/api/admin/withdrawals/${adminsOwn}/reject`, otherAdmin.token, { reason: 'Not now' });
    expect(rejected.json()).toMatchObject({ changed: true, withdrawal: { status: 'rejected' } });
    await settleAll();
  });

  it("the database refuses an approval or a decision by the withdrawal's owner, whatever the code does", async () => {
    const finance = await person('finance', '3');
    const id = await cashout(finance.token, '1.5');
    await expect(t.db.insert(withdrawalApprovals).values({ withdrawalId: id, staffUserId: finance.id })).rejects.toThrow();
    await expect(t.db.update(withdrawals).set({ reviewedBy: finance.id }).where(eq(withdrawals.id, id))).rejects.toThrow();
    const admin = await person('admin');
    expect((await call('POST', `/api/admin/withdrawals/${id}/reject`, admin.token, { reason: 'Test cleanup' })).statusCode).toBe(
      200,
    );
  });
});

describe('flags', () => {
  it('nobody resolves a flag that names them; a flag naming a staff account is resolved by an admin only', async () => {
    const support = await person('support');
    const player = await person();
    const [named] = await t.db
      .insert(flags)
      .values({ rule: 'test', userId: player.id, otherUserId: support.id, evidence: {}, dedupeKey: `test:${randomUUID()}` })
      .returning();
    const target = `flag:${named!.id}`;
    expectRefused(
      await call('POST', `/api/admin/flags/${named!.id}/resolve`, support.token, {
        resolution: 'dismissed',
        note: 'Nothing here',
      }),
      'own_case',
      ADMIN_TEXTS.ownCase.resolveFlag,
    );
    // Another support member: the flag names a staff account.
    const colleague = await person('support');
    expectRefused(
      await call('POST', `/api/admin/flags/${named!.id}/resolve`, colleague.token, {
        resolution: 'dismissed',
        note: 'Nothing here',
      }),
      'staff_account_admin_only',
      ADMIN_TEXTS.staffAccountAdminOnly,
    );
    expect((await t.db.select().from(flags).where(eq(flags.id, named!.id)))[0]).toMatchObject({
      status: 'open',
      resolvedBy: null,
    });
    expect((await audited('flag.resolve.refused', target)).map((row) => [row.actor, row.reason])).toEqual([
      [support.id, 'own_case'],
      [colleague.id, 'staff_account'],
    ]);
    // The console is told whose flag it is.
    const listed = (await call('GET', '/api/admin/flags?status=open', colleague.token)).json() as FlagsResponse;
    expect(listed.flags.find((flag) => flag.id === named!.id)).toMatchObject({ userRole: null, otherUserRole: 'support' });

    // The account a flag names first, as an admin: refused too.
    const admin = await person('admin');
    const [own] = await t.db
      .insert(flags)
      .values({ rule: 'test', userId: admin.id, evidence: {}, dedupeKey: `test:${randomUUID()}` })
      .returning();
    expectRefused(
      await call('POST', `/api/admin/flags/${own!.id}/resolve`, admin.token, { resolution: 'dismissed', note: 'Mine is fine' }),
      'own_case',
      ADMIN_TEXTS.ownCase.resolveFlag,
    );
    // Another admin resolves both.
    const otherAdmin = await person('admin');
    expect(
      (
        await call('POST', `/api/admin/flags/${named!.id}/resolve`, otherAdmin.token, {
          resolution: 'dismissed',
          note: 'Checked',
        })
      ).json(),
    ).toEqual({ changed: true });
    expect(
      (
        await call('POST', `/api/admin/flags/${own!.id}/resolve`, otherAdmin.token, { resolution: 'confirmed', note: 'Checked' })
      ).json(),
    ).toEqual({ changed: true });
    await expect(
      t.db.execute(sql`UPDATE flags SET status = 'open', resolved_at = NULL, resolved_by = NULL WHERE id = ${own!.id}`),
    ).resolves.toBeDefined();
    // The database refuses a resolution by an account the flag names.
    await expect(
      t.db.execute(
        sql`UPDATE flags SET status = 'dismissed', resolved_at = now(), resolved_by = ${admin.id} WHERE id = ${own!.id}`,
      ),
    ).rejects.toThrow();
  });
});

describe('players', () => {
  it('support cannot freeze, unfreeze or sign out their own account (403, nothing changes, audited)', async () => {
    const support = await person('support');
    const target = `user:${support.id}`;
    expectRefused(
      await call('POST', `/api/admin/players/${support.id}/freeze`, support.token, { reason: 'Test' }),
      'own_case',
      ADMIN_TEXTS.ownCase.freeze,
    );
    expectRefused(
      await call('POST', `/api/admin/players/${support.id}/unfreeze`, support.token, { reason: 'Test' }),
      'own_case',
      ADMIN_TEXTS.ownCase.unfreeze,
    );
    expectRefused(
      await call('POST', `/api/admin/players/${support.id}/revoke-sessions`, support.token, { reason: 'Test' }),
      'own_case',
      ADMIN_TEXTS.ownCase.revokeSessions,
    );
    expect((await t.db.select({ frozenAt: users.frozenAt }).from(users).where(eq(users.id, support.id)))[0]!.frozenAt).toBeNull();
    expect(await liveSessions(support.id)).toBe(1);
    for (const action of ['player.freeze', 'player.unfreeze', 'player.revoke_sessions']) {
      expect(await audited(`${action}.refused`, target)).toEqual([
        expect.objectContaining({ actor: support.id, role: 'support', reason: 'own_case' }),
      ]);
      expect(await audited(action, target)).toEqual([]);
    }
    // The unfreeze of one's own frozen account is refused by the module too (the route never gets there: a frozen staff account has no console).
    const admin = await person('admin');
    expect(
      (await call('POST', `/api/admin/players/${support.id}/freeze`, admin.token, { reason: 'Investigation' })).json(),
    ).toEqual({ changed: true });
    const players = createPlayersAdmin({
      db: t.db,
      clock: () => new Date(),
      logger: silent,
      disconnects: { sessionsEnded: () => undefined },
      secondApprovalAboveWei: 0n,
    });
    expect(
      await players.unfreeze(support.id, 'Let me out', {
        userId: support.id,
        sessionId: randomUUID(),
        role: 'support',
        ip: '127.0.0.1',
      }),
    ).toEqual({ found: true, refused: 'own_case', action: 'unfreeze' });
    expect(
      (await t.db.select({ frozenAt: users.frozenAt }).from(users).where(eq(users.id, support.id)))[0]!.frozenAt,
    ).not.toBeNull();
    // Admins too.
    expectRefused(
      await call('POST', `/api/admin/players/${admin.id}/revoke-sessions`, admin.token, { reason: 'Test' }),
      'own_case',
      ADMIN_TEXTS.ownCase.revokeSessions,
    );
    expect(await liveSessions(admin.id)).toBe(1);
  });

  it('support cannot freeze, unfreeze or sign out a staff account; an admin can', async () => {
    const support = await person('support');
    for (const role of ['admin', 'finance', 'support'] as const) {
      const member = await person(role);
      const target = `user:${member.id}`;
      expectRefused(
        await call('POST', `/api/admin/players/${member.id}/freeze`, support.token, { reason: 'Test' }),
        'staff_account_admin_only',
        ADMIN_TEXTS.staffAccountAdminOnly,
      );
      expectRefused(
        await call('POST', `/api/admin/players/${member.id}/revoke-sessions`, support.token, { reason: 'Test' }),
        'staff_account_admin_only',
        ADMIN_TEXTS.staffAccountAdminOnly,
      );
      expect(await liveSessions(member.id)).toBe(1);
      expect((await audited('player.freeze.refused', target)).map((row) => [row.actor, row.reason])).toEqual([
        [support.id, 'staff_account'],
      ]);
      expect((await audited('player.revoke_sessions.refused', target)).map((row) => [row.actor, row.reason])).toEqual([
        [support.id, 'staff_account'],
      ]);
    }
    // An admin freezes a finance member; support may not unfreeze them.
    const admin = await person('admin');
    const finance = await person('finance');
    expect(
      (await call('POST', `/api/admin/players/${finance.id}/freeze`, admin.token, { reason: 'Investigation' })).json(),
    ).toEqual({ changed: true });
    expectRefused(
      await call('POST', `/api/admin/players/${finance.id}/unfreeze`, support.token, { reason: 'Let them out' }),
      'staff_account_admin_only',
      ADMIN_TEXTS.staffAccountAdminOnly,
    );
    expect(
      (await t.db.select({ frozenAt: users.frozenAt }).from(users).where(eq(users.id, finance.id)))[0]!.frozenAt,
    ).not.toBeNull();
    expect((await audited('player.unfreeze.refused', `user:${finance.id}`)).map((row) => row.reason)).toEqual(['staff_account']);
    // A player is still support's to act on.
    const player = await person();
    expect(
      (await call('POST', `/api/admin/players/${player.id}/freeze`, support.token, { reason: 'Chargeback' })).json(),
    ).toEqual({ changed: true });
  });

  it('a frozen staff account has no console: 403 on every admin route, /api/admin/me included, until an admin unfreezes it', async () => {
    const finance = await person('finance', '3');
    const pending = await cashout((await person(undefined, '3')).token, '1.5');
    const admin = await person('admin');
    expect(
      (await call('POST', `/api/admin/players/${finance.id}/freeze`, admin.token, { reason: 'Stolen laptop' })).json(),
    ).toEqual({ changed: true });
    // Signing in still works for a frozen account: the console does not.
    const again = await signIn(t, finance);
    for (const [method, url] of [
      ['GET', '/api/admin/me'],
      ['GET', '/api/admin/overview'],
      ['GET', '/api/admin/withdrawals?status=review'],
      ['GET', `/api/admin/players/${finance.id}`],
      ['POST', `/api/admin/withdrawals/${pending}/approve`],
      ['POST', '/api/admin/ledger-check'],
    ] as const) {
      expectRefused(await call(method, url, again.accessToken), 'staff_frozen', ADMIN_TEXTS.staffFrozen);
    }
    expect((await rowOf(pending)).status).toBe('review');
    const refusals = await t.db.execute<{ reason: string; target: string }>(
      sql`SELECT reason, target FROM audit_log WHERE actor = ${finance.id} AND action = 'access.refused' ORDER BY id`,
    );
    expect(refusals.rows.map((row) => row.reason)).toEqual(Array.from({ length: 6 }, () => 'staff_frozen'));
    expect(refusals.rows[0]!.target).toBe('GET /api/admin/me');

    expect(
      (await call('POST', `/api/admin/players/${finance.id}/unfreeze`, admin.token, { reason: 'Laptop found' })).json(),
    ).toEqual({ changed: true });
    const me = await call('GET', '/api/admin/me', again.accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userId: finance.id, role: 'finance' });
    expect((await call('POST', `/api/admin/withdrawals/${pending}/approve`, again.accessToken)).json()).toMatchObject({
      changed: true,
      withdrawal: { status: 'queued' },
    });
    await settleAll();
  });
});

/** A deposit as the scanner records it (pending), from a real transaction to `to`, with its confirmations. */
async function seenDeposit(owner: Person, eth: string): Promise<string> {
  const hash = await sendEth(anvil, owner.address, eth);
  const receipt = await t.chain!.publicClient.waitForTransactionReceipt({ hash });
  const [row] = await t.db
    .insert(deposits)
    .values({
      chainId: DEV_CHAIN_ID,
      kind: 'transfer',
      txHash: hash.toLowerCase(),
      address: owner.address,
      userId: owner.id,
      amount: parseEther(eth),
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
    })
    .returning({ id: deposits.id });
  await rpc(anvil.rpcUrl, 'anvil_mine', ['0x3']);
  return row!.id;
}

describe('stuck money', () => {
  it("nobody credits a stuck deposit to themselves; a staff account's deposit is credited by an admin only", async () => {
    const finance = await person('finance');
    const id = await seenDeposit(finance, '0.2');
    const listed = (await call('GET', '/api/admin/stuck', finance.token)).json() as StuckResponse;
    expect(listed.items).toContainEqual(
      expect.objectContaining({ kind: 'deposit_uncredited', id, owner: { userId: finance.id, role: 'finance' } }),
    );

    expectRefused(
      await call('POST', `/api/admin/stuck/deposits/${id}/credit`, finance.token),
      'own_case',
      ADMIN_TEXTS.ownCase.creditDeposit,
    );
    const colleague = await person('finance');
    expectRefused(
      await call('POST', `/api/admin/stuck/deposits/${id}/credit`, colleague.token),
      'staff_account_admin_only',
      ADMIN_TEXTS.staffAccountAdminOnly,
    );
    expect((await t.db.select({ status: deposits.status }).from(deposits).where(eq(deposits.id, id)))[0]!.status).toBe('pending');
    expect(await balance(finance.id)).toBe(0n);
    expect((await audited('stuck.credit_deposit.refused', `deposit:${id}`)).map((row) => [row.actor, row.reason])).toEqual([
      [finance.id, 'own_case'],
      [colleague.id, 'staff_account'],
    ]);

    // An admin's own deposit: refused too; another admin credits both.
    const admin = await person('admin');
    const adminsOwn = await seenDeposit(admin, '0.1');
    expectRefused(
      await call('POST', `/api/admin/stuck/deposits/${adminsOwn}/credit`, admin.token),
      'own_case',
      ADMIN_TEXTS.ownCase.creditDeposit,
    );
    const otherAdmin = await person('admin');
    expect((await call('POST', `/api/admin/stuck/deposits/${id}/credit`, otherAdmin.token)).json()).toEqual({ changed: true });
    expect((await call('POST', `/api/admin/stuck/deposits/${adminsOwn}/credit`, otherAdmin.token)).json()).toEqual({
      changed: true,
    });
    expect(await balance(finance.id)).toBe(parseEther('0.2'));
  });

  it('nobody fails-and-refunds their own withdrawal whose nonce was taken; an admin does it once', async () => {
    const finance = await person('finance', '1');
    await rpc(anvil.rpcUrl, 'evm_setAutomine', [false]);
    let id: string;
    try {
      id = await cashout(finance.token, '0.3');
      await t.app.withdrawalSender!.tick();
      const sent = await rowOf(id);
      expect(sent.status).toBe('sent');
      // Its transaction leaves the mempool and another one from the hot wallet takes the nonce.
      const pending = await rpc<{ pending: Record<string, Record<string, { hash: string }>> }>(anvil.rpcUrl, 'txpool_content');
      for (const byNonce of Object.values(pending.pending))
        for (const transaction of Object.values(byNonce)) await rpc(anvil.rpcUrl, 'anvil_dropTransaction', [transaction.hash]);
      await t.chain!.hotWallet.sendTransaction({ to: payerAccount(6).address, value: 1n, nonce: sent.nonce! });
      await rpc(anvil.rpcUrl, 'evm_mine');
    } finally {
      await rpc(anvil.rpcUrl, 'evm_setAutomine', [true]);
    }
    const listed = (await call('GET', '/api/admin/stuck', finance.token)).json() as StuckResponse;
    expect(listed.items).toContainEqual(
      expect.objectContaining({ kind: 'withdrawal_nonce_taken', id, owner: { userId: finance.id, role: 'finance' } }),
    );
    const before = await balance(finance.id);
    expectRefused(
      await call('POST', `/api/admin/stuck/withdrawals/${id}/fail-and-refund`, finance.token),
      'own_case',
      ADMIN_TEXTS.ownCase.failAndRefund,
    );
    const colleague = await person('finance');
    expectRefused(
      await call('POST', `/api/admin/stuck/withdrawals/${id}/fail-and-refund`, colleague.token),
      'staff_account_admin_only',
      ADMIN_TEXTS.staffAccountAdminOnly,
    );
    expect((await rowOf(id)).status).toBe('sent');
    expect(await balance(finance.id)).toBe(before);
    expect((await audited('stuck.fail_and_refund.refused', `withdrawal:${id}`)).map((row) => [row.actor, row.reason])).toEqual([
      [finance.id, 'own_case'],
      [colleague.id, 'staff_account'],
    ]);
    const admin = await person('admin');
    expect((await call('POST', `/api/admin/stuck/withdrawals/${id}/fail-and-refund`, admin.token)).json()).toEqual({
      changed: true,
    });
    const row = await rowOf(id);
    expect(row.status).toBe('failed');
    expect(await balance(finance.id)).toBe(before + row.amount + row.fee);
  });

  it("taking over a stuck game is for admin and support (the README's table)", async () => {
    const finance = await person('finance');
    const response = await call('POST', `/api/admin/stuck/games/${randomUUID()}/take-over`, finance.token);
    expectRefused(response, 'wrong_role', ADMIN_TEXTS.wrongRole('finance'));
    const support = await person('support');
    expect((await call('POST', `/api/admin/stuck/games/${randomUUID()}/take-over`, support.token)).statusCode).toBe(200);
  });
});

describe('two people for large withdrawals', () => {
  it('above the threshold: the first approval leaves it in review with 1 approval, the same person again changes nothing, a second person sends it', async () => {
    const player = await person(undefined, '10');
    const first = await person('finance');
    const second = await person('admin');
    const id = await cashout(player.token, '3');

    const one = await call('POST', `/api/admin/withdrawals/${id}/approve`, first.token);
    expect(one.statusCode).toBe(200);
    const decision = one.json() as AdminWithdrawalDecision;
    expect(decision).toMatchObject({
      changed: true,
      approvals: 1,
      withdrawal: { status: 'review', approvals: 1, approvalsRequired: 2 },
    });
    expect(decision.withdrawal.approvedBy).toEqual([
      { userId: first.id, name: expect.any(String) as string, at: expect.any(String) as string },
    ]);
    // The same person again: nothing more.
    expect((await call('POST', `/api/admin/withdrawals/${id}/approve`, first.token)).json()).toMatchObject({
      changed: false,
      approvals: 1,
      withdrawal: { status: 'review' },
    });
    // The sender does not touch it.
    await t.app.withdrawalSender!.tick();
    expect((await rowOf(id)).status).toBe('review');
    const listed = (await call('GET', '/api/admin/withdrawals?status=review', first.token)).json() as {
      withdrawals: AdminWithdrawalDecision['withdrawal'][];
    };
    expect(listed.withdrawals.find((item) => item.id === id)).toMatchObject({
      approvals: 1,
      approvalsRequired: 2,
      approvedBy: [{ userId: first.id }],
    });

    const two = await call('POST', `/api/admin/withdrawals/${id}/approve`, second.token);
    expect(two.json()).toMatchObject({
      changed: true,
      approvals: 2,
      withdrawal: { status: 'queued', reviewedBy: second.id, approvedBy: [{ userId: first.id }, { userId: second.id }] },
    });
    expect(
      (await audited('withdrawal.approve', `withdrawal:${id}`)).map((row) => [
        row.actor,
        (row.after as { status: string }).status,
      ]),
    ).toEqual([
      [first.id, 'review'],
      [second.id, 'queued'],
    ]);
    await settleAll();
    expect((await rowOf(id)).status).toBe('confirmed');

    // At or below the threshold one approval is enough.
    const small = await cashout(player.token, '1.5');
    expect((await call('POST', `/api/admin/withdrawals/${small}/approve`, first.token)).json()).toMatchObject({
      changed: true,
      approvals: 1,
      withdrawal: { status: 'queued', approvalsRequired: 1 },
    });
    await settleAll();
  });

  it('two different staff approving at once send it once, with two approvals; one person approving five times at once is one approval', async () => {
    const player = await person(undefined, '10');
    const a = await person('finance');
    const b = await person('finance');
    const together = await cashout(player.token, '2.5');
    const answers = await Promise.all(
      [a, b, a, b].map((staff) => call('POST', `/api/admin/withdrawals/${together}/approve`, staff.token)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((answer) => (answer.json() as AdminWithdrawalDecision).changed)).toHaveLength(2);
    expect(await rowOf(together)).toMatchObject({ status: 'queued' });
    expect(await t.db.select().from(withdrawalApprovals).where(eq(withdrawalApprovals.withdrawalId, together))).toHaveLength(2);
    expect(await audited('withdrawal.approve', `withdrawal:${together}`)).toHaveLength(2);

    const alone = await cashout(player.token, '2.5');
    const same = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `/api/admin/withdrawals/${alone}/approve`, a.token)),
    );
    expect(same.filter((answer) => (answer.json() as AdminWithdrawalDecision).changed)).toHaveLength(1);
    expect(same.map((answer) => (answer.json() as AdminWithdrawalDecision).approvals)).toEqual([1, 1, 1, 1, 1]);
    expect(await rowOf(alone)).toMatchObject({ status: 'review' });
    expect(await audited('withdrawal.approve', `withdrawal:${alone}`)).toHaveLength(1);
    // Rejected after one approval: the money comes back; a late second approval changes nothing.
    const before = await balance(player.id);
    expect(
      (await call('POST', `/api/admin/withdrawals/${alone}/reject`, b.token, { reason: 'Source of funds unclear' })).json(),
    ).toMatchObject({ changed: true });
    expect(await balance(player.id)).toBe(before + (await rowOf(alone)).amount + (await rowOf(alone)).fee);
    expect((await call('POST', `/api/admin/withdrawals/${alone}/approve`, b.token)).json()).toMatchObject({
      changed: false,
      withdrawal: { status: 'rejected' },
    });
    await settleAll();
    expect((await rowOf(together)).status).toBe('confirmed');
  });
});
