/**
 * Issue 18: the stuck list and its safe actions (a withdrawal whose nonce
 * another transaction used: failed and refunded only once the chain shows it,
 * once; overdue games taken over and settled by the rules), and flags
 * (collusion scan on crafted games, resolve with a note, an open flag or a
 * drained new account sending a withdrawal to review).
 */
import { type StuckResponse, type FlagsResponse, type GamesListResponse } from '@shifumi/protocol';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '../src/infra/chain/anvil-testing';
import { DEV_CHAIN_ID } from '../src/infra/chain/hd-wallet';
import { deposits, flags, games, users, withdrawals } from '../src/infra/db/schema/index';
import { CLI_ACTOR } from '../src/modules/admin/audit-log';
import { NONCE_TAKEN_REASON } from '../src/modules/admin/stuck';
import { grantRole } from '../src/modules/admin/staff.repo';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf, transfer } from '../src/modules/ledger/ledger.service';
import { postJson, signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, payerAccount, startTestAnvil, type TestAnvil } from './support/test-chain';

let anvil: TestAnvil;
let t: TestApp;
let recipientIndex = 0;

beforeAll(async () => {
  anvil = await startTestAnvil();
  t = await createTestApp({ chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '1', WITHDRAWAL_CONFIRMATIONS: '1' }) });
});

afterAll(async () => {
  await t?.close();
  await anvil?.dispose();
});

const balance = (userId: string) => balanceOf(t.db, LedgerAccounts.user(userId));
const rowOf = async (id: string) => (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

async function fund(userId: string, eth: string, kind = 'deposit'): Promise<void> {
  await t.db.transaction((tx) =>
    transfer(tx, {
      idempotencyKey: `test-${kind}:${randomUUID()}`,
      kind,
      legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(userId), amount: parseEther(eth) }],
    }),
  );
}

async function player(eth = '0') {
  const credentials = await signUp(t);
  const session = await signIn(t, credentials);
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
  if (eth !== '0') await fund(session.user.id, eth);
  return { id: session.user.id, token: session.accessToken, email: credentials.email };
}

async function staff(role: 'admin' | 'finance' | 'support') {
  const p = await player();
  await grantRole(t.db, p.email, role, { actor: CLI_ACTOR, role: null, now: new Date() });
  return p;
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
  return `0x${(0xbee000 + recipientIndex).toString(16).padStart(40, '0')}` as Address;
}

async function cashout(token: string, amount: string) {
  return postJson(t, '/api/wallet/cashout', { amount, recipientAddress: freshRecipient() }, { authorization: token });
}

