/**
 * Issue 18: the operator's console through the real stack (real anvil, real
 * database): role checks on every admin route with each refusal in the audit
 * log, the staff CLIs, two-factor for staff, the append-only audit log,
 * withdrawal review (20 simultaneous approvals → one payment, reject refunds
 * exactly, approve and reject after each other move nothing), freezing
 * (no play, no withdrawal, sessions signed out with force_disconnect, sign-in
 * and balance still work), search, and solvency going red when a deposit
 * address is emptied behind the ledger's back.
 */
import {
  ADMIN_TEXTS,
  SOCKET_PATH,
  WITHDRAWAL_REVIEW_EXPECTED_HOURS,
  type AdminOverview,
  type AdminWithdrawalDecision,
  type AuditResponse,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@shifumi/protocol';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil, rpc } from '../src/infra/chain/anvil-testing';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { accountSecurity, deposits, flags, users, withdrawals } from '../src/infra/db/schema/index';
import { CLI_ACTOR } from '../src/modules/admin/audit-log';
import { createStaffAccess } from '../src/modules/admin/staff-access';
import { grantRole } from '../src/modules/admin/staff.repo';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf, transfer } from '../src/modules/ledger/ledger.service';
import { runStaffCommand } from '../src/scripts/staff';
import { getAccount, postJson, signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, startTestAnvil, type TestAnvil } from './support/test-chain';

let anvil: TestAnvil;
let t: TestApp;
let baseUrl: string;
let recipientIndex = 0;

beforeAll(async () => {
  anvil = await startTestAnvil();
  t = await createTestApp({
    chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '1', WITHDRAWAL_CONFIRMATIONS: '1' }),
    env: { WITHDRAWAL_REVIEW_ABOVE_ETH: '1', WITHDRAWAL_DAILY_LIMIT_ETH: '5', WITHDRAWALS_PER_HOUR: '1000' },
  });
  baseUrl = await t.listen();
});

afterAll(async () => {
  await t?.close();
  await anvil?.dispose();
});

const silent = {
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
};
const balance = (userId: string) => balanceOf(t.db, LedgerAccounts.user(userId));
const rowOf = async (id: string) => (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

function freshRecipient(): Address {
  recipientIndex += 1;
  return `0x${(0xadd000 + recipientIndex).toString(16).padStart(40, '0')}` as Address;
}

async function fund(userId: string, eth: string): Promise<void> {
  await t.db.transaction((tx) =>
    transfer(tx, {
      idempotencyKey: `test-deposit:${randomUUID()}`,
      kind: 'deposit',
      legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(userId), amount: parseEther(eth) }],
    }),
  );
}

/** A signed-in, verified player holding `eth`. */
async function player(eth = '0') {
  const credentials = await signUp(t);
  const session = await signIn(t, credentials);
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
  if (eth !== '0') await fund(session.user.id, eth);
  return { id: session.user.id, token: session.accessToken, email: credentials.email, password: credentials.password };
}

/** A signed-in staff member (granted through the CLI's code path, as `cli`). */
async function staff(role: 'admin' | 'finance' | 'support') {
  const p = await player();
  const granted = await grantRole(t.db, p.email, role, { actor: CLI_ACTOR, role: null, now: new Date() });
  expect(granted.ok).toBe(true);
  return p;
}

