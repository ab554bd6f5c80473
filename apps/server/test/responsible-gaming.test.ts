/**
 * Responsible gaming (issue 19) through the real app on a real database
 * (PGlite, or PostgreSQL with DATABASE_URL): limits and their delays on the
 * injected clock, enforcement in the escrow transaction (boundaries,
 * concurrency), time-out and self-exclusion, deposits held by a deposit limit,
 * statements against the ledger.
 */
import { randomUUID } from 'node:crypto';
import {
  RESPONSIBLE_GAMING_TEXTS as RG,
  SOCKET_PATH,
  STATEMENT_CSV_FIELDS,
  socketRefusalText,
  type AccountResponse,
  type ClientToServerEvents,
  type LimitsResponse,
  type ServerToClientEvents,
  type StatementResponse,
} from '@shifumi/protocol';
import { eq, or } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { games, users } from '../src/infra/db/schema/index';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf, transfer } from '../src/modules/ledger/ledger.service';
import { stakeFor } from '../src/modules/matchmaking/matchmaking.service';
import { formatUtc, HOUR_MS } from '../src/modules/responsible-gaming/limit-rules';
import { checkPlayAllowed, PlayNotAllowedError } from '../src/modules/responsible-gaming/responsible-gaming.service';
import { signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, expectLedgerConsistent, startTestAnvil, type TestAnvil } from './support/test-chain';

/** The fixed test price: 2000 USD per ETH. */
const PRICE = 2_000_000_000n;
const MATCH_OPTIONS = { roundMs: 60_000, graceMs: 100, revealMs: 100, reconnectGraceMs: 60_000 };

let t: TestApp;
let anvil: TestAnvil;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  // A real chain: withdrawals need a network fee quote (issue 12); the workers stay off, so requests just queue.
  anvil = await startTestAnvil();
  t = await createTestApp({ env: { ETH_USD_PRICE: '2000' }, matchOptions: MATCH_OPTIONS, chain: chainFor(anvil) });
  baseUrl = await t.listen();
});
/** Moves the app's clock forward for this test only (the ledger's and games' own times stay real). */
let travelled = 0;
function travel(milliseconds: number): void {
  travelled += milliseconds;
  t.clock.advance(milliseconds);
}
afterEach(async () => {
  t.clock.advance(-travelled);
  travelled = 0;
  for (const socket of sockets.splice(0)) socket.disconnect();
  await expectLedgerConsistent(t.db, undefined);
});
afterAll(async () => {
  await t?.close();
  await anvil?.dispose();
});

interface Player {
  id: string;
  token: string;
  credentials: { email: string; password: string };
}

async function player(eth = '0'): Promise<Player> {
  const credentials = await signUp(t, { name: `P${randomUUID().slice(0, 6)}` });
  const session = await signIn(t, credentials);
  if (eth !== '0') await deposit(session.user.id, eth);
  return { id: session.user.id, token: session.accessToken, credentials };
}

/** A credited deposit, as the deposit watcher books it. */
async function deposit(userId: string, eth: string): Promise<void> {
  await t.db.transaction((tx) =>
    transfer(tx, {
      idempotencyKey: `test-deposit:${randomUUID()}`,
      kind: 'deposit',
      legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(userId), amount: parseEther(eth) }],
      memo: { txHash: `0x${randomUUID().replaceAll('-', '').padEnd(64, '0')}` },
    }),
  );
}

/** Signed-in request; after a clock travel the access token has expired, so the player signs in again once. */
async function request(method: 'GET' | 'PUT' | 'POST', url: string, who: Player, payload?: object) {
  const send = () =>
    t.app.fastify.inject({ method, url, headers: { authorization: who.token }, ...(payload ? { payload } : {}) });
  const first = await send();
  if (first.statusCode !== 403) return first;
  who.token = (await signIn(t, who.credentials)).accessToken;
  return send();
}

const limits = async (who: Player) => (await request('GET', '/api/account/limits', who)).json<LimitsResponse>();
const limitOf = (state: LimitsResponse, kind: string, period: string) =>
  state.limits.find((limit) => limit.kind === kind && limit.period === period)!;