describe('stuck money', () => {
  it('a withdrawal whose nonce another transaction used: listed, failed and refunded once, only when the chain shows it', async () => {
    const p = await player('1');
    const finance = await staff('finance');
    await rpc(anvil.rpcUrl, 'evm_setAutomine', [false]);
    let id: string;
    try {
      id = ((await cashout(p.token, '0.3')).json() as { id: string }).id;
      await t.app.withdrawalSender!.tick();
      const sent = await rowOf(id);
      expect(sent.status).toBe('sent');
      // While the chain has not used the nonce there is nothing safe to do.
      expect((await call('POST', `/api/admin/stuck/withdrawals/${id}/fail-and-refund`, finance.token)).json()).toEqual({
        changed: false,
      });
      // Its transaction leaves the mempool and another one from the hot wallet takes the nonce.
      const pending = await rpc<{ pending: Record<string, Record<string, { hash: string }>> }>(anvil.rpcUrl, 'txpool_content');
      for (const byNonce of Object.values(pending.pending))
        for (const transaction of Object.values(byNonce)) await rpc(anvil.rpcUrl, 'anvil_dropTransaction', [transaction.hash]);
      await t.chain!.hotWallet.sendTransaction({ to: payerAccount(6).address, value: 1n, nonce: sent.nonce! });
      await rpc(anvil.rpcUrl, 'evm_mine');
    } finally {
      await rpc(anvil.rpcUrl, 'evm_setAutomine', [true]);
    }
    const list = (await call('GET', '/api/admin/stuck', finance.token)).json() as StuckResponse;
    expect(list.items).toContainEqual(
      expect.objectContaining({ kind: 'withdrawal_nonce_taken', id, actions: ['fail_and_refund'] }),
    );
    const before = await balance(p.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `/api/admin/stuck/withdrawals/${id}/fail-and-refund`, finance.token)),
    );
    expect(answers.filter((answer) => (answer.json() as { changed: boolean }).changed)).toHaveLength(1);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', failureReason: NONCE_TAKEN_REASON });
    expect(await balance(p.id)).toBe(before + row.amount + row.fee);
    expect(
      ((await call('GET', '/api/admin/stuck', finance.token)).json() as StuckResponse).items.map((item) => item.id),
    ).not.toContain(id);
    const support = await staff('support');
    expect((await call('POST', `/api/admin/stuck/withdrawals/${id}/fail-and-refund`, support.token)).statusCode).toBe(403);
  });

  it('a game past its deadline by more than a minute is listed and taken over; the rules settle it', async () => {
    const a = await player('1');
    const b = await player('1');
    const support = await staff('support');
    const gameId = randomUUID();
    const stake = parseEther('0.01');
    const past = Date.now() - 5 * 60_000;
    const state = {
      id: gameId,
      options: { roundMs: 10_000, graceMs: 1000, revealMs: 5500, winThreshold: 3, maxRounds: 10, reconnectGraceMs: 10_000 },
      players: [
        { id: a.id, score: 2, choice: null, connected: false, disconnectedAt: past },
        { id: b.id, score: 0, choice: null, connected: false, disconnectedAt: past },
      ],
      round: 3,
      phase: 'choosing',
      deadline: past,
      revealEndsAt: null,
      winnerId: null,
      endReason: null,
    };
    await t.db.transaction(async (tx) => {
      await tx.insert(games).values({
        id: gameId,
        player1Id: a.id,
        player2Id: b.id,
        player1Character: 'Character1',
        player2Character: 'Character2',
        betUsd: 1,
        stakeWei: stake,
        priceMicroUsd: 3_000_000_000n,
        state,
        nextDeadline: new Date(past),
      });
      await transfer(tx, {
        idempotencyKey: `game-stakes:${gameId}`,
        kind: 'game_stakes',
        legs: [a.id, b.id].map((id) => ({ from: LedgerAccounts.user(id), to: LedgerAccounts.escrow(gameId), amount: stake })),
      });
    });
    const list = (await call('GET', '/api/admin/stuck', support.token)).json() as StuckResponse;
    expect(list.items).toContainEqual(expect.objectContaining({ kind: 'game_overdue', id: gameId, actions: ['take_over'] }));
    expect((await call('POST', `/api/admin/stuck/games/${gameId}/take-over`, support.token)).statusCode).toBe(200);
    let settled: string | undefined;
    for (let i = 0; i < 50 && settled !== 'finished' && settled !== 'refunded'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      settled = (await t.db.select({ status: games.status }).from(games).where(eq(games.id, gameId)))[0]!.status;
    }
    expect(['finished', 'refunded']).toContain(settled);
    expect(await balanceOf(t.db, LedgerAccounts.escrow(gameId))).toBe(0n);
    expect(
      ((await call('GET', '/api/admin/stuck', support.token)).json() as StuckResponse).items.map((item) => item.id),
    ).not.toContain(gameId);
  });
});