function call(method: 'GET' | 'POST', url: string, token: string | undefined, payload?: unknown) {
  return t.app.fastify.inject({
    method,
    url,
    headers: token === undefined ? {} : { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function auditOf(filter: string): Promise<AuditResponse['entries']> {
  const admin = await staff('admin');
  const response = await call('GET', `/api/admin/audit?${filter}`, admin.token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AuditResponse).entries;
}

async function cashout(token: string, amount: string) {
  const response = await postJson(
    t,
    '/api/wallet/cashout',
    { amount, recipientAddress: freshRecipient() },
    { authorization: token },
  );
  return response;
}

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

describe('staff access', () => {
  const someId = randomUUID();
  const routes: Array<{ method: 'GET' | 'POST'; url: string; roles: string[]; body?: unknown }> = [
    { method: 'GET', url: '/api/admin/me', roles: ['admin', 'finance', 'support'] },
    { method: 'GET', url: '/api/admin/overview', roles: ['admin', 'finance', 'support'] },
    { method: 'POST', url: '/api/admin/ledger-check', roles: ['admin', 'finance'] },
    { method: 'GET', url: '/api/admin/withdrawals?status=review', roles: ['admin', 'finance', 'support'] },
    { method: 'POST', url: `/api/admin/withdrawals/${someId}/approve`, roles: ['admin', 'finance'] },
    { method: 'POST', url: `/api/admin/withdrawals/${someId}/reject`, roles: ['admin', 'finance'], body: { reason: 'r' } },
    { method: 'GET', url: '/api/admin/players?q=ann', roles: ['admin', 'finance', 'support'] },
    { method: 'GET', url: `/api/admin/players/${someId}`, roles: ['admin', 'finance', 'support'] },
    { method: 'POST', url: `/api/admin/players/${someId}/freeze`, roles: ['admin', 'support'], body: { reason: 'r' } },
    { method: 'POST', url: `/api/admin/players/${someId}/unfreeze`, roles: ['admin', 'support'], body: { reason: 'r' } },
    { method: 'POST', url: `/api/admin/players/${someId}/revoke-sessions`, roles: ['admin', 'support'], body: { reason: 'r' } },
    { method: 'GET', url: '/api/admin/games', roles: ['admin', 'finance', 'support'] },
    { method: 'GET', url: `/api/admin/games/${someId}`, roles: ['admin', 'finance', 'support'] },
    { method: 'GET', url: `/api/admin/games/${someId}/transcript`, roles: ['admin', 'finance', 'support'] },
    { method: 'GET', url: '/api/admin/stuck', roles: ['admin', 'finance', 'support'] },
    { method: 'POST', url: `/api/admin/stuck/games/${someId}/take-over`, roles: ['admin', 'support'] },
    { method: 'POST', url: `/api/admin/stuck/withdrawals/${someId}/fail-and-refund`, roles: ['admin', 'finance'] },
    { method: 'POST', url: `/api/admin/stuck/deposits/${someId}/credit`, roles: ['admin', 'finance'] },
    { method: 'GET', url: '/api/admin/flags?status=open', roles: ['admin', 'finance', 'support'] },
    { method: 'POST', url: '/api/admin/flags/scan', roles: ['admin', 'support'] },
    {
      method: 'POST',
      url: `/api/admin/flags/${someId}/resolve`,
      roles: ['admin', 'support'],
      body: { resolution: 'dismissed', note: 'n' },
    },
    { method: 'GET', url: '/api/admin/audit', roles: ['admin'] },
    { method: 'GET', url: '/api/admin/mails?status=failed', roles: ['admin', 'finance', 'support'] },
    { method: 'POST', url: '/api/admin/staff/grant', roles: ['admin'], body: { email: 'nobody@example.com', role: 'support' } },
    { method: 'POST', url: '/api/admin/staff/revoke', roles: ['admin'], body: { email: 'nobody@example.com' } },
  ];

  it('checks every admin route against the role: no token, a player and the wrong role get 403, and each refusal is audited', async () => {
    const people = {
      admin: await staff('admin'),
      finance: await staff('finance'),
      support: await staff('support'),
      player: await player(),
    };
    for (const route of routes) {
      const anonymous = await call(route.method, route.url, undefined, route.body);
      expect({ route: route.url, status: anonymous.statusCode }).toEqual({ route: route.url, status: 403 });
      for (const [who, person] of Object.entries(people)) {
        const response = await call(route.method, route.url, person.token, route.body);
        const allowed = route.roles.includes(who);
        // Allowed: anything but 403 (404 for the made-up ids, 200 otherwise).
        expect({ route: route.url, who, refused: response.statusCode === 403 }, response.body).toEqual({
          route: route.url,
          who,
          refused: !allowed,
        });
        if (!allowed) {
          expect((response.json() as { message: string }).message).toBe(
            who === 'player' ? ADMIN_TEXTS.notStaff : ADMIN_TEXTS.wrongRole(who as 'finance'),
          );
        }
      }
    }
    const refusedPlayer = await auditOf(`actor=${people.player.id}&action=access.refused`);
    expect(refusedPlayer).toHaveLength(routes.length);
    expect(refusedPlayer[0]).toMatchObject({
      actor: people.player.id,
      role: null,
      reason: 'not_staff',
      action: 'access.refused',
    });
    const refusedSupport = await auditOf(`actor=${people.support.id}&action=access.refused`);
    expect(refusedSupport.map((entry) => entry.target)).toContain(`POST /api/admin/withdrawals/${someId}/approve`);
    expect(refusedSupport.every((entry) => entry.role === 'support' && entry.reason === 'wrong_role')).toBe(true);
    expect((await auditOf('actor=anonymous')).length).toBeGreaterThanOrEqual(routes.length);
  });

  it('GET /api/admin/me answers the role; a revoked role is refused at once', async () => {
    const finance = await staff('finance');
    expect((await call('GET', '/api/admin/me', finance.token)).json()).toMatchObject({ userId: finance.id, role: 'finance' });
    const admin = await staff('admin');
    const revoke = await call('POST', '/api/admin/staff/revoke', admin.token, { email: finance.email });
    expect(revoke.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/me', finance.token)).statusCode).toBe(403);
    const entries = await auditOf(`action=staff.revoke&target=user:${finance.id}`);
    expect(entries[0]).toMatchObject({ actor: admin.id, role: 'admin', before: { role: 'finance' }, after: { role: null } });
  });

  it('with STAFF_REQUIRE_2FA, staff without two-factor are refused; with it, only sessions opened after turning it on pass', async () => {
    const access = createStaffAccess({
      db: t.db,
      authenticate: (header) => t.app.auth.authenticate(header),
      requireTwoFactor: true,
      logger: silent,
    });
    const finance = await staff('finance');
    const request = { headers: { authorization: finance.token }, method: 'GET', url: '/api/admin/overview', ip: '203.0.113.9' };
    await expect(access.authorize(request, ['finance'])).rejects.toMatchObject({ refusal: { code: 'staff_needs_two_factor' } });
    // Two-factor turned on after this session was opened: sign-in never asked for the code.
    await t.db
      .insert(accountSecurity)
      .values({ userId: finance.id, totpSecret: 'sealed', twoFactorEnabledAt: new Date(Date.now() + 60_000) });
    await expect(access.authorize(request, ['finance'])).rejects.toMatchObject({ refusal: { code: 'staff_sign_in_again' } });
    await t.db
      .update(accountSecurity)
      .set({ twoFactorEnabledAt: new Date(Date.now() - 60_000) })
      .where(eq(accountSecurity.userId, finance.id));
    await expect(access.authorize(request, ['finance'])).resolves.toMatchObject({
      userId: finance.id,
      role: 'finance',
      ip: '203.0.113.9',
    });
    const refusals = await auditOf(`actor=${finance.id}&action=access.refused`);
    expect(refusals.map((entry) => entry.reason)).toEqual(['two_factor_step', 'two_factor_missing']);
    expect(refusals[0]!.ip).toBe('203.0.113.9');
  });

  it('staff:grant and staff:revoke (the CLI) change the role and write the audit log as cli', async () => {
    if (!t.databaseUrl) return; // The CLI opens its own connection: PostgreSQL only (an in-memory PGlite is this process's).
    const p = await player();
    const lines: string[] = [];
    const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const env = { DATABASE_URL: t.databaseUrl, NODE_ENV: 'test', DATA_DIR: '/nonexistent/shifumi-data' };
    expect(await runStaffCommand(['grant', p.email.toUpperCase(), 'finance'], env, out)).toBe(0);
    expect((await call('GET', '/api/admin/me', p.token)).json()).toMatchObject({ role: 'finance' });
    expect(await runStaffCommand(['grant', p.email, 'boss'], env, out)).toBe(2);
    expect(await runStaffCommand(['grant', 'nobody-here@example.com', 'admin'], env, out)).toBe(1);
    expect(await runStaffCommand(['revoke', p.email], env, out)).toBe(0);
    expect((await call('GET', '/api/admin/me', p.token)).statusCode).toBe(403);
    const entries = await auditOf(`target=user:${p.id}`);
    expect(entries.map((entry) => [entry.actor, entry.action, entry.after])).toEqual([
      ['cli', 'staff.revoke', { role: null }],
      ['cli', 'staff.grant', { role: 'finance' }],
    ]);
    expect(lines.join('\n')).toContain('player → finance');
  });
});

describe('audit log', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await staff('admin');
    await expect(t.db.execute(sql`UPDATE audit_log SET actor = 'someone else'`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    const rows = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE actor = 'someone else'`);
    expect(rows.rows[0]!.n).toBe(0);
  });
});

describe('withdrawal review', () => {
  it('sends small withdrawals as usual; above the threshold, over the day or with an open flag they wait in review, unsent', async () => {
    const p = await player('12');
    const small = await cashout(p.token, '0.5');
    expect(small.json()).toMatchObject({ status: 'queued' });
    const big = await cashout(p.token, '1.5');
    expect(big.statusCode).toBe(201);
    expect(big.json()).toMatchObject({ status: 'review' });
    // 0.5 + 1.5 + 1 + 1 + 1 = 5; the next one passes 5 ETH in 24 h.
    for (let i = 0; i < 3; i += 1) expect((await cashout(p.token, '1')).json()).toMatchObject({ status: 'queued' });
    const overDay = await cashout(p.token, '0.25');
    expect(overDay.json()).toMatchObject({ status: 'review' });
    expect((await rowOf((overDay.json() as { id: string }).id)).reviewReason).toBe(ADMIN_TEXTS.reviewReasons.dailyLimit('5'));

    const flagged = await player('1');
    await t.db.insert(flags).values({ rule: 'test', userId: flagged.id, evidence: {}, dedupeKey: `test:${flagged.id}` });
    const fromFlagged = await cashout(flagged.token, '0.1');
    expect(fromFlagged.json()).toMatchObject({ status: 'review' });

    await settleAll();
    expect((await rowOf((big.json() as { id: string }).id)).status).toBe('review');
    const account = (await getAccount(t, p.token)).json() as { withdrawals: Array<{ id: string; status: string }> };
    expect(account.withdrawals.find((item) => item.id === (big.json() as { id: string }).id)).toMatchObject({ status: 'review' });

    const finance = await staff('finance');
    const list = await call('GET', '/api/admin/withdrawals?status=review', finance.token);
    const ids = (list.json() as { withdrawals: Array<{ id: string; reviewReason: string }> }).withdrawals.map((item) => item.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        (big.json() as { id: string }).id,
        (overDay.json() as { id: string }).id,
        (fromFlagged.json() as { id: string }).id,
      ]),
    );
    // Leave nothing waiting for later tests' settleAll.
    for (const id of ids)
      expect(
        (await call('POST', `/api/admin/withdrawals/${id}/reject`, finance.token, { reason: 'Test cleanup' })).statusCode,
      ).toBe(200);
  });

  it('20 simultaneous approvals pay once; reject afterwards moves nothing', async () => {
    const p = await player('3');
    const requested = (await cashout(p.token, '2')).json() as { id: string; status: string };
    expect(requested.status).toBe('review');
    const balanceBefore = await balance(p.id);
    const finance = await staff('finance');
    const admin = await staff('admin');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call('POST', `/api/admin/withdrawals/${requested.id}/approve`, index % 2 ? finance.token : admin.token),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const decisions = answers.map((answer) => answer.json() as AdminWithdrawalDecision);
    expect(decisions.filter((decision) => decision.changed)).toHaveLength(1);
    expect(
      decisions.every(
        (decision) =>
          decision.withdrawal.status === 'queued' ||
          decision.withdrawal.status === 'sent' ||
          decision.withdrawal.status === 'confirmed',
      ),
    ).toBe(true);
    await settleAll();
    const row = await rowOf(requested.id);
    expect(row.status).toBe('confirmed');
    const attempts = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM withdrawal_attempts WHERE withdrawal_id = ${requested.id}`,
    );
    expect(attempts.rows[0]!.n).toBe(1);
    expect(await t.chain!.publicClient.getBalance({ address: row.recipientAddress as Address })).toBe(parseEther('2'));

    const lateReject = await call('POST', `/api/admin/withdrawals/${requested.id}/reject`, finance.token, { reason: 'Too late' });
    expect(lateReject.json()).toMatchObject({ changed: false, withdrawal: { status: 'confirmed', rejectReason: null } });
    expect(await balance(p.id)).toBe(balanceBefore);
    expect(await auditOf(`action=withdrawal.approve&target=withdrawal:${requested.id}`)).toHaveLength(1);
  });

  it('reject refunds amount and fee exactly in one transfer, tells the player, and approve afterwards moves nothing', async () => {
    const p = await player('3');
    const requested = (await cashout(p.token, '1.25')).json() as { id: string; status: string };
    const row = await rowOf(requested.id);
    const afterDebit = await balance(p.id);
    expect(afterDebit).toBe(parseEther('3') - row.amount - row.fee);

    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: p.token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const balanceEvent = new Promise<unknown>((resolve) => socket.once('balance', resolve));
    const update = new Promise<unknown>((resolve) => socket.once('withdrawal_update', resolve));
    // Issue 26: the player sees why it waits and by when staff usually decide.
    const waiting = await call('GET', '/api/account/status', p.token);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json()).toEqual({
      restrictions: [
        {
          kind: 'withdrawal_review',
          withdrawalId: requested.id,
          amount: '1.25',
          reason: row.reviewReason,
          since: row.createdAt.toISOString(),
          expectedBy: new Date(row.createdAt.getTime() + WITHDRAWAL_REVIEW_EXPECTED_HOURS * 3_600_000).toISOString(),
        },
      ],
    });
    expect(row.reviewReason).toBe(ADMIN_TEXTS.reviewReasons.aboveThreshold('1'));

    const finance = await staff('finance');
    const refused = await call('POST', `/api/admin/withdrawals/${requested.id}/reject`, finance.token, {});
    expect(refused.statusCode).toBe(400);
    const rejections = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', `/api/admin/withdrawals/${requested.id}/reject`, finance.token, { reason: 'Address on a sanctions list' }),
      ),
    );
    expect(rejections.filter((answer) => (answer.json() as AdminWithdrawalDecision).changed)).toHaveLength(1);
    expect(await balance(p.id)).toBe(parseEther('3'));
    expect(await balanceEvent).toMatchObject({ balanceWei: parseEther('3').toString() });
    expect(await update).toEqual({ id: requested.id, status: 'rejected', reason: 'Address on a sanctions list' });
    socket.disconnect();
    expect((await call('GET', '/api/account/status', p.token)).json()).toEqual({ restrictions: [] });
    const transfers = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE idempotency_key = ${`withdrawal-reject:${requested.id}`}`,
    );
    expect(transfers.rows[0]!.n).toBe(1);

    const approve = await call('POST', `/api/admin/withdrawals/${requested.id}/approve`, finance.token);
    expect(approve.json()).toMatchObject({
      changed: false,
      withdrawal: { status: 'rejected', rejectReason: 'Address on a sanctions list' },
    });
    await settleAll();
    expect(await balance(p.id)).toBe(parseEther('3'));
    const account = (await getAccount(t, p.token)).json() as { withdrawals: Array<{ id: string }> };
    expect(account.withdrawals.find((item) => item.id === requested.id)).toMatchObject({
      status: 'rejected',
      rejectReason: 'Address on a sanctions list',
    });
    const audit = await auditOf(`action=withdrawal.reject&target=withdrawal:${requested.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: finance.id,
      role: 'finance',
      reason: 'Address on a sanctions list',
      after: { status: 'rejected', refundedWei: (row.amount + row.fee).toString() },
    });
    expect((await call('POST', `/api/admin/withdrawals/${randomUUID()}/approve`, finance.token)).statusCode).toBe(404);
  });
});