/** A finished game in the player's past (no money moves: the limits count games, the ledger is not involved). */
async function pastGame(
  userId: string,
  betUsd: 1 | 5 | 10 | 15 | 20 | 50 | 100,
  outcome: 'won' | 'lost' | 'refunded',
): Promise<void> {
  const opponent = await player();
  const now = t.clock();
  await t.db.insert(games).values({
    player1Id: userId,
    player2Id: opponent.id,
    player1Character: 'Character1',
    player2Character: 'Character2',
    betUsd,
    stakeWei: stakeFor(betUsd, PRICE),
    priceMicroUsd: PRICE,
    status: outcome === 'refunded' ? 'refunded' : 'finished',
    winnerId: outcome === 'won' ? userId : outcome === 'lost' ? opponent.id : null,
    endReason: 'wins',
    state: {},
    createdAt: now,
    endedAt: now,
  });
}

/** Starts a real game (stakes escrowed in one transaction) between two players. */
function start(a: Player, b: Player, betUsd: 1 | 5 | 10 | 15 | 20 | 50 | 100) {
  return t.app.games.start({
    betUsd,
    stakeWei: stakeFor(betUsd, PRICE),
    priceMicroUsd: PRICE,
    players: [
      { userId: a.id, character: 'Character1', socketId: `none-${randomUUID()}` },
      { userId: b.id, character: 'Character2', socketId: `none-${randomUUID()}` },
    ],
  });
}

async function gamesOf(userId: string) {
  return t.db
    .select({ id: games.id })
    .from(games)
    .where(or(eq(games.player1Id, userId), eq(games.player2Id, userId)));
}

async function searchRefusal(who: Player, amount = 5): Promise<string> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: who.token },
  });
  sockets.push(socket);
  const message = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no error event')), 5_000);
    socket.once('error', (payload) => {
      clearTimeout(timer);
      resolve(payload.message);
    });
  });
  socket.emit('search_game', { character: 'Character1', amount: amount as 5 });
  return message;
}

