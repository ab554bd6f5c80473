/**
 * Issue 24: challenges by link through the real app on a real database.
 * Every refusal answers 4xx {message} (never 403) and moves nothing; an
 * accept starts the game like a match (game_found with `challenge`, both
 * stakes in escrow); concurrent accepts make one game and one escrow; the
 * ledger is checked after each test.
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  LOBBY_TEXTS,
  TEXTS,
  type ChallengeUpdateEvent,
  type ChallengeView,
  type CreatedChallenge,
  type GameFoundEvent,
  type RefusalCode,
} from '@shifumi/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { stakeFor } from '../src/modules/matchmaking/matchmaking.service';
import { postJson, signIn, signUp } from './support/api';
import { connected, createSockets, fundUser, nextEvent, waitUntil, type PlayerSocket } from './support/sockets';
import { createTestApp, TEST_APP_URL, type TestApp } from './support/test-app';
import { expectLedgerConsistent } from './support/test-chain';

const MATCH_OPTIONS = { roundMs: 1_000, graceMs: 100, revealMs: 100, reconnectGraceMs: 1_000 };
const MICRO_USD_PER_ETH = 2_000_000_000n;

let t: TestApp;
let baseUrl: string;
const sockets = createSockets();

beforeAll(async () => {
  t = await createTestApp({ env: { ETH_USD_PRICE: '2000' }, matchOptions: MATCH_OPTIONS });
  baseUrl = await t.listen();
});
afterEach(async () => {
  sockets.closeAll();
  await expectLedgerConsistent(t.db, undefined);
});
afterAll(async () => {
  await t?.close();
});

interface Player {
  id: string;
  name: string;
  token: string;
}

async function player(eth = '1'): Promise<Player> {
  const credentials = await signUp(t, { name: `P${randomInt(1e6)}` });
  const session = await signIn(t, credentials);
  if (eth !== '0') await fundUser(t.db, session.user.id, eth);
  return { id: session.user.id, name: credentials.name, token: session.accessToken };
}

async function online(who: Player): Promise<PlayerSocket> {
  const socket = sockets.open(baseUrl, who.token);
  await connected(socket);
  return socket;
}

function call(method: 'GET' | 'POST' | 'DELETE', url: string, who?: Player, payload?: unknown) {
  return t.app.fastify.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: who ? { authorization: who.token } : {},
  });
}

async function challenge(who: Player, amount = 10): Promise<CreatedChallenge> {
  const response = await call('POST', '/api/challenges', who, { amount, character: 'Character2' });
  expect(response.statusCode).toBe(201);
  return response.json<CreatedChallenge>();
}

const view = async (id: string) => (await call('GET', `/api/challenges/${id}`)).json<ChallengeView>();
const accept = (who: Player, id: string) => call('POST', `/api/challenges/${id}/accept`, who, { character: 'Character4' });
const balance = (userId: string) => balanceOf(t.db, LedgerAccounts.user(userId));
const gamesOf = async (userId: string) =>
  Number(
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from games where player1_id = ${userId} or player2_id = ${userId}`,
      )
    ).rows[0]!.n,
  );

/** A refused accept: the status, `{code, message}`, and nothing moved (balances, games, the challenge still as it was). */
async function expectRefused(
  who: Player,
  id: string,
  challenger: Player,
  status: number,
  code: RefusalCode,
  message: string,
  stillOpen = true,
): Promise<void> {
  const before = [await balance(who.id), await balance(challenger.id), await gamesOf(who.id), await gamesOf(challenger.id)];
  const response = await accept(who, id);
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ code, message });
  expect([await balance(who.id), await balance(challenger.id), await gamesOf(who.id), await gamesOf(challenger.id)]).toEqual(
    before,
  );
  if (stillOpen) expect((await view(id)).status).toBe('open');
}