describe('players', () => {
  it('finds a player by e-mail, name, deposit address, user id and transaction hash', async () => {
    const support = await staff('support');
    const credentials = await signUp(t, { name: 'Zelda Search' });
    const session = await signIn(t, credentials);
    const id = session.user.id;
    const [user] = await t.db.select().from(users).where(eq(users.id, id));
    const txHash = `0x${'ab'.repeat(32)}`;
    await t.db.insert(deposits).values({
      chainId: DEV_CHAIN_ID,
      kind: 'transfer',
      txHash,
      address: user!.walletAddress!.toLowerCase(),
      userId: id,
      amount: 1n,
      blockNumber: 1n,
    });
    for (const q of [credentials.email.toUpperCase(), 'zelda sea', user!.walletAddress!, id, txHash]) {
      const response = await call('GET', `/api/admin/players?q=${encodeURIComponent(q)}`, support.token);
      expect(response.statusCode, q).toBe(200);
      expect(
        (response.json() as { players: Array<{ userId: string }> }).players.map((found) => found.userId),
        q,
      ).toContain(id);
    }
    const page = await call('GET', `/api/admin/players/${id}`, support.token);
    expect(page.json()).toMatchObject({
      player: { userId: id, name: 'Zelda Search', frozen: null },
      deposits: [{ txHash }],
      sessions: [{ revokedAt: null }],
    });
  });

  it('freeze: sessions signed out with force_disconnect and a message; no play, no withdrawal; signing in and the balance still work; unfreeze restores', async () => {
    const p = await player('1');
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: p.token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const forced = new Promise<string>((resolve) => socket.once('force_disconnect', resolve));
    const support = await staff('support');
    expect((await call('POST', `/api/admin/players/${p.id}/freeze`, support.token, {})).statusCode).toBe(400);
    const frozen = await call('POST', `/api/admin/players/${p.id}/freeze`, support.token, { reason: 'Chargeback investigation' });
    expect(frozen.json()).toEqual({ changed: true });
    expect(await forced).toBe(ADMIN_TEXTS.accountFrozenDisconnectWithReason('Chargeback investigation'));
    expect((await call('POST', `/api/admin/players/${p.id}/freeze`, support.token, { reason: 'again' })).json()).toEqual({
      changed: false,
    });
    // The old access token is dead; signing in again works and shows the balance.
    expect((await getAccount(t, p.token)).statusCode).toBe(403);
    const again = await signIn(t, p);
    const account = await getAccount(t, again.accessToken);
    expect(account.statusCode).toBe(200);
    // Issue 26: signed in again, the player is told why, in staff's words.
    expect((await call('GET', '/api/account/status', again.accessToken)).json()).toMatchObject({
      restrictions: [{ kind: 'frozen', reason: 'Chargeback investigation' }],
    });
    // No withdrawal.
    const refused = await cashout(again.accessToken, '0.1');
    expect({ status: refused.statusCode, body: refused.json() as unknown }).toEqual({
      status: 423,
      body: { code: 'account_frozen', message: ADMIN_TEXTS.accountFrozen },
    });
    expect(await balance(p.id)).toBe(parseEther('1'));
    // No search.
    const second: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: again.accessToken },
    });
    await new Promise<void>((resolve, reject) => {
      second.once('connect', () => resolve());
      second.once('connect_error', reject);
    });
    const error = new Promise<{ message: string }>((resolve) => second.once('error', resolve));
    second.emit('search_game', { amount: 1, character: 'Character1' });
    expect(await error).toEqual({ code: 'account_frozen', message: ADMIN_TEXTS.accountFrozen });
    second.disconnect();

    const page = (await call('GET', `/api/admin/players/${p.id}`, support.token)).json() as {
      player: { frozen: { reason: string } | null };
    };
    expect(page.player.frozen).toMatchObject({ reason: 'Chargeback investigation' });
    expect((await call('POST', `/api/admin/players/${p.id}/unfreeze`, support.token, { reason: 'Cleared' })).json()).toEqual({
      changed: true,
    });
    expect((await cashout(again.accessToken, '0.1')).statusCode).toBe(201);
    await settleAll();
    const audit = await auditOf(`target=user:${p.id}`);
    expect(audit.map((entry) => entry.action).slice(0, 2)).toEqual(['player.unfreeze', 'player.freeze']);
  });

  it('revoke sessions signs every session out with force_disconnect', async () => {
    const p = await player();
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: p.token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const forced = new Promise<string>((resolve) => socket.once('force_disconnect', resolve));
    const admin = await staff('admin');
    expect(
      (await call('POST', `/api/admin/players/${p.id}/revoke-sessions`, admin.token, { reason: 'Stolen phone' })).json(),
    ).toEqual({ changed: true });
    expect(await forced).toBe(ADMIN_TEXTS.sessionsRevokedDisconnect);
    expect((await getAccount(t, p.token)).statusCode).toBe(403);
  });
});