/** `who` searches (accepted: queued), then cancels: this node now remembers them as clear to search (issue 16). */
async function searchAndCancel(who: Player, amount = 5): Promise<void> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: who.token },
  });
  sockets.push(socket);
  socket.emit('search_game', { character: 'Character1', amount: amount as 5 });
  const deadline = Date.now() + 5_000;
  while (!(await t.app.matchQueue.has(who.id))) {
    if (Date.now() > deadline) throw new Error('the search was not queued');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  socket.emit('cancel_search');
  while (await t.app.matchQueue.has(who.id)) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('limits: GET and PUT /api/account/limits', () => {
  it('starts with no limit, reality check every 60 minutes, no time-out or self-exclusion', async () => {
    const state = await limits(await player());
    expect(state.limits).toHaveLength(9);
    for (const limit of state.limits) expect(limit).toMatchObject({ amountUsd: null, usedUsd: 0, pending: null });
    expect(state).toMatchObject({ realityCheckMinutes: 60, realityCheckPending: null, timeOut: null, selfExclusion: null });
  });

  it('sets and lowers at once; raises and removes after 24 hours; a PUT of the value in force cancels the pending change', async () => {
    const ann = await player();
    const put = (amountUsd: number | null) =>
      request('PUT', '/api/account/limits', ann, { kind: 'loss', period: 'week', amountUsd });
    expect((await put(100)).statusCode).toBe(200);
    expect(limitOf(await limits(ann), 'loss', 'week')).toMatchObject({ amountUsd: 100, pending: null });
    expect(limitOf((await put(50)).json<LimitsResponse>(), 'loss', 'week')).toMatchObject({ amountUsd: 50, pending: null });

    const raisedAt = t.clock();
    const raised = limitOf((await put(80)).json<LimitsResponse>(), 'loss', 'week');
    expect(raised.amountUsd).toBe(50);
    expect(raised.pending?.amountUsd).toBe(80);
    expect(Date.parse(raised.pending!.effectiveAt) - raisedAt.getTime()).toBeGreaterThanOrEqual(24 * HOUR_MS - 1_000);
    expect(Date.parse(raised.pending!.effectiveAt) - raisedAt.getTime()).toBeLessThanOrEqual(24 * HOUR_MS + 1_000);

    // Cancelled by asking for the value in force.
    expect(limitOf((await put(50)).json<LimitsResponse>(), 'loss', 'week')).toMatchObject({ amountUsd: 50, pending: null });

    // Removal waits too, and applies after 24 hours.
    expect(limitOf((await put(null)).json<LimitsResponse>(), 'loss', 'week')).toMatchObject({
      amountUsd: 50,
      pending: { amountUsd: null },
    });
    travel(23 * HOUR_MS);
    expect(limitOf(await limits(ann), 'loss', 'week').amountUsd).toBe(50);
    travel(HOUR_MS + 1_000);
    expect(limitOf(await limits(ann), 'loss', 'week')).toMatchObject({ amountUsd: null, pending: null });

    // Every change is in the account's history, with its time.
    const history = (await limits(ann)).history.filter((event) => event.kind === 'limit_changed');
    expect(history.map((event) => event.detail.requestedUsd)).toEqual([100, 50, 80, 50, null]);
  });

  it.each([
    [{ kind: 'bonus', period: 'day', amountUsd: 10 }, RG.limitKindInvalid],
    [{ kind: 'loss', period: 'year', amountUsd: 10 }, RG.limitPeriodInvalid],
    [{ kind: 'loss', period: 'day', amountUsd: 0 }, RG.limitAmountInvalid],
    [{ kind: 'loss', period: 'day', amountUsd: 10.5 }, RG.limitAmountInvalid],
    [{ kind: 'loss', period: 'day', amountUsd: '10' }, RG.limitAmountInvalid],
    [{ kind: 'loss', period: 'day' }, RG.limitAmountInvalid],
  ])('refuses %j with 400 and a sentence, changing nothing', async (body, message) => {
    const ann = await player();
    const response = await request('PUT', '/api/account/limits', ann, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_input', message });
    expect((await limits(ann)).history).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.fastify.inject({ method: 'GET', url: '/api/account/limits' });
    expect(response.statusCode).toBe(403);
  });

  it('reality check: more frequent at once, less frequent (or off) after 24 hours', async () => {
    const ann = await player();
    const put = (minutes: unknown) => request('PUT', '/api/account/reality-check', ann, { minutes });
    expect((await put(15)).json<LimitsResponse>()).toMatchObject({ realityCheckMinutes: 15, realityCheckPending: null });
    expect((await put(0)).json<LimitsResponse>()).toMatchObject({ realityCheckMinutes: 15, realityCheckPending: { minutes: 0 } });
    expect((await put(45)).statusCode).toBe(400);
    travel(24 * HOUR_MS + 1_000);
    expect(await limits(ann)).toMatchObject({ realityCheckMinutes: 0, realityCheckPending: null });
    expect((await put(30)).json<LimitsResponse>()).toMatchObject({ realityCheckMinutes: 30, realityCheckPending: null });
  });
});

describe('enforcement in the escrow transaction', () => {
  it('loss limit: a stake reaching it exactly is allowed; one going above is refused with the limit and when it frees up, nothing escrowed', async () => {
    const ann = await player('1');
    const bo = await player('1');
    await request('PUT', '/api/account/limits', ann, { kind: 'loss', period: 'day', amountUsd: 20 });
    await pastGame(ann.id, 10, 'lost');
    await pastGame(ann.id, 5, 'won');
    await pastGame(ann.id, 50, 'refunded');
    // Net loss 10 − 5 = 5; a stake of 15 reaches 20 exactly.
    expect(limitOf(await limits(ann), 'loss', 'day').usedUsd).toBe(5);
    const balanceBefore = await balanceOf(t.db, LedgerAccounts.user(ann.id));
    const refused = await start(ann, bo, 20);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.unable).toHaveLength(1);
    expect(refused.unable[0]!.userId).toBe(ann.id);
    expect(socketRefusalText(refused.unable[0]!.refusal)).toMatch(/24-hour loss limit of \$20/);
    expect(socketRefusalText(refused.unable[0]!.refusal)).toContain('You can play this amount again from');
    expect(await balanceOf(t.db, LedgerAccounts.user(ann.id))).toBe(balanceBefore);
    expect(await gamesOf(bo.id)).toEqual([]);

    const allowed = await start(ann, bo, 15);
    expect(allowed.ok).toBe(true);
    expect(await balanceOf(t.db, LedgerAccounts.user(ann.id))).toBe(balanceBefore - stakeFor(15, PRICE));
  });

  it('wager limit at the boundary, and a stake above the limit itself is refused without a date', async () => {
    const ann = await player('1');
    await request('PUT', '/api/account/limits', ann, { kind: 'wager', period: 'week', amountUsd: 15 });
    await pastGame(ann.id, 5, 'won');
    const bigger = await start(ann, await player('1'), 20);
    expect(!bigger.ok && socketRefusalText(bigger.unable[0]!.refusal)).toBe(RG.stakeAboveLimit('wager', 'week', 15));
    expect(!bigger.ok && socketRefusalText(bigger.unable[0]!.refusal)).toContain('7-day wager limit');
    const over = await start(ann, await player('1'), 15);
    expect(!over.ok && socketRefusalText(over.unable[0]!.refusal)).toMatch(/7-day wager limit of \$15/);
    const exactly = await start(ann, await player('1'), 10);
    expect(exactly.ok).toBe(true);
  });

  it('a lowered limit applies to the next stake at once; a raised one only after 24 hours', async () => {
    const ann = await player('1');
    await pastGame(ann.id, 10, 'lost');
    await request('PUT', '/api/account/limits', ann, { kind: 'loss', period: 'month', amountUsd: 15 });
    expect((await start(ann, await player('1'), 10)).ok).toBe(false);
    await request('PUT', '/api/account/limits', ann, { kind: 'loss', period: 'month', amountUsd: 100 });
    expect((await start(ann, await player('1'), 10)).ok).toBe(false);
    travel(24 * HOUR_MS + 1_000);
    expect((await start(ann, await player('1'), 10)).ok).toBe(true);
  });

  it('two concurrent escrows that together cross a limit: exactly one commits', async () => {
    const ann = await player('1');
    await request('PUT', '/api/account/limits', ann, { kind: 'wager', period: 'day', amountUsd: 15 });
    const opponents = [await player('1'), await player('1')];
    const stakeWei = stakeFor(10, PRICE);
    // The escrow step's shape without the one-game-at-a-time rule, so that only the limit can stop the second.
    const escrow = (opponent: Player) =>
      t.db.transaction(async (tx) => {
        const gameId = randomUUID();
        const now = t.clock();
        const refusal = await checkPlayAllowed(tx, {
          userIds: [ann.id, opponent.id],
          stakeWei,
          betUsd: 10,
          priceMicroUsd: PRICE,
          now,
        });
        if (refusal) throw new PlayNotAllowedError(refusal.userId, refusal.refusal);
        // Give the other transaction time to reach its own check while this one holds the lock.
        await new Promise((resolve) => setTimeout(resolve, 100));
        await tx.insert(games).values({
          id: gameId,
          player1Id: ann.id,
          player2Id: opponent.id,
          player1Character: 'Character1',
          player2Character: 'Character2',
          betUsd: 10,
          stakeWei,
          priceMicroUsd: PRICE,
          status: 'refunded',
          endReason: 'test',
          state: {},
          createdAt: now,
          endedAt: now,
        });
        // Counted as played: the test's game is marked as lost by ann (status finished, opponent wins).
        await tx.update(games).set({ status: 'finished', winnerId: opponent.id }).where(eq(games.id, gameId));
        await transfer(tx, {
          idempotencyKey: `test-stakes:${gameId}`,
          kind: 'game_stakes',
          legs: [ann.id, opponent.id].map((id) => ({
            from: LedgerAccounts.user(id),
            to: LedgerAccounts.escrow(gameId),
            amount: stakeWei,
          })),
          memo: { gameId },
        });
        await transfer(tx, {
          idempotencyKey: `test-payout:${gameId}`,
          kind: 'game_payout',
          legs: [{ from: LedgerAccounts.escrow(gameId), to: LedgerAccounts.user(opponent.id), amount: 2n * stakeWei }],
          memo: { gameId },
        });
      });
    const results = await Promise.allSettled(opponents.map((opponent) => escrow(opponent)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(PlayNotAllowedError);
    expect(socketRefusalText((rejected?.reason as PlayNotAllowedError).refusal)).toMatch(/24-hour wager limit of \$15/);
    expect(await gamesOf(ann.id)).toHaveLength(1);
    expect(await balanceOf(t.db, LedgerAccounts.user(ann.id))).toBe(parseEther('1') - stakeWei);
  });
});

describe('time-out and self-exclusion', () => {
  it('a time-out refuses search_game and games with until when, keeps withdrawals, the account and statements working, and cannot be shortened', async () => {
    const ann = await player('1');
    // Issue 16: a search a moment ago left ann remembered as clear to search; the time-out forgets that at once.
    await searchAndCancel(ann);
    const answer = await request('POST', '/api/account/time-out', ann, { period: '24h' });
    expect(answer.statusCode).toBe(200);
    const { until } = answer.json<{ until: string }>();
    expect(Date.parse(until) - t.clock().getTime()).toBeGreaterThan(23.9 * HOUR_MS);
    const message = RG.timeOutActive(formatUtc(new Date(until)));
    expect(await searchRefusal(ann)).toBe(message);
    const started = await start(ann, await player('1'), 5);
    expect(!started.ok && socketRefusalText(started.unable[0]!.refusal)).toBe(message);

    // A shorter time-out does not shorten it; a longer one extends it.
    const again = (await request('POST', '/api/account/time-out', ann, { period: '24h' })).json<{ until: string }>().until;
    expect(Date.parse(again) - Date.parse(until)).toBeGreaterThanOrEqual(0);
    expect(Date.parse(again) - Date.parse(until)).toBeLessThan(60_000);
    const longer = (await request('POST', '/api/account/time-out', ann, { period: '7d' })).json<{ until: string }>().until;
    expect(Date.parse(longer)).toBeGreaterThan(Date.parse(until));
    expect((await limits(ann)).timeOut).toEqual({ until: longer });

    expect((await request('GET', '/api/account', ann)).statusCode).toBe(200);
    expect((await request('GET', '/api/account/statement', ann)).statusCode).toBe(200);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, ann.id));
    const withdrawal = await request('POST', '/api/wallet/cashout', ann, {
      amount: '0.1',
      recipientAddress: '0x5a1f5c0a4e2bd3c8e9f7a6b1c2d3e4f5a6b7c8d9',
    });
    expect(withdrawal.statusCode).toBeLessThan(300);
    expect(await balanceOf(t.db, LedgerAccounts.user(ann.id))).toBe(
      parseEther('0.9') - parseEther(withdrawal.json<{ fee: string }>().fee),
    );

    expect((await request('POST', '/api/account/time-out', ann, { period: '1h' })).statusCode).toBe(400);
    expect((await limits(ann)).history.map((event) => event.kind)).toEqual([
      'time_out_started',
      'time_out_started',
      'time_out_started',
    ]);
    travel(7 * 24 * HOUR_MS + 1_000);
    expect((await limits(ann)).timeOut).toBeNull();
    expect((await start(ann, await player('1'), 5)).ok).toBe(true);
  });

  it('self-exclusion: refused until its term, then until the player asks to end it and 24 hours pass', async () => {
    const ann = await player('1');
    const { until } = (await request('POST', '/api/account/self-exclusion', ann, { period: '6m' })).json<{ until: string }>();
    const months = (Date.parse(until) - t.clock().getTime()) / (24 * HOUR_MS);
    expect(months).toBeGreaterThan(180);
    expect(months).toBeLessThan(185);
    expect(await searchRefusal(ann)).toBe(RG.selfExclusionActive(formatUtc(new Date(until))));
    const early = await request('POST', '/api/account/self-exclusion/end-request', ann);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      code: 'self_exclusion_end_too_early',
      message: RG.selfExclusionEndTooEarly(formatUtc(new Date(until))),
    });

    travel(Date.parse(until) - t.clock().getTime() + 1_000);
    const stillOut = await start(ann, await player('1'), 5);
    expect(!stillOut.ok && socketRefusalText(stillOut.unable[0]!.refusal)).toBe(RG.selfExclusionAwaitingRequest);
    const asked = await request('POST', '/api/account/self-exclusion/end-request', ann);
    expect(asked.statusCode).toBe(200);
    const state = await limits(ann);
    expect(Date.parse(state.selfExclusion!.endsAt!) - t.clock().getTime()).toBeGreaterThan(23.9 * HOUR_MS);
    expect((await start(ann, await player('1'), 5)).ok).toBe(false);
    travel(24 * HOUR_MS + 1_000);
    expect((await limits(ann)).selfExclusion).toBeNull();
    expect((await start(ann, await player('1'), 5)).ok).toBe(true);
    expect((await limits(ann)).history.map((event) => event.kind)).toEqual([
      'self_exclusion_started',
      'self_exclusion_end_requested',
    ]);
  });
});