describe('flags', () => {
  it('the scan flags crafted games; staff resolve a flag once with a note; an open flag sends withdrawals to review', async () => {
    const winner = await player('1');
    const loser = await player('1');
    for (let i = 0; i < 3; i += 1) {
      const id = randomUUID();
      await t.db.insert(games).values({
        id,
        player1Id: winner.id,
        player2Id: loser.id,
        player1Character: 'Character1',
        player2Character: 'Character2',
        betUsd: 1,
        stakeWei: 1n,
        priceMicroUsd: 1n,
        status: 'finished',
        winnerId: winner.id,
        endReason: 'wins',
        state: {
          round: 3,
          players: [
            { id: winner.id, score: 3 },
            { id: loser.id, score: 0 },
          ],
        },
        endedAt: new Date(Date.now() - (3 - i) * 60_000),
      });
    }
    const support = await staff('support');
    expect(
      ((await call('POST', '/api/admin/flags/scan', support.token)).json() as { added: number }).added,
    ).toBeGreaterThanOrEqual(1);
    expect((await call('POST', '/api/admin/flags/scan', support.token)).json()).toEqual({ added: 0 });
    const open = (await call('GET', '/api/admin/flags?status=open', support.token)).json() as FlagsResponse;
    const flag = open.flags.find((item) => item.userId === winner.id && item.rule === 'round_streak');
    expect(flag).toMatchObject({ otherUserId: loser.id, status: 'open', evidence: { rounds: 9 } });
    // Issue 26: the games the evidence names come with their date, stake, players and winner, for a readable table.
    expect(flag!.games).toHaveLength(3);
    expect(new Set(flag!.games!.map((game) => game.gameId))).toEqual(new Set((flag!.evidence as { games: string[] }).games));
    for (const game of flag!.games!) {
      expect(game).toMatchObject({ betUsd: 1, stakeWei: '1', status: 'finished', winnerId: winner.id });
      expect(game.players.map((named) => named.userId)).toEqual([winner.id, loser.id]);
      expect(game.players.every((named) => named.name.length > 0)).toBe(true);
    }
    // The Games list says who played, too.
    const listed = (await call('GET', `/api/admin/games?userId=${winner.id}`, support.token)).json() as GamesListResponse;
    expect(listed.games).toHaveLength(3);
    expect(listed.games[0]!.players.map((named) => named.userId)).toEqual([winner.id, loser.id]);

    const held = await cashout(winner.token, '0.1');
    expect(held.json()).toMatchObject({ status: 'review' });
    const resolutions = await Promise.all(
      Array.from({ length: 3 }, () =>
        call('POST', `/api/admin/flags/${flag!.id}/resolve`, support.token, {
          resolution: 'dismissed',
          note: 'Friends testing the game',
        }),
      ),
    );
    expect(resolutions.filter((answer) => (answer.json() as { changed: boolean }).changed)).toHaveLength(1);
    // They also signed in from one IP (the test's) and played each other: flagged too, and still open.
    const others = open.flags.filter(
      (item) => (item.userId === winner.id || item.otherUserId === winner.id) && item.id !== flag!.id,
    );
    expect(others.map((item) => item.rule)).toEqual(['shared_ip_opponents']);
    expect((await cashout(winner.token, '0.1')).json()).toMatchObject({ status: 'review' });
    await call('POST', `/api/admin/flags/${others[0]!.id}/resolve`, support.token, {
      resolution: 'confirmed',
      note: 'Same household',
    });
    const [stored] = await t.db.select().from(flags).where(eq(flags.id, flag!.id));
    expect(stored).toMatchObject({ status: 'dismissed', note: 'Friends testing the game', resolvedBy: support.id });
    expect((await cashout(winner.token, '0.1')).json()).toMatchObject({ status: 'queued' });
    const finance = await staff('finance');
    await call('POST', `/api/admin/withdrawals/${(held.json() as { id: string }).id}/reject`, finance.token, {
      reason: 'cleanup',
    });
    for (const item of (
      (await call('GET', '/api/admin/withdrawals?status=review', finance.token)).json() as { withdrawals: Array<{ id: string }> }
    ).withdrawals) {
      await call('POST', `/api/admin/withdrawals/${item.id}/reject`, finance.token, { reason: 'cleanup' });
    }
    const audit = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'flag.dismiss' AND target = ${`flag:${flag!.id}`}`,
    );
    expect(audit.rows[0]!.n).toBe(1);
  });

  it("a new account that deposited and lost everything to one account: that account's withdrawal waits in review", async () => {
    const shark = await player('1');
    const fresh = await player();
    const [user] = await t.db.select().from(users).where(eq(users.id, fresh.id));
    await t.db.transaction(async (tx) => {
      await tx.insert(deposits).values({
        chainId: DEV_CHAIN_ID,
        kind: 'transfer',
        txHash: `0x${randomUUID().replace(/-/g, '').padEnd(64, '0')}`,
        address: user!.walletAddress!.toLowerCase(),
        userId: fresh.id,
        amount: parseEther('0.5'),
        blockNumber: 1n,
        status: 'credited',
        creditedAt: new Date(),
      });
      await transfer(tx, {
        idempotencyKey: `test-credit:${fresh.id}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(fresh.id), amount: parseEther('0.5') }],
      });
      // Lost it all to the shark in one game.
      const gameId = randomUUID();
      await tx.insert(games).values({
        id: gameId,
        player1Id: shark.id,
        player2Id: fresh.id,
        player1Character: 'Character1',
        player2Character: 'Character2',
        betUsd: 1,
        stakeWei: parseEther('0.5'),
        priceMicroUsd: 1n,
        status: 'finished',
        winnerId: shark.id,
        endReason: 'wins',
        state: {
          round: 4,
          players: [
            { id: shark.id, score: 3 },
            { id: fresh.id, score: 1 },
          ],
        },
        endedAt: new Date(),
      });
      await transfer(tx, {
        idempotencyKey: `test-loss:${gameId}`,
        kind: 'game_payout',
        legs: [{ from: LedgerAccounts.user(fresh.id), to: LedgerAccounts.user(shark.id), amount: parseEther('0.5') }],
      });
    });
    const withdrawal = await cashout(shark.token, '0.2');
    expect(withdrawal.json()).toMatchObject({ status: 'review' });
    const [flag] = await t.db.select().from(flags).where(eq(flags.userId, shark.id));
    expect(flag).toMatchObject({ rule: 'new_account_drained', otherUserId: fresh.id, status: 'open' });
    const finance = await staff('finance');
    await call('POST', `/api/admin/withdrawals/${(withdrawal.json() as { id: string }).id}/reject`, finance.token, {
      reason: 'cleanup',
    });
  });
});