describe('overview (solvency)', () => {
  it("answers liabilities, holdings from the chain, margin, fee income and the last ledger check; red when a deposit address is emptied behind the ledger's back", async () => {
    const finance = await staff('finance');
    const p = await player();
    const [user] = await t.db.select().from(users).where(eq(users.id, p.id));
    const depositAddress = user!.walletAddress!.toLowerCase() as Address;
    // A deposit of 2 ETH: on chain at the deposit address, and credited in the ledger.
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [depositAddress, `0x${parseEther('2').toString(16)}`]);
    await t.db.transaction(async (tx) => {
      await tx.insert(deposits).values({
        chainId: DEV_CHAIN_ID,
        kind: 'transfer',
        txHash: `0x${'cd'.repeat(32)}`,
        address: depositAddress,
        userId: p.id,
        amount: parseEther('2'),
        blockNumber: 1n,
        status: 'credited',
        creditedAt: new Date(),
      });
      await transfer(tx, {
        idempotencyKey: `test-credit:${p.id}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(p.id), amount: parseEther('2') }],
      });
    });
    expect((await call('POST', '/api/admin/ledger-check', finance.token)).json()).toMatchObject({ ok: true });
    const green = (await call('GET', '/api/admin/overview', finance.token)).json() as AdminOverview;
    expect(green).toMatchObject({ alarm: false, ledgerCheck: { ok: true } });
    expect(BigInt(green.marginWei!)).toBe(BigInt(green.holdingsWei!) - BigInt(green.liabilitiesWei));
    expect(BigInt(green.liabilitiesWei)).toBeGreaterThanOrEqual(parseEther('2'));
    expect(BigInt(green.feeIncomeWei)).toBeGreaterThan(0n);
    expect(green.priceAgeSeconds).not.toBeNull();

    // The hot wallet holds exactly what covers the rest: margin 0, still green.
    const hotWallet = t.chain!.hotWalletAddress;
    const hotBefore = await t.chain!.publicClient.getBalance({ address: hotWallet });
    const hotExact = hotBefore - BigInt(green.marginWei!);
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [hotWallet, `0x${hotExact.toString(16)}`]);
    const exact = (await call('GET', '/api/admin/overview', finance.token)).json() as AdminOverview;
    expect(exact).toMatchObject({ marginWei: '0', alarm: false });
    // Someone empties the deposit address behind the ledger's back.
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [depositAddress, '0x0']);
    const red = (await call('GET', '/api/admin/overview', finance.token)).json() as AdminOverview;
    expect(red).toMatchObject({ marginWei: (-parseEther('2')).toString(), alarm: true });
    const metrics = await t.app.fastify.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/shifumi_solvency_ok\{[^}]*\} 0/);
    expect(metrics.body).toMatch(/shifumi_solvency_margin_eth\{[^}]*\} -2/);
    expect((await call('POST', '/api/admin/ledger-check', finance.token)).json()).toMatchObject({ ok: false });
    expect(((await call('GET', '/api/admin/overview', finance.token)).json() as AdminOverview).ledgerCheck.ok).toBe(false);

    await rpc(anvil.rpcUrl, 'anvil_setBalance', [depositAddress, `0x${parseEther('2').toString(16)}`]);
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [hotWallet, `0x${hotBefore.toString(16)}`]);
    expect(((await call('GET', '/api/admin/overview', finance.token)).json() as AdminOverview).alarm).toBe(true); // the failed check stays until the next run
    expect((await call('POST', '/api/admin/ledger-check', finance.token)).json()).toMatchObject({ ok: true });
    expect(((await call('GET', '/api/admin/overview', finance.token)).json() as AdminOverview).alarm).toBe(false);
  });
});