describe('deposit limit', () => {
  it('a deposit over the limit is credited in full, the excess held (not playable, withdrawable) until the window frees it', async () => {
    const ann = await player();
    // 10 USD a day at 2000 USD/ETH: 0.005 ETH.
    await request('PUT', '/api/account/limits', ann, { kind: 'deposit', period: 'day', amountUsd: 10 });
    await deposit(ann.id, '0.08');
    const account = (await request('GET', '/api/account', ann)).json<AccountResponse>();
    expect(account.balanceWei).toBe(parseEther('0.08').toString());
    expect(account.heldWei).toBe(parseEther('0.075').toString());
    expect(limitOf(await limits(ann), 'deposit', 'day').usedUsd).toBe(160);

    const refused = await start(ann, await player('1'), 15);
    expect(!refused.ok && socketRefusalText(refused.unable[0]!.refusal)).toContain('is held by your deposit limit');
    expect(await balanceOf(t.db, LedgerAccounts.user(ann.id))).toBe(parseEther('0.08'));
    // Exactly the playable part.
    expect((await start(ann, await player('1'), 10)).ok).toBe(true);
  });

  it('the held part becomes playable when the deposit leaves the window; without a limit nothing is held', async () => {
    const ann = await player();
    await deposit(ann.id, '0.08');
    expect((await request('GET', '/api/account', ann)).json<AccountResponse>().heldWei).toBe('0');
    await request('PUT', '/api/account/limits', ann, { kind: 'deposit', period: 'day', amountUsd: 10 });
    expect((await request('GET', '/api/account', ann)).json<AccountResponse>().heldWei).toBe(parseEther('0.075').toString());
    travel(24 * HOUR_MS + 1_000);
    expect((await request('GET', '/api/account', ann)).json<AccountResponse>().heldWei).toBe('0');
    expect((await start(ann, await player('1'), 100)).ok).toBe(true);
  });
});