describe('POST /api/challenges and GET /api/challenges/{id}', () => {
  it('opens a challenge with an unguessable id and its link; anyone reads it; at most 3 open', async () => {
    const ann = await player();
    const created = await challenge(ann, 20);
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.url).toBe(`${TEST_APP_URL}/challenge/${created.id}`);
    const ttl = new Date(created.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 1_000);
    expect(await view(created.id)).toEqual({
      id: created.id,
      amount: 20,
      challenger: { name: ann.name, character: 'Character2' },
      status: 'open',
      expiresAt: created.expiresAt,
    });
    const own = (await call('GET', '/api/challenges', ann)).json<{ challenges: Array<{ id: string; url: string }> }>();
    expect(own.challenges.map((entry) => entry.id)).toEqual([created.id]);

    await challenge(ann);
    await challenge(ann);
    const fourth = await call('POST', '/api/challenges', ann, { amount: 10, character: 'Character1' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ code: 'too_many_challenges', message: LOBBY_TEXTS.tooManyChallenges(3) });
  });

  it('refuses bad input with 400, no session with 403, an unknown or malformed id with 404 {message}', async () => {
    const ann = await player();
    expect((await call('POST', '/api/challenges', ann, { amount: 7, character: 'Character1' })).statusCode).toBe(400);
    expect((await call('POST', '/api/challenges', ann, { amount: 10, character: 'Nobody' })).statusCode).toBe(400);
    expect((await call('POST', '/api/challenges', ann, [])).statusCode).toBe(400);
    expect((await call('POST', '/api/challenges', undefined, { amount: 10, character: 'Character1' })).statusCode).toBe(403);
    for (const id of ['A'.repeat(22), 'short', "x'or'1'='1"]) {
      const response = await call('GET', `/api/challenges/${encodeURIComponent(id)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'challenge_not_found', message: LOBBY_TEXTS.challengeNotFound });
    }
    const created = await challenge(ann);
    expect((await call('POST', `/api/challenges/${created.id}/accept`, ann, { character: 'Nobody' })).statusCode).toBe(400);
  });
});

describe('POST /api/challenges/{id}/accept', () => {
  it('starts the game like a match: game_found with the challenge on both sides, both stakes in escrow, the challenger told', async () => {
    const ann = await player();
    const bob = await player();
    const annSocket = await online(ann);
    const bobSocket = await online(bob);
    const created = await challenge(ann, 10);
    const annFound = nextEvent(annSocket, 'game_found');
    const bobFound = nextEvent(bobSocket, 'game_found');
    const update = nextEvent(annSocket, 'challenge_update');
    const [annBefore, bobBefore] = [await balance(ann.id), await balance(bob.id)];

    const response = await accept(bob, created.id);
    expect(response.statusCode).toBe(200);
    const { room } = response.json<{ room: string }>();
    const [a, b] = (await Promise.all([annFound, bobFound])) as [GameFoundEvent, GameFoundEvent];
    expect(a).toMatchObject({
      room,
      challenge: created.id,
      amount: 10,
      opponent: { id: bob.id },
      opponentCharacter: 'Character4',
    });
    expect(b).toMatchObject({
      room,
      challenge: created.id,
      amount: 10,
      opponent: { id: ann.id },
      opponentCharacter: 'Character2',
    });
    expect(await update).toEqual({ id: created.id, status: 'accepted' } satisfies ChallengeUpdateEvent);
    const stake = stakeFor(10, MICRO_USD_PER_ETH);
    expect(await balance(ann.id)).toBe(annBefore - stake);
    expect(await balance(bob.id)).toBe(bobBefore - stake);
    expect(await balanceOf(t.db, LedgerAccounts.escrow(room))).toBe(2n * stake);
    expect((await view(created.id)).status).toBe('accepted');
    // The game is on: its first round reaches both.
    await nextEvent(bobSocket, 'new_round');

    // Taken: a second accept is refused and moves nothing.
    const cid = await player();
    await expectRefused(cid, created.id, ann, 409, 'challenge_not_open', LOBBY_TEXTS.challengeNotOpen, false);
    // The challenger is playing now: another of their challenges waits.
    const second = await challenge(ann, 5);
    await expectRefused(cid, second.id, ann, 409, 'challenger_busy', LOBBY_TEXTS.challengerBusy);
  });

  it('refuses one’s own challenge, a challenger not connected or searching, and keeps it open', async () => {
    const ann = await player();
    const bob = await player();
    const created = await challenge(ann);
    await expectRefused(ann, created.id, ann, 409, 'challenge_is_yours', LOBBY_TEXTS.challengeIsYours);
    // Ann is not connected.
    await expectRefused(bob, created.id, ann, 409, 'challenger_away', LOBBY_TEXTS.challengerAway);
    const annSocket = await online(ann);
    annSocket.emit('search_game', { character: 'Character1', amount: 50 });
    await waitUntil(() => t.app.matchQueue.has(ann.id));
    await expectRefused(bob, created.id, ann, 409, 'challenger_busy', LOBBY_TEXTS.challengerBusy);
    annSocket.emit('cancel_search');
    await waitUntil(async () => !(await t.app.matchQueue.has(ann.id)));
    // The friend searching is refused too.
    const bobSocket = await online(bob);
    bobSocket.emit('search_game', { character: 'Character1', amount: 50 });
    await waitUntil(() => t.app.matchQueue.has(bob.id));
    await expectRefused(bob, created.id, ann, 409, 'you_are_busy', LOBBY_TEXTS.youAreBusy);
    bobSocket.emit('cancel_search');
    await waitUntil(async () => !(await t.app.matchQueue.has(bob.id)));
    // Back and free: the same challenge is accepted.
    expect((await accept(bob, created.id)).statusCode).toBe(200);
  });

  it('refuses a friend or a challenger who cannot cover the stake, never telling the challenger’s balance', async () => {
    const rich = await player('1');
    const poor = await player('0.001');
    await online(rich);
    await online(poor);
    const stake = stakeFor(100, MICRO_USD_PER_ETH);
    const fromRich = await challenge(rich, 100);
    await expectRefused(
      poor,
      fromRich.id,
      rich,
      422,
      'play_refused',
      TEXTS.insufficientBalance((Number(stake) / 1e18).toFixed(6)),
    );
    const fromPoor = await challenge(poor, 100);
    await expectRefused(rich, fromPoor.id, poor, 422, 'challenger_unable', LOBBY_TEXTS.challengerUnable);
  });

  it('refuses limits, time-out, self-exclusion and freeze on either side (the challenger’s never told)', async () => {
    const ann = await player();
    const bob = await player();
    await online(ann);
    await online(bob);
    const created = await challenge(ann, 20);
    // Bob's wager limit is below the stake: his own reason.
    expect(
      (
        await t.app.fastify.inject({
          method: 'PUT',
          url: '/api/account/limits',
          headers: { authorization: bob.token },
          payload: { kind: 'wager', period: 'day', amountUsd: 10 },
        })
      ).statusCode,
    ).toBe(200);
    const limited = await accept(bob, created.id);
    expect(limited.statusCode).toBe(422);
    expect(limited.json<{ message: string }>().message).not.toBe(LOBBY_TEXTS.challengerUnable);
    expect((await view(created.id)).status).toBe('open');

    // Ann frozen: Cid is told only that the challenger cannot play.
    const cid = await player();
    await online(cid);
    await t.db.execute(sql`update users set frozen_at = now(), frozen_reason = 'test' where id = ${ann.id}`);
    await expectRefused(cid, created.id, ann, 422, 'challenger_unable', LOBBY_TEXTS.challengerUnable);
    await t.db.execute(sql`update users set frozen_at = null, frozen_reason = null where id = ${ann.id}`);

    // Ann takes a time-out: the same words.
    expect((await postJson(t, '/api/account/time-out', { period: '24h' }, { authorization: ann.token })).statusCode).toBe(200);
    await expectRefused(cid, created.id, ann, 422, 'challenger_unable', LOBBY_TEXTS.challengerUnable);

    // A self-excluded friend is refused with their own reason.
    const dee = await player();
    const erin = await player();
    await online(dee);
    await online(erin);
    const fromDee = await challenge(dee, 5);
    expect((await postJson(t, '/api/account/self-exclusion', { period: '6m' }, { authorization: erin.token })).statusCode).toBe(
      200,
    );
    const excluded = await accept(erin, fromDee.id);
    expect(excluded.statusCode).toBe(422);
    expect(excluded.json<{ message: string }>().message).not.toBe(LOBBY_TEXTS.challengerUnable);
    expect((await view(fromDee.id)).status).toBe('open');
  });

  it('refuses linked accounts', async () => {
    const ann = await player();
    const bob = await player();
    await online(ann);
    const device = randomUUID().replace(/-/g, '');
    for (const who of [ann, bob])
      expect((await postJson(t, '/api/account/device', { deviceId: device }, { authorization: who.token })).statusCode).toBe(204);
    const created = await challenge(ann);
    await expectRefused(bob, created.id, ann, 409, 'cannot_accept_from_account', LOBBY_TEXTS.cannotAcceptFromAccount);
  });

  it('makes exactly one game and one escrow of concurrent accepts', async () => {
    const ann = await player();
    await online(ann);
    const friends = await Promise.all(Array.from({ length: 5 }, () => player()));
    await Promise.all(friends.map(online));
    const created = await challenge(ann, 15);
    const annBefore = await balance(ann.id);
    const answers = await Promise.all(friends.map((friend) => accept(friend, created.id)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers) if (answer.statusCode !== 200) expect(answer.json<{ message: string }>().message).toMatch(/./);
    const { room } = answers.find((answer) => answer.statusCode === 200)!.json<{ room: string }>();
    const stake = stakeFor(15, MICRO_USD_PER_ETH);
    expect(await balance(ann.id)).toBe(annBefore - stake);
    expect(await gamesOf(ann.id)).toBe(1);
    expect(await balanceOf(t.db, LedgerAccounts.escrow(room))).toBe(2n * stake);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transfers where kind = 'game_stakes' and memo->>'gameId' = ${room}`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe('cancel and expiry', () => {
  it('DELETE by the challenger cancels (challenge_update), by anyone else 404; a cancelled challenge cannot be taken', async () => {
    const ann = await player();
    const bob = await player();
    const annSocket = await online(ann);
    const created = await challenge(ann);
    expect((await call('DELETE', `/api/challenges/${created.id}`, bob)).statusCode).toBe(404);
    const update = nextEvent(annSocket, 'challenge_update');
    const cancelled = await call('DELETE', `/api/challenges/${created.id}`, ann);
    expect(cancelled.statusCode).toBe(200);
    expect(await update).toEqual({ id: created.id, status: 'cancelled' });
    expect((await view(created.id)).status).toBe('cancelled');
    expect((await call('DELETE', `/api/challenges/${created.id}`, ann)).statusCode).toBe(409);
    await expectRefused(bob, created.id, ann, 409, 'challenge_not_open', LOBBY_TEXTS.challengeNotOpen, false);
  });

  it(`expires after CHALLENGE_TTL_MINUTES: read as expired, refused, the challenger told once, no longer counted`, async () => {
    const ann = await player();
    const bob = await player();
    const annSocket = await online(ann);
    const created = await challenge(ann);
    const updates: ChallengeUpdateEvent[] = [];
    annSocket.on('challenge_update', (event) => updates.push(event));
    // Its time passes (the row's, not the app's clock: the access tokens would expire with it).
    await t.db.execute(sql`update challenges set expires_at = now() - interval '1 second' where id = ${created.id}`);
    {
      expect((await view(created.id)).status).toBe('expired');
      await expectRefused(bob, created.id, ann, 409, 'challenge_not_open', LOBBY_TEXTS.challengeNotOpen, false);
      expect(await t.app.challenges.expire()).toBeGreaterThanOrEqual(1);
      await waitUntil(() => updates.some((entry) => entry.id === created.id && entry.status === 'expired'));
      await t.app.challenges.expire();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(updates.filter((entry) => entry.id === created.id)).toHaveLength(1);
      expect((await call('GET', '/api/challenges', ann)).json<{ challenges: unknown[] }>().challenges).toEqual([]);
    }
  });
});