describe('GET /api/account/statement', () => {
  it('lists every movement oldest first; running balance and totals equal the ledger', async () => {
    const ann = await player();
    const bo = await player('1');
    await deposit(ann.id, '0.5');
    await deposit(ann.id, '0.25');
    // A game ann loses, one she wins (real escrows, settled as the game service does), one refunded.
    const stake = stakeFor(10, PRICE);
    const settle = async (gameId: string, kind: 'game_payout' | 'game_refund', to: Array<[string, bigint]>) =>
      t.db.transaction((tx) =>
        transfer(tx, {
          idempotencyKey: `test-settle:${gameId}`,
          kind,
          legs: to.map(([userId, amount]) => ({ from: LedgerAccounts.escrow(gameId), to: LedgerAccounts.user(userId), amount })),
          memo: { gameId },
        }),
      );
    const gameIds: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const gameId = randomUUID();
      gameIds.push(gameId);
      await t.db.transaction((tx) =>
        transfer(tx, {
          idempotencyKey: `test-stakes:${gameId}`,
          kind: 'game_stakes',
          legs: [ann.id, bo.id].map((id) => ({
            from: LedgerAccounts.user(id),
            to: LedgerAccounts.escrow(gameId),
            amount: stake,
          })),
          memo: { gameId },
        }),
      );
    }
    await settle(gameIds[0]!, 'game_payout', [[bo.id, 2n * stake]]);
    await settle(gameIds[1]!, 'game_payout', [[ann.id, 2n * stake]]);
    await settle(gameIds[2]!, 'game_refund', [
      [ann.id, stake],
      [bo.id, stake],
    ]);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, ann.id));
    const cashout = await request('POST', '/api/wallet/cashout', ann, {
      amount: '0.1',
      recipientAddress: '0x5a1f5c0a4e2bd3c8e9f7a6b1c2d3e4f5a6b7c8d9',
    });
    expect(cashout.statusCode).toBeLessThan(300);
    // The network fee (issue 12): debited with the amount in one transfer, shown as a row of its own.
    const feeWei = parseEther(cashout.json<{ fee: string }>().fee);
    expect(feeWei).toBeGreaterThan(0n);
    const withdrawalId = randomUUID();
    // A failed withdrawal given back (as the sender books it).
    await t.db.transaction(async (tx) => {
      await transfer(tx, {
        idempotencyKey: `test-withdrawal:${withdrawalId}`,
        kind: 'withdrawal',
        legs: [{ from: LedgerAccounts.user(ann.id), to: LedgerAccounts.withdrawalsInFlight, amount: parseEther('0.05') }],
        memo: { withdrawalId },
      });
    });
    await t.db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `test-withdrawal-refund:${withdrawalId}`,
        kind: 'withdrawal_refund',
        legs: [{ from: LedgerAccounts.withdrawalsInFlight, to: LedgerAccounts.user(ann.id), amount: parseEther('0.05') }],
        memo: { withdrawalId },
      }),
    );

    const response = await request('GET', '/api/account/statement', ann);
    expect(response.statusCode).toBe(200);
    const statement = response.json<StatementResponse>();
    expect(statement.rows.map((row) => row.kind)).toEqual([
      'deposit',
      'deposit',
      'stake',
      'stake',
      'stake',
      'payout',
      'refund',
      'withdrawal',
      'fee',
      'withdrawal',
      'withdrawal_refund',
    ]);
    expect(statement.rows[8]).toMatchObject({ kind: 'fee', amountWei: (-feeWei).toString() });
    expect(statement.rows[2]).toMatchObject({ amountWei: (-stake).toString(), amountUsd: '-10.00', reference: gameIds[0] });
    expect(statement.rows[0]!.amountEth).toBe('0.5');
    expect(statement.rows[7]!.amountEth).toBe('-0.1');
    let running = BigInt(statement.totals.openingBalanceWei);
    for (const row of statement.rows) {
      running += BigInt(row.amountWei);
      expect(row.balanceWei).toBe(running.toString());
    }
    const ledgerBalance = await balanceOf(t.db, LedgerAccounts.user(ann.id));
    expect(statement.totals).toEqual({
      depositedWei: parseEther('0.75').toString(),
      withdrawnWei: parseEther('0.1').toString(),
      feesWei: feeWei.toString(),
      netResultWei: '0',
      openingBalanceWei: '0',
      closingBalanceWei: ledgerBalance.toString(),
    });
    expect(BigInt(statement.totals.closingBalanceWei)).toBe(
      BigInt(statement.totals.openingBalanceWei) +
        BigInt(statement.totals.depositedWei) -
        BigInt(statement.totals.withdrawnWei) -
        BigInt(statement.totals.feesWei) +
        BigInt(statement.totals.netResultWei),
    );

    const csv = await request('GET', '/api/account/statement?format=csv', ann);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="shifumi-statement-/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(STATEMENT_CSV_FIELDS.join(','));
    expect(lines).toHaveLength(statement.rows.length + 1);
    expect(lines[1]!.split(',')[5]).toBe(statement.rows[0]!.balanceWei);
  });

  it('a period before the movements is empty with the opening balance; bad queries are refused with 400', async () => {
    const ann = await player('0.3');
    const lastYear = new Date(t.clock().getTime() - 365 * 24 * HOUR_MS).toISOString().slice(0, 10);
    const earlier = (
      await request('GET', `/api/account/statement?from=${lastYear}&to=${lastYear}`, ann)
    ).json<StatementResponse>();
    expect(earlier.rows).toEqual([]);
    expect(earlier.totals.openingBalanceWei).toBe('0');
    expect(earlier.from).toBe(`${lastYear}T00:00:00.000Z`);
    const later = new Date(t.clock().getTime() + 60_000).toISOString();
    const after = (
      await request(
        'GET',
        `/api/account/statement?from=${encodeURIComponent(later)}&to=${encodeURIComponent(new Date(t.clock().getTime() + 120_000).toISOString())}`,
        ann,
      )
    ).json<StatementResponse>();
    expect(after.rows).toEqual([]);
    expect(after.totals.openingBalanceWei).toBe(parseEther('0.3').toString());
    expect(after.totals.closingBalanceWei).toBe(parseEther('0.3').toString());
    for (const query of ['from=yesterday', 'format=pdf', 'from=2026-02-01&to=2026-01-01']) {
      const refused = await request('GET', `/api/account/statement?${query}`, ann);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json<{ message: string }>().message, query).toMatch(/^[A-Z].*\.$/);
    }
  });
});
